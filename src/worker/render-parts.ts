/**
 * A render's block list and outline, split for the page: a message is read (deserialised) in
 * one task of the page's main thread, and 100 000 headings' blocks and outline entries in one
 * message held it for over a second. The worker posts all but the last part as BlocksReply
 * messages before the RenderReply; the page joins them (`joinParts`) before applying the patch.
 */
import type { BlockPatch, OutlineEntry, PreviewBlock } from '../markdown/preview-hast.js'
import type { BlocksReply, RenderReply } from './protocol.js'

/** Blocks or outline entries in one message to the page (BlocksReply in protocol.ts): 5 000 took the page 0.1–0.2 s each to read on a loaded machine, 2 000 up to 140 ms after a 16 MB document was replaced. */
export const BLOCK_PART = 1000

/**
 * Posts all but the last BLOCK_PART blocks and outline entries in parts (the rest go with the
 * RenderReply); returns how many parts, blocks and entries were posted.
 */
export function postInParts(patch: BlockPatch, outline: readonly OutlineEntry[] | undefined, post: (part: { blocks: PreviewBlock[]; outline: OutlineEntry[] }) => void): { parts: number; blocks: number; outline: number } {
  const entries = outline ?? []
  const sent = { parts: 0, blocks: 0, outline: 0 }
  while (patch.blocks.length - sent.blocks > BLOCK_PART || entries.length - sent.outline > BLOCK_PART) {
    const blocks = patch.blocks.length - sent.blocks > BLOCK_PART ? patch.blocks.slice(sent.blocks, sent.blocks + BLOCK_PART) : []
    const part = entries.length - sent.outline > BLOCK_PART ? entries.slice(sent.outline, sent.outline + BLOCK_PART) : []
    post({ blocks, outline: part })
    sent.parts++
    sent.blocks += blocks.length
    sent.outline += part.length
  }
  return sent
}


/** The parts received for one revision, in order, until its RenderReply comes. */
export class PartsBuffer {
  private revision = -1
  private blocks: PreviewBlock[] = []
  private outline: OutlineEntry[] = []
  private parts = 0

  add(part: BlocksReply): void {
    if (part.revision !== this.revision) this.clear(part.revision)
    for (const block of part.blocks) this.blocks.push(block)
    for (const entry of part.outline) this.outline.push(entry)
    this.parts++
  }

  /** The reply whole, or undefined when a part it counts on is missing (a replaced worker's). */
  join(reply: RenderReply): RenderReply | undefined {
    const wanted = reply.partsBefore ?? 0
    if (wanted === 0) return reply
    const whole = this.revision === reply.revision && this.parts === wanted
    const blocks = this.blocks
    const outline = this.outline
    this.clear(-1)
    if (!whole) return undefined
    for (const block of reply.patch.blocks) blocks.push(block)
    const joined: RenderReply = { ...reply, patch: { ...reply.patch, blocks } }
    if (reply.outline) {
      for (const entry of reply.outline) outline.push(entry)
      joined.outline = outline
    }
    delete joined.partsBefore
    return joined
  }

  clear(revision = -1): void {
    this.revision = revision
    this.blocks = []
    this.outline = []
    this.parts = 0
  }
}
