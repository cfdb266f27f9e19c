/**
 * CriticMarkup's markers within one run of inline siblings: the siblings cut into items (nodes
 * and markers), markers paired into CriticMarkup nodes, and items joined back into nodes.
 *
 * Markers are plain text to CommonMark, so they arrive in text nodes — except a substitution
 * written without spaces, `{~~old~>new~~}`, which GFM reads as strikethrough between braces;
 * that `delete` node is taken apart again (`unwrapSubstitutions`). Markers inside code are
 * never seen (code is no text node).
 */
import type { Delete, PhrasingContent, Text } from 'mdast'
import type { Point, Position } from 'unist'
import type { ChangeKind, CriticComment, CriticDeletion, CriticHighlight, CriticInsertion } from '../../mdast/nodes.js'
import { append } from '../../util/append.js'

export type Marker = '{==' | '==}' | '{>>' | '<<}' | '{++' | '++}' | '{--' | '--}' | '{~~' | '~>' | '~~}'

export interface MarkerItem {
  kind: 'marker'
  marker: Marker
  /** The text node the marker was cut from. */
  from: Text
  /** The marker's own place when the text node holds its source verbatim, else the text node's. */
  position: Position | undefined
}

export type Item = { kind: 'node'; node: PhrasingContent } | MarkerItem

/** Literal alternatives only: matched in one pass, no backtracking. */
const MARKERS = /\{==|==\}|\{>>|<<\}|\{\+\+|\+\+\}|\{--|--\}|\{~~|~>|~~\}/g

/** The closer each opener pairs with. */
const CLOSERS: Partial<Record<Marker, Marker>> = { '{==': '==}', '{>>': '<<}', '{++': '++}', '{--': '--}', '{~~': '~~}' }
const PAIRED: Marker[] = ['==}', '<<}', '++}', '--}', '~~}', '~>']

/** The markers that track changes: left unpaired, they are reported (a forgotten closer changes what the reader sees). */
export const CHANGE_MARKERS: ReadonlySet<Marker> = new Set<Marker>(['{++', '++}', '{--', '--}', '{~~', '~~}'])

/** Whether text may hold a marker (cheap test before cutting). */
export function mayHoldMarker(value: string): boolean {
  return value.includes('{') || value.includes('}') || value.includes('~>')
}

/** Text nodes cut at every marker. */
export function split(children: PhrasingContent[]): Item[] {
  const items: Item[] = []
  for (const child of unwrapSubstitutions(children)) {
    if (child.type !== 'text' || !mayHoldMarker(child.value)) {
      items.push({ kind: 'node', node: child })
      continue
    }
    const points = pointsOf(child)
    let last = 0
    for (const match of child.value.matchAll(MARKERS)) {
      if (match.index > last) items.push({ kind: 'node', node: slice(child, last, match.index, points) })
      const end = match.index + match[0].length
      items.push({ kind: 'marker', marker: match[0] as Marker, from: child, position: points ? { start: points(match.index), end: points(end) } : child.position })
      last = end
    }
    if (last < child.value.length) items.push({ kind: 'node', node: last === 0 ? child : slice(child, last, child.value.length, points) })
  }
  return items
}

/**
 * Pairs markers: each opener with the next closer of its kind (`{~~` only when a `~>` comes
 * between), everything between becoming the node's children, markers inside it literal text
 * (the node's own children are visited again later, so other kinds nest). Unpaired markers
 * stay marker items. Undefined when nothing paired.
 */
export function pair(items: Item[]): Item[] | undefined {
  if (!items.some((item) => item.kind === 'marker' && CLOSERS[item.marker])) return undefined
  // Where the next closer of each kind is, from every position: one pass from the end, so a
  // line of thousands of unpaired openers stays linear.
  const next = new Map<Marker, Int32Array>(PAIRED.map((marker) => [marker, new Int32Array(items.length)]))
  const seen = new Map<Marker, number>(PAIRED.map((marker) => [marker, -1]))
  for (let index = items.length - 1; index >= 0; index--) {
    for (const marker of PAIRED) next.get(marker)![index] = seen.get(marker)!
    const item = items[index]!
    if (item.kind === 'marker' && seen.has(item.marker)) seen.set(item.marker, index)
  }
  const out: Item[] = []
  let changed = false
  for (let index = 0; index < items.length; index++) {
    const item = items[index]!
    const closer = item.kind === 'marker' ? CLOSERS[item.marker] : undefined
    const end = closer ? next.get(closer)![index]! : -1
    if (item.kind !== 'marker' || end === -1) {
      out.push(item)
      continue
    }
    const last = items[end] as MarkerItem
    if (item.marker === '{~~') {
      const arrow = next.get('~>')![index]!
      if (arrow === -1 || arrow > end) {
        out.push(item)
        continue
      }
      const arrowItem = items[arrow] as MarkerItem
      const removed = change('deletion', join(items.slice(index + 1, arrow)), span(item, arrowItem, 'start'))
      const inserted = change('insertion', join(items.slice(arrow + 1, end)), span(arrowItem, last, 'end'))
      for (const node of [removed, inserted]) if (node) out.push({ kind: 'node', node })
    } else {
      const node = paired(item.marker, join(items.slice(index + 1, end)), span(item, last, 'end'))
      if (node) out.push({ kind: 'node', node })
    }
    index = end
    changed = true
  }
  return changed ? out : undefined
}

/** The node an opener and its closer make around `children`; an empty change is no node. */
function paired(opener: Marker, children: PhrasingContent[], position: Position | undefined): PhrasingContent | undefined {
  if (opener === '{++') return change('insertion', children, position)
  if (opener === '{--') return change('deletion', children, position)
  const node =
    opener === '{=='
      ? ({ type: 'criticHighlight', children, data: { hName: 'mark', hProperties: { className: ['critic-highlight'] } } } satisfies CriticHighlight)
      : ({ type: 'criticComment', children, data: { hName: 'span', hProperties: { className: ['critic-comment'] } } } satisfies CriticComment)
  return position ? { ...node, position } : node
}

/** An inserted or deleted run of text (`<ins>` / `<del>` in the preview); none when it holds nothing. */
export function change(kind: ChangeKind, children: PhrasingContent[], position: Position | undefined): CriticInsertion | CriticDeletion | undefined {
  if (children.length === 0) return undefined
  const node: CriticInsertion | CriticDeletion =
    kind === 'insertion'
      ? { type: 'criticInsertion', children, data: { hName: 'ins', hProperties: { className: ['critic-insertion'] } } }
      : { type: 'criticDeletion', children, data: { hName: 'del', hProperties: { className: ['critic-deletion'] } } }
  return position ? { ...node, position } : node
}

/** From `first`'s start to `last`'s start or end. */
function span(first: MarkerItem, last: MarkerItem, to: 'start' | 'end'): Position | undefined {
  return first.position && last.position ? { start: first.position.start, end: last.position[to] } : undefined
}

/** Items back to nodes: unpaired markers are literal text again. */
export function join(items: Item[]): PhrasingContent[] {
  return merge(items.map((item) => (item.kind === 'node' ? item.node : literal(item))))
}

function literal(item: MarkerItem): Text {
  return { type: 'text', value: item.marker, ...(item.position ? { position: item.position } : {}) }
}

/** Adjacent text nodes joined, as the parser leaves them. */
export function merge(nodes: PhrasingContent[]): PhrasingContent[] {
  const out: PhrasingContent[] = []
  for (const node of nodes) {
    const previous = out[out.length - 1]
    if (node.type === 'text' && previous?.type === 'text') {
      out[out.length - 1] = {
        ...previous,
        value: previous.value + node.value,
        ...(previous.position && node.position ? { position: { start: previous.position.start, end: node.position.end } } : {}),
      }
    } else out.push(node)
  }
  return out.filter((node) => node.type !== 'text' || node.value !== '')
}

/**
 * `{~~old~>new~~}` without spaces is GFM strikethrough between braces (`{`, a `delete` node,
 * `}`): taken apart into the marker texts `{~~` and `~~}` around its children, when it holds
 * the `~>` that makes it a substitution and was written with two tildes.
 */
function unwrapSubstitutions(children: PhrasingContent[]): PhrasingContent[] {
  if (!children.some((child) => child.type === 'delete')) return children
  const out: PhrasingContent[] = []
  let trimNext = false
  for (let index = 0; index < children.length; index++) {
    let child = children[index]!
    if (trimNext && child.type === 'text') child = trimmed(child, 1, 0)
    trimNext = false
    const before = out[out.length - 1]
    const after = children[index + 1]
    if (child.type !== 'delete' || before?.type !== 'text' || after?.type !== 'text' || !before.value.endsWith('{') || !after.value.startsWith('}') || !isSubstitution(child)) {
      out.push(child)
      continue
    }
    const start = child.position?.start
    const end = child.position?.end
    out[out.length - 1] = trimmed(before, 0, 1)
    out.push(markerText('{~~', start && shift(start, -1), start && shift(start, 2)))
    append(out, child.children)
    out.push(markerText('~~}', end && shift(end, -2), end && shift(end, 1)))
    trimNext = true
  }
  return out.filter((node) => node.type !== 'text' || node.value !== '')
}

function isSubstitution(node: Delete): boolean {
  const first = node.children[0]
  // `~~` (not a single `~`): the first child starts two characters in.
  const doubled = !node.position || !first?.position || (first.position.start.offset ?? 0) - (node.position.start.offset ?? 0) === 2
  return doubled && node.children.some((child) => child.type === 'text' && child.value.includes('~>'))
}

function markerText(value: string, start: Point | undefined, end: Point | undefined): Text {
  return { type: 'text', value, ...(start && end ? { position: { start, end } } : {}) }
}

function shift(point: Point, by: number): Point {
  return { line: point.line, column: point.column + by, ...(point.offset !== undefined ? { offset: point.offset + by } : {}) }
}

/** A text node without `head` characters at its start and `tail` at its end (all on one line). */
function trimmed(node: Text, head: number, tail: number): Text {
  const value = node.value.slice(head, node.value.length - tail)
  if (!node.position) return { ...node, value }
  return { ...node, value, position: { start: shift(node.position.start, head), end: shift(node.position.end, -tail) } }
}

/** Points within a text node whose value is its source verbatim (no escapes, no stripped indentation); else undefined. */
function pointsOf(node: Text): ((index: number) => Point) | undefined {
  const position = node.position
  if (!position || position.start.offset === undefined || position.end.offset === undefined) return undefined
  if (position.end.offset - position.start.offset !== node.value.length) return undefined
  // Indexes are asked for in increasing order: walk forward from the last one (linear overall).
  let at = 0
  let line = position.start.line
  let column = position.start.column
  return (index) => {
    if (index < at) {
      at = 0
      line = position.start.line
      column = position.start.column
    }
    for (; at < index; at++) {
      if (node.value.charCodeAt(at) === 10) {
        line++
        column = 1
      } else column++
    }
    return { line, column, offset: position.start.offset! + index }
  }
}

function slice(node: Text, from: number, to: number, points: ((index: number) => Point) | undefined): Text {
  const value = node.value.slice(from, to)
  return points ? { ...node, value, position: { start: points(from), end: points(to) } } : { ...node, value }
}
