/**
 * CriticMarkup: comments `{==marked text==}{>>comment<<}` and `{>>comment<<}`, and tracked
 * changes `{++inserted++}`, `{--deleted--}`, `{~~old~>new~~}`.
 *
 * A transform on the parsed tree rather than a micromark extension: the markers are plain
 * text to CommonMark, so they arrive in text nodes, and what they hold may be emphasis, links
 * or code (several sibling nodes) or, for changes, whole paragraphs. Within each run of inline
 * siblings, markers pair into `criticHighlight`, `criticComment`, `criticInsertion` and
 * `criticDeletion` nodes (critic-items.ts); among the blocks of a container, change markers
 * left unpaired pair across blocks (critic-spans.ts). A marker without its partner stays
 * literal text — a change marker with a `critic-unpaired` message. Markers inside code are
 * never touched (they are not text nodes). Every node carries `data.hName`, so the preview
 * renders `<mark class="critic-highlight">`, `<span class="critic-comment">` (a margin note),
 * `<ins class="critic-insertion">` and `<del class="critic-deletion">`.
 *
 * Linear: every item is paired in one pass, a node's content is visited again only when it
 * becomes a node of another kind (at most one level per kind).
 */
import type { Nodes, Parent, PhrasingContent, Root, RootContent } from 'mdast'
import type { VFile } from 'vfile'
import { CHANGE_MARKERS, join, mayHoldMarker, pair, split, type Item, type MarkerItem } from './critic-items.js'
import { isPhrasingBlock, spanBlocks, type PhrasingBlock } from './critic-spans.js'

export function remarkCriticMarkup() {
  return (tree: Root, file: VFile) => {
    // Iterative: content can nest deeply.
    const stack: Parent[] = [tree]
    const push = (node: Nodes) => {
      if (!('children' in node)) return
      if (node.type === 'criticChangeBlock') {
        // Its blocks were read with the container they stood in: only their insides are left.
        for (const child of node.children) push(child)
      } else if (isPhrasingBlock(node) && done.has(node)) {
        for (const child of node.children) push(child)
      } else stack.push(node)
    }
    const done = new WeakSet<PhrasingBlock>()
    while (stack.length > 0) {
      const parent = stack.pop()!
      const children = parent.children as Nodes[]
      if (children.some(isPhrasingBlock)) {
        blocks(parent, file, done)
      } else {
        inline(parent as Parent & { children: PhrasingContent[] }, file)
      }
      for (const child of parent.children as Nodes[]) push(child)
    }
  }
}

/** A container's blocks: each paragraph's and heading's markers paired, then changes across blocks. */
function blocks(parent: Parent, file: VFile, done: WeakSet<PhrasingBlock>): void {
  const itemsOf = new Map<PhrasingBlock, Item[]>()
  for (const child of parent.children as Nodes[]) {
    if (!isPhrasingBlock(child)) continue
    done.add(child)
    if (!holdsMarker(child.children)) continue
    const items = split(child.children)
    if (items.some((item) => item.kind === 'marker')) itemsOf.set(child, pair(items) ?? items)
  }
  if (itemsOf.size === 0) return
  const spanned = spanBlocks(parent.children as RootContent[], itemsOf)
  ;(parent as { children: RootContent[] }).children = spanned.children
  for (const [block, items] of spanned.items) {
    block.children = join(items)
    report(items, file)
  }
}

/** Inline siblings (a table cell, emphasis, a link…): their markers paired among themselves. */
function inline(parent: Parent & { children: PhrasingContent[] }, file: VFile): void {
  if (!holdsMarker(parent.children)) return
  const items = split(parent.children)
  if (!items.some((item) => item.kind === 'marker')) return
  const paired = pair(items)
  if (paired) parent.children = join(paired)
  report(paired ?? items, file)
}

function holdsMarker(children: Nodes[]): boolean {
  return children.some((child) => (child.type === 'text' && mayHoldMarker(child.value)) || child.type === 'delete')
}

/** One message per run of siblings for the change markers left unpaired (comment markers stay quiet, as they always have). */
function report(items: Item[], file: VFile): void {
  const unpaired = items.filter((item): item is MarkerItem => item.kind === 'marker' && CHANGE_MARKERS.has(item.marker))
  const first = unpaired[0]
  if (!first) return
  const more = unpaired.length > 1 ? ` (and ${unpaired.length - 1} more unpaired marker${unpaired.length === 2 ? '' : 's'} here)` : ''
  file.message(`${explain(first.marker)}; it stays as text${more}`, { place: first.position, ruleId: 'critic-unpaired', source: 'markdocx' })
}

function explain(marker: MarkerItem['marker']): string {
  switch (marker) {
    case '{++':
      return '`{++` has no `++}` after it in this paragraph or a later one of the same list item, quote or document'
    case '{--':
      return '`{--` has no `--}` after it in this paragraph or a later one of the same list item, quote or document'
    case '{~~':
      return '`{~~` has no `~>` and `~~}` after it in this paragraph or a later one of the same list item, quote or document'
    case '++}':
      return '`++}` closes no `{++` before it'
    case '--}':
      return '`--}` closes no `{--` before it'
    default:
      return '`~~}` closes no `{~~ … ~>` before it'
  }
}
