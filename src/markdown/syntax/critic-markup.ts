/**
 * CriticMarkup comments: `{==marked text==}{>>comment<<}` and a lone `{>>comment<<}`.
 *
 * A transform on the parsed tree rather than a micromark extension: the markers are plain
 * text to CommonMark, so they arrive in text nodes, and the marked text may hold emphasis,
 * links or code (several sibling nodes). Within each run of inline siblings, `{==…==}`
 * becomes a `criticHighlight` node and `{>>…<<}` a `criticComment` node; a marker without
 * its partner stays literal text. Markers inside code are never touched (they are not text
 * nodes). Both nodes carry `data.hName`, so the preview renders them as
 * `<mark class="critic-highlight">` and `<span class="critic-comment">` (a margin note).
 */
import type { Nodes, Parent, PhrasingContent, Root, Text } from 'mdast'
import type { CriticHighlight, CriticComment } from '../../mdast/nodes.js'

type Marker = '{==' | '==}' | '{>>' | '<<}'
type Item = { kind: 'node'; node: PhrasingContent } | { kind: 'marker'; marker: Marker; from: Text }

const MARKERS = /\{==|==\}|\{>>|<<\}/g

export function remarkCriticMarkup() {
  return (tree: Root) => {
    // Iterative: inline content can nest deeply.
    const stack: Parent[] = [tree]
    while (stack.length > 0) {
      const parent = stack.pop()!
      if (parent.children.some((child) => child.type === 'text' && child.value.includes('{'))) {
        const rewritten = rewrite(parent.children as PhrasingContent[])
        if (rewritten) (parent as { children: PhrasingContent[] }).children = rewritten
      }
      for (const child of parent.children) if ('children' in child) stack.push(child)
    }
  }
}

/** The siblings with CriticMarkup turned into nodes, or undefined when there was none. */
function rewrite(children: PhrasingContent[]): PhrasingContent[] | undefined {
  const items = split(children)
  if (!items.some((item) => item.kind === 'marker')) return undefined
  // Where the next closer of each kind is, from every position: one pass, so a line of
  // thousands of unpaired openers stays linear.
  const nextCloser = { '==}': new Array<number>(items.length), '<<}': new Array<number>(items.length) }
  let nextHighlight = -1
  let nextComment = -1
  for (let index = items.length - 1; index >= 0; index--) {
    nextCloser['==}'][index] = nextHighlight
    nextCloser['<<}'][index] = nextComment
    const item = items[index]!
    if (item.kind === 'marker' && item.marker === '==}') nextHighlight = index
    if (item.kind === 'marker' && item.marker === '<<}') nextComment = index
  }
  const out: PhrasingContent[] = []
  let changed = false
  for (let index = 0; index < items.length; index++) {
    const item = items[index]!
    const closer = item.kind === 'marker' ? (item.marker === '{==' ? '==}' : item.marker === '{>>' ? '<<}' : undefined) : undefined
    if (item.kind === 'marker' && closer) {
      const end = nextCloser[closer][index]!
      if (end !== -1) {
        const inner = join(items.slice(index + 1, end))
        const last = items[end] as { from: Text }
        const position = item.from.position && last.from.position ? { start: item.from.position.start, end: last.from.position.end } : undefined
        const node =
          item.marker === '{=='
            ? ({ type: 'criticHighlight', children: inner, data: { hName: 'mark', hProperties: { className: ['critic-highlight'] } } } satisfies CriticHighlight)
            : ({ type: 'criticComment', children: inner, data: { hName: 'span', hProperties: { className: ['critic-comment'] } } } satisfies CriticComment)
        out.push(position ? { ...node, position } : node)
        index = end
        changed = true
        continue
      }
    }
    out.push(...join([item]))
  }
  return changed ? merge(out) : undefined
}

/** Text nodes cut at every marker. */
function split(children: PhrasingContent[]): Item[] {
  const items: Item[] = []
  for (const child of children) {
    if (child.type !== 'text') {
      items.push({ kind: 'node', node: child })
      continue
    }
    let last = 0
    for (const match of child.value.matchAll(MARKERS)) {
      if (match.index > last) items.push({ kind: 'node', node: { ...child, value: child.value.slice(last, match.index) } })
      items.push({ kind: 'marker', marker: match[0] as Marker, from: child })
      last = match.index + match[0].length
    }
    if (last < child.value.length) items.push({ kind: 'node', node: last === 0 ? child : { ...child, value: child.value.slice(last) } })
  }
  return items
}

/** Items back to nodes: unpaired markers are literal text again. */
function join(items: Item[]): PhrasingContent[] {
  return merge(items.map((item) => (item.kind === 'node' ? item.node : ({ type: 'text', value: item.marker, ...(item.from.position ? { position: item.from.position } : {}) } satisfies Text))))
}

/** Adjacent text nodes joined, as the parser leaves them. */
function merge(nodes: PhrasingContent[]): PhrasingContent[] {
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
