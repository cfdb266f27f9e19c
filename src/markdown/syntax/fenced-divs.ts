/**
 * pandoc's fenced divs:
 *
 *     ::: {#id .class key="value"}      or      ::: warning
 *     Blocks…
 *     :::
 *
 * An opening fence is three or more colons and attributes (a `{…}` block or one word, a class),
 * optionally followed by more colons; a fence of colons alone closes the innermost open div.
 * Divs nest, with fences of any length. The blocks between become a `fencedDiv` node with
 * `data.attributes` — a container the preview renders as a `<div>` and the compiler gives
 * meaning by its attributes (custom styles, landscape pages, callouts: docx/div.ts).
 *
 * A transform on the parsed tree, not a micromark construct: the fences are paragraphs to
 * CommonMark (a fence line may share a paragraph with the lines around it, which are then split
 * off), and what lies between them is already parsed as it would be inside. A fence that has no
 * partner stays the text it was, with a message: an unclosed div never takes the rest of the
 * document. The chunk scanner keeps a div's lines in one chunk (chunk-scan.ts), and a chunk
 * that ends inside an open div is never cut there (chunk-stitch.ts, `hasUnclosedDiv`).
 */
import type { BlockContent, Nodes, Paragraph, Parent, PhrasingContent, Root, RootContent, Text } from 'mdast'
import type { Position } from 'unist'
import type { VFile } from 'vfile'
import { attributeValue, parseAttributes, type Attributes } from '../../mdast/attributes.js'
import { calloutKind, calloutTitle } from './callouts.js'
import type { Callout } from '../../mdast/nodes.js'
import { pointAt, textSource } from './text-source.js'
import type { FencedDiv } from '../../mdast/nodes.js'
import { append } from '../../util/append.js'

const OPENING = /^[ \t]*(:{3,})[ \t]*(\{[^\n]*\}|[^\s{}:][^\s{}]*)[ \t]*:*[ \t]*$/
const CLOSING = /^[ \t]*:{3,}[ \t]*$/

/** What a line of text is as a fence: an opening one (with its attributes), a closing one, or neither. */
export function fenceOf(line: string): { kind: 'open'; attributes: Attributes } | { kind: 'close' } | undefined {
  if (!line.includes(':::')) return undefined
  if (CLOSING.test(line)) return { kind: 'close' }
  const match = OPENING.exec(line)
  if (!match) return undefined
  const spec = match[2]!
  if (spec.startsWith('{')) {
    const block = parseAttributes(spec, { bareWords: true })
    return block && block.length === spec.length && block.rawFormat === undefined ? { kind: 'open', attributes: block.attributes } : undefined
  }
  return { kind: 'open', attributes: { classes: [spec], pairs: [] } }
}

/** Flow parents whose children may hold divs. */
const FLOW = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition', 'fencedDiv', 'defListDescription'])

export function remarkFencedDivs() {
  return (tree: Root, file: VFile) => {
    const source = String(file.value ?? '')
    if (!source.includes(':::')) return
    const stack: Nodes[] = [tree]
    while (stack.length > 0) {
      const node = stack.pop()!
      if (!('children' in node)) continue
      if (FLOW.has(node.type)) groupDivs(node as Parent, source, file)
      for (const child of node.children) if ('children' in child && child.type !== 'paragraph' && child.type !== 'heading' && child.type !== 'table') stack.push(child as Nodes)
    }
  }
}

type Item = ({ kind: 'block'; node: RootContent } | { kind: 'open'; node: Paragraph; attributes: Attributes } | { kind: 'close'; node: Paragraph }) & {
  /** The paragraph a split item came from: when none of its fences has a partner, it stays whole. */
  from?: Paragraph
}

function groupDivs(parent: Parent, source: string, file: VFile): void {
  const items: Item[] = []
  let fences = false
  for (const child of parent.children as RootContent[]) {
    if (child.type === 'paragraph' && mayHoldFence(child)) {
      const split = splitFences(child, source)
      fences ||= split.some((item) => item.kind !== 'block')
      append(items, split.length > 1 ? split.map((item) => ({ ...item, from: child })) : split)
      continue
    }
    items.push({ kind: 'block', node: child })
    // A fence right under a table, a list or a quote, with no blank line between, was read as
    // the table's last row or the last line of a paragraph inside (a lazy line): it is a fence.
    const trailing = hoistTrailingFence(child, source)
    if (trailing) {
      items.push(trailing)
      fences = true
    }
  }
  if (!fences) return
  // Match fences: a closing fence ends the innermost open div; what is left unmatched stays text.
  const open: number[] = []
  const pairs = new Map<number, number>()
  const reported = new Set<Paragraph>()
  const unclosed = (paragraph: Paragraph, fence?: Paragraph) => {
    paragraph.data = { ...paragraph.data, unclosedDiv: true }
    if (reported.has(paragraph)) return
    reported.add(paragraph)
    file.message('This div is not closed (no `:::` line after it): its fence is kept as text', { place: fence?.position ?? paragraph.position, ruleId: 'div-unclosed', source: 'markdocx' })
  }
  items.forEach((item, index) => {
    if (item.kind === 'open') open.push(index)
    else if (item.kind === 'close' && open.length > 0) pairs.set(open.pop()!, index)
  })
  // A paragraph split at fences none of which has a partner is the author's text: whole again.
  const matched = new Set<Paragraph>()
  for (const [start, end] of pairs) for (const index of [start, end]) if (items[index]!.from) matched.add(items[index]!.from!)
  const build = (from: number, to: number): RootContent[] => {
    const out: RootContent[] = []
    for (let index = from; index < to; index++) {
      const item = items[index]!
      if (item.from && !matched.has(item.from)) {
        if (items[index - 1]?.from !== item.from || index === from) out.push(item.from)
        if (item.kind === 'open') unclosed(item.from, item.node)
        continue
      }
      const close = pairs.get(index)
      if (item.kind === 'open' && close !== undefined) {
        const closing = items[close]!.node
        const callout = divCallout(item.attributes)
        const div: FencedDiv = { type: 'fencedDiv', children: build(index + 1, close) as BlockContent[], data: { attributes: item.attributes, ...divRendering(item.attributes), ...(callout ? { callout } : {}) } }
        const position = spanOf(item.node.position, closing.position)
        if (position) div.position = position
        out.push(div)
        index = close
        continue
      }
      if (item.kind === 'open') unclosed(item.node, item.node)
      out.push(item.node)
    }
    return out
  }
  parent.children = build(0, items.length) as Parent['children']
}

/**
 * A div that is a callout: a class that is one of GitHub's five kinds (`::: warning`) or Quarto's
 * `callout-…` (`::: {.callout-tip title="Try this"}`); its title from `title=`, else the kind's name.
 */
function divCallout(attributes: Attributes): Callout | undefined {
  for (const name of attributes.classes) {
    const type = name.toLowerCase().startsWith('callout-') ? name.slice('callout-'.length).toLowerCase() : CALLOUT_CLASSES.has(name.toLowerCase()) ? name.toLowerCase() : undefined
    const kind = type ? calloutKind(type) : undefined
    if (type && kind) return { kind, type, title: attributeValue(attributes, 'title')?.trim() || calloutTitle(type) }
  }
  return undefined
}

/** Div classes read as callouts without the `callout-` prefix: GitHub's five (others, like `example`, often mean something else). */
const CALLOUT_CLASSES = new Set(['note', 'tip', 'important', 'warning', 'caution'])

/** A fence the parser took into `node` (its last table row, a lazy last line inside it), taken out again. */
function hoistTrailingFence(node: RootContent, source: string): Item | undefined {
  if (node.type === 'table') {
    const row = node.children[node.children.length - 1]
    const cell = row && node.children.length > 1 ? row.children[0] : undefined
    const only = cell?.children.length === 1 ? cell.children[0] : undefined
    if (!row || !cell || only?.type !== 'text' || row.children.slice(1).some((other) => other.children.length > 0)) return undefined
    const start = row.position?.start.offset
    const end = row.position?.end.offset
    if (start === undefined || end === undefined || source.slice(start, end).includes('|')) return undefined
    const fence = fenceOf(only.value)
    if (!fence) return undefined
    node.children.pop()
    const last = node.children[node.children.length - 1]
    if (node.position && last?.position) node.position = { ...node.position, end: last.position.end }
    const paragraph: Paragraph = { type: 'paragraph', children: [only] }
    if (row.position) paragraph.position = row.position
    return fence.kind === 'open' ? { kind: 'open', node: paragraph, attributes: fence.attributes } : { kind: 'close', node: paragraph }
  }
  if (node.type !== 'list' && node.type !== 'blockquote') return undefined
  const container = node.type === 'list' ? node.children[node.children.length - 1] : node
  const last = container?.children[container.children.length - 1]
  if (!container || !last) return undefined
  if (last.type === 'list' || last.type === 'blockquote') {
    const inner = hoistTrailingFence(last, source)
    if (inner) shrinkTo(container, last)
    if (inner && node !== container) shrinkTo(node, container)
    return inner
  }
  if (last.type !== 'paragraph' || !mayHoldFence(last)) return undefined
  const lines = linesOf(last, source)
  const final = lines[lines.length - 1]
  const start = final?.nodes[0]?.position?.start
  // Only a lazy line: one written outside the container — left of a list item's content, or
  // without the quote's `>`.
  if (!final?.fence || lines.length < 2 || !start || start.offset === undefined) return undefined
  const lineStart = source.lastIndexOf('\n', start.offset - 1) + 1
  const lazy = container.type === 'listItem' ? start.column < (container.children[0]?.position?.start.column ?? 1) : !source.slice(lineStart, start.offset).includes('>')
  if (!lazy) return undefined
  const kept = splitFences({ ...last, children: lines.slice(0, -1).flatMap((line, index) => (index > 0 ? [lineBreak(lines[index - 1]!.nodes, line.nodes), ...line.nodes] : line.nodes)) }, source)
  const paragraph = kept[0]?.kind === 'block' && kept.length === 1 ? (kept[0].node as Paragraph) : undefined
  if (!paragraph) return undefined
  container.children[container.children.length - 1] = paragraph
  shrinkTo(container, paragraph)
  if (node !== container) shrinkTo(node, container)
  const fenceParagraph: Paragraph = { type: 'paragraph', children: final.nodes }
  if (final.nodes[0]?.position) fenceParagraph.position = final.nodes[0].position
  return final.fence.kind === 'open' ? { kind: 'open', node: fenceParagraph, attributes: final.fence.attributes } : { kind: 'close', node: fenceParagraph }
}

/** A container's end moved back to its (new) last child's end. */
function shrinkTo(container: Nodes, last: Nodes): void {
  if (container.position && last.position) container.position = { ...container.position, end: last.position.end }
}

/** The preview's element for a div: a `<div>` with its id and classes (the sanitiser keeps what it allows). */
function divRendering(attributes: Attributes): { hName: string; hProperties: Record<string, string | string[]> } {
  const hProperties: Record<string, string | string[]> = {}
  if (attributes.id) hProperties.id = attributes.id
  if (attributes.classes.length > 0) hProperties.className = attributes.classes
  return { hName: 'div', hProperties }
}

function mayHoldFence(paragraph: Paragraph): boolean {
  return paragraph.children.some((child) => child.type === 'text' && child.value.includes(':::'))
}

/**
 * A paragraph as items: its fence lines, and the runs of other lines between them as
 * paragraphs of their own. A line is a fence only when it is all plain text.
 */
function splitFences(paragraph: Paragraph, source: string): Item[] {
  const lines = linesOf(paragraph, source)
  if (!lines.some((line) => line.fence)) return [{ kind: 'block', node: paragraph }]
  const items: Item[] = []
  let run: PhrasingContent[][] = []
  const flush = () => {
    if (run.length === 0) return
    const children: PhrasingContent[] = []
    run.forEach((line, index) => {
      if (index > 0) children.push(lineBreak(run[index - 1]!, line))
      append(children, line)
    })
    const node: Paragraph = { type: 'paragraph', children: mergeTexts(children) }
    const position = spanOf(children[0]?.position, children[children.length - 1]?.position)
    if (position) node.position = position
    items.push({ kind: 'block', node })
    run = []
  }
  for (const line of lines) {
    if (!line.fence) {
      run.push(line.nodes)
      continue
    }
    flush()
    const node: Paragraph = { type: 'paragraph', children: line.nodes }
    if (line.nodes[0]?.position) node.position = line.nodes[0].position
    items.push(line.fence.kind === 'open' ? { kind: 'open', node, attributes: line.fence.attributes } : { kind: 'close', node })
  }
  flush()
  return items
}

interface Line {
  nodes: PhrasingContent[]
  fence?: ReturnType<typeof fenceOf>
}

/** The paragraph's lines: its phrasing cut at the line breaks inside text nodes. */
function linesOf(paragraph: Paragraph, source: string): Line[] {
  const lines: Line[] = [{ nodes: [] }]
  for (const child of paragraph.children) {
    if (child.type !== 'text' || !child.value.includes('\n')) {
      lines[lines.length - 1]!.nodes.push(child)
      continue
    }
    const mapped = textSource(child, source)
    // Points are counted on from the last piece's end, not from the text's start: a paragraph
    // of 100 000 fence lines otherwise counted its lines again for every piece.
    let cursor = child.position?.start
    let from = 0
    const piece = (to: number): Text => {
      const text: Text = { type: 'text', value: child.value.slice(from, to) }
      if (mapped && cursor) {
        const pieceStart = pointAt(source, cursor, mapped.offsets[from]!)
        cursor = pointAt(source, pieceStart, mapped.offsets[to]!)
        text.position = { start: pieceStart, end: cursor }
      }
      return text
    }
    for (let at = child.value.indexOf('\n'); at !== -1; at = child.value.indexOf('\n', at + 1)) {
      const end = at > from && child.value[at - 1] === '\r' ? at - 1 : at
      if (end > from) lines[lines.length - 1]!.nodes.push(piece(end))
      lines.push({ nodes: [] })
      from = at + 1
    }
    if (from < child.value.length) lines[lines.length - 1]!.nodes.push(piece(child.value.length))
  }
  for (const line of lines) {
    const only = line.nodes.length === 1 ? line.nodes[0] : undefined
    if (only?.type === 'text') line.fence = fenceOf(only.value)
  }
  return lines.filter((line) => line.nodes.length > 0 || line.fence)
}

/** The soft line break between two lines of a paragraph, as text (where it was in the source). */
function lineBreak(before: PhrasingContent[], after: PhrasingContent[]): Text {
  const text: Text = { type: 'text', value: '\n' }
  const end = before[before.length - 1]?.position?.end
  const start = after[0]?.position?.start
  if (end && start) text.position = { start: end, end: start }
  return text
}

/** Adjacent text nodes joined into one, as the parser gives them. */
function mergeTexts(nodes: PhrasingContent[]): PhrasingContent[] {
  const out: PhrasingContent[] = []
  for (const node of nodes) {
    const previous = out[out.length - 1]
    if (node.type === 'text' && previous?.type === 'text') {
      const merged: Text = { type: 'text', value: previous.value + node.value }
      const position = spanOf(previous.position, node.position)
      if (position) merged.position = position
      out[out.length - 1] = merged
    } else out.push(node)
  }
  return out
}

function spanOf(from: Position | undefined, to: Position | undefined): Position | undefined {
  return from && to ? { start: from.start, end: to.end } : undefined
}
