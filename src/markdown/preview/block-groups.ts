/**
 * Small blocks drawn as groups in a document of very many of them. The page does a little
 * work for every block on every render (its list, the map of renderings it holds, the heights
 * of the blocks not drawn): with 100 000 one-line headings, each pass over the list took
 * 10–40 ms and one render held the page 140–220 ms. Past GROUP_FROM blocks, runs of small blocks
 * become one block each, about a tenth as many.
 *
 * Where a group ends depends on its blocks' content keys only (a block whose key hashes to a
 * multiple of 8 ends one, and a group holds at most GROUP_MEMBERS blocks or GROUP_ELEMENTS
 * elements), so an edit changes the group around it, not every group after it. A group's
 * rendering is its blocks' renderings one after another, each block element's `dataRel` moved
 * to count from the group's first line, so scroll sync and clicks find the same lines.
 */
import type { ElementContent, Root as HastRoot, RootContent as HastContent } from 'hast'
import { hashString } from '../../util/hash.js'
import type { PreviewBlock, PreviewCache, RenderedBlock } from './blocks.js'

/** The class of the element holding one block of a group. */
export const MEMBER_CLASS = 'md-member'

/** Blocks (before the footnotes) from which small blocks are grouped. */
export const GROUP_FROM = 10_000
/** Blocks in a group at most. */
export const GROUP_MEMBERS = 32
/** Elements in a group at most: a block with more stays on its own. */
export const GROUP_ELEMENTS = 150

/** Whether a group ends after the block of this key: one block in eight, by content. */
function endsGroup(key: string): boolean {
  let hash = 0
  for (let i = 0; i < key.length; i++) hash = (Math.imul(hash, 31) + key.charCodeAt(i)) | 0
  return (hash & 7) === 0
}

/** The element with its own and its descendants' `dataRel` moved by `delta` lines (a copy: renderings are shared). */
function moved(node: ElementContent, delta: number): ElementContent {
  if (node.type !== 'element') return node
  const properties = node.properties.dataRel === undefined ? node.properties : { ...node.properties, dataRel: Number(node.properties.dataRel) + delta }
  return { ...node, properties, children: node.children.map((child) => moved(child, delta)) }
}

/** The rendering of a group of blocks (all rendered, in `cache`). */
function groupRendering(members: readonly PreviewBlock[], renderings: readonly RenderedBlock[]): RenderedBlock {
  const first = members[0]!.line
  const children: HastContent[] = []
  let rows = 0
  let elements = 0
  let words = 0
  let characters = 0
  const ids: string[] = []
  members.forEach((member, index) => {
    const rendered = renderings[index]!
    const delta = member.line - first
    const own: ElementContent[] = []
    for (const child of rendered.hast.children) if (child.type !== 'doctype') own.push(delta === 0 ? child : moved(child, delta))
    // Its own formatting context, as a block drawn alone has (preview.css): margins between
    // members do not collapse, so a grouped document is spaced as an ungrouped one.
    children.push({ type: 'element', tagName: 'div', properties: { className: [MEMBER_CLASS] }, children: own })
    rows += rendered.rows
    elements += rendered.elements + 1
    words += rendered.words
    characters += rendered.characters
    for (const id of rendered.ids) ids.push(id)
  })
  const hast: HastRoot = { type: 'root', children }
  return { hast, rows, ids, elements, words, characters }
}

/**
 * The blocks with runs of small ones grouped (renderings of new groups put in `cache`); the
 * list itself when it is shorter than GROUP_FROM. `keys` receives the keys of the groups made.
 */
export function groupBlocks(blocks: PreviewBlock[], cache: PreviewCache, keys: Set<string>): PreviewBlock[] {
  if (blocks.length < GROUP_FROM) return blocks
  const out: PreviewBlock[] = []
  let members: PreviewBlock[] = []
  let renderings: RenderedBlock[] = []
  let elements = 0
  const flush = () => {
    if (members.length === 1) out.push(members[0]!)
    else if (members.length > 1) out.push(groupOf(members, renderings, cache, keys))
    members = []
    renderings = []
    elements = 0
  }
  for (const block of blocks) {
    const rendered = block.kind === 'block' ? cache.get(block.key) : undefined
    const size = rendered?.elements ?? Number.POSITIVE_INFINITY
    // A large block (or one with cuts, or not rendered) stands alone.
    if (!rendered || rendered.cuts || size > GROUP_ELEMENTS) {
      flush()
      out.push(block)
      continue
    }
    if (elements + size > GROUP_ELEMENTS) flush()
    members.push(block)
    renderings.push(rendered)
    elements += size
    if (members.length >= GROUP_MEMBERS || endsGroup(block.key)) flush()
  }
  flush()
  return out
}

function groupOf(members: readonly PreviewBlock[], renderings: readonly RenderedBlock[], cache: PreviewCache, keys: Set<string>): PreviewBlock {
  const first = members[0]!
  const last = members[members.length - 1]!
  // The members' keys and where each starts in the group: the same blocks at the same distances render the same.
  const key = `g${hashString(members.map((member) => `${member.key}@${member.line - first.line}`).join(' '))}`
  let rendered = cache.get(key)
  if (!rendered) {
    rendered = groupRendering(members, renderings)
    cache.set(key, rendered)
  }
  keys.add(key)
  const block: PreviewBlock = { key, line: first.line, endLine: last.endLine, kind: 'block', rows: rendered.rows, elements: rendered.elements }
  if (rendered.ids.length > 0) block.ids = rendered.ids
  return block
}
