/**
 * The preview's block list as it changes: an edit changes a few blocks and moves the ones after
 * it by some lines, so the worker sends the page a patch — how many blocks to keep at the
 * start and at the end (those at the end moved by `lineDelta`), and the blocks between — not
 * the whole list of thousands of blocks. The footnotes section (its parts: blocks of kind
 * `footnotes`), which sits at the end out of source order, is patched on its own, so notes
 * defined early in the document do not stop the tail from being kept.
 */
import type { PreviewBlock } from './blocks.js'

export interface BlockPatch {
  /** Blocks kept from the start of the list. */
  head: number
  /** Blocks kept from the end of the list (before the footnotes section), their lines moved by `lineDelta`. */
  tail: number
  lineDelta: number
  /** The blocks between head and tail. */
  blocks: PreviewBlock[]
  /** The footnotes section's parts: undefined when unchanged, null when there is none any more. */
  footnotes?: PreviewBlock[] | null
}

/** How many blocks come before the footnotes section (its parts are always last, if any). */
export function bodyLength(blocks: readonly PreviewBlock[]): number {
  let length = blocks.length
  while (length > 0 && blocks[length - 1]!.kind === 'footnotes') length--
  return length
}

/** Splits a block list into its body and its footnotes section's parts. */
function split(blocks: readonly PreviewBlock[]): { body: readonly PreviewBlock[]; footnotes: readonly PreviewBlock[] } {
  const length = bodyLength(blocks)
  return length === blocks.length ? { body: blocks, footnotes: [] } : { body: blocks.slice(0, length), footnotes: blocks.slice(length) }
}

const sameParts = (a: readonly PreviewBlock[], b: readonly PreviewBlock[]) => a.length === b.length && a.every((block, index) => same(block, b[index]!, 0))

const same = (a: PreviewBlock, b: PreviewBlock, lineDelta: number) => a.key === b.key && a.kind === b.kind && a.line + lineDelta === b.line && a.endLine + lineDelta === b.endLine

/** The patch that turns `before` into `after` (equal blocks: equal key, kind and lines). */
export function diffBlocks(before: readonly PreviewBlock[], after: readonly PreviewBlock[]): BlockPatch {
  const old = split(before)
  const now = split(after)
  const limit = Math.min(old.body.length, now.body.length)
  let head = 0
  while (head < limit && same(old.body[head]!, now.body[head]!, 0)) head++
  let tail = 0
  const lastOld = old.body[old.body.length - 1]
  const lastNew = now.body[now.body.length - 1]
  const lineDelta = lastOld && lastNew ? lastNew.line - lastOld.line : 0
  while (tail < limit - head && same(old.body[old.body.length - 1 - tail]!, now.body[now.body.length - 1 - tail]!, lineDelta)) tail++
  const patch: BlockPatch = { head, tail, lineDelta: tail > 0 ? lineDelta : 0, blocks: now.body.slice(head, now.body.length - tail) }
  if (now.footnotes.length === 0) {
    if (old.footnotes.length > 0) patch.footnotes = null
  } else if (!sameParts(old.footnotes, now.footnotes)) patch.footnotes = [...now.footnotes]
  return patch
}

/** The whole list as a patch (for a page that holds nothing). */
export function fullPatch(blocks: readonly PreviewBlock[]): BlockPatch {
  const { body, footnotes } = split(blocks)
  return { head: 0, tail: 0, lineDelta: 0, blocks: [...body], ...(footnotes.length > 0 ? { footnotes: [...footnotes] } : {}) }
}

/** Applies a patch; blocks kept at the end get new objects with their lines moved. */
export function applyBlockPatch(before: readonly PreviewBlock[], patch: BlockPatch): PreviewBlock[] {
  const old = split(before)
  const head = Math.min(patch.head, old.body.length)
  const tail = Math.min(patch.tail, old.body.length - head)
  const result = old.body.slice(0, head)
  for (const block of patch.blocks) result.push(block)
  for (let index = old.body.length - tail; index < old.body.length; index++) {
    const block = old.body[index]!
    result.push(patch.lineDelta === 0 ? block : { ...block, line: block.line + patch.lineDelta, endLine: block.endLine + patch.lineDelta })
  }
  const footnotes = patch.footnotes === undefined ? old.footnotes : (patch.footnotes ?? [])
  for (const block of footnotes) result.push(block)
  return result
}

/** The blocks a patch removes and adds (for bookkeeping of which renderings are held). */
export function patchChanges(before: readonly PreviewBlock[], patch: BlockPatch): { removed: PreviewBlock[]; added: PreviewBlock[] } {
  const old = split(before)
  const head = Math.min(patch.head, old.body.length)
  const tail = Math.min(patch.tail, old.body.length - head)
  const removed = old.body.slice(head, old.body.length - tail)
  const added = [...patch.blocks]
  if (patch.footnotes !== undefined) {
    for (const block of old.footnotes) removed.push(block)
    for (const block of patch.footnotes ?? []) added.push(block)
  }
  return { removed, added }
}
