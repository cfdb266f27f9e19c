/**
 * A long render's block list and outline go to the page in parts (src/worker/render-parts.ts):
 * joined, they are the patch and outline the worker made, in order; a reply whose parts did
 * not all come is refused, not applied short.
 */
import { describe, expect, it } from 'vitest'
import type { BlockPatch, OutlineEntry, PreviewBlock } from '../../src/markdown/preview-hast.js'
import type { BlocksReply, RenderReply } from '../../src/worker/protocol.js'
import { BLOCK_PART, PartsBuffer, postInParts } from '../../src/worker/render-parts.js'

const block = (index: number): PreviewBlock => ({ key: `k${index}`, line: index * 2 + 1, endLine: index * 2 + 1, kind: 'block', rows: 1 })
const entry = (index: number): OutlineEntry => ({ depth: 1, text: `Heading ${index}`, slug: `heading-${index}`, line: index * 2 + 1 })

function split(blocks: number, entries: number | undefined, revision = 7) {
  const patch: BlockPatch = { head: 3, tail: 2, lineDelta: 4, blocks: Array.from({ length: blocks }, (_, index) => block(index)) }
  const outline = entries === undefined ? undefined : Array.from({ length: entries }, (_, index) => entry(index))
  const parts: BlocksReply[] = []
  const sent = postInParts(patch, outline, (part) => parts.push({ type: 'blocks', revision, ...part }))
  const reply: RenderReply = {
    type: 'rendered',
    revision,
    patch: { ...patch, blocks: patch.blocks.slice(sent.blocks) },
    hast: {},
    ...(outline ? { outline: outline.slice(sent.outline) } : {}),
    words: 0,
    characters: 0,
    timings: { parse: 0, render: 0 },
    notes: [],
    ...(sent.parts > 0 ? { partsBefore: sent.parts } : {}),
  }
  return { patch, outline, parts, reply }
}

describe('render parts', () => {
  it('sends a short render whole, in its reply', () => {
    const { parts, reply, patch } = split(BLOCK_PART, 10)
    expect(parts).toEqual([])
    expect(reply.partsBefore).toBeUndefined()
    expect(new PartsBuffer().join(reply)).toBe(reply)
    expect(reply.patch.blocks).toEqual(patch.blocks)
  })

  it('joins a long block list and outline back, in order, each part at most BLOCK_PART long', () => {
    for (const [blocks, entries] of [[BLOCK_PART * 4 + 17, BLOCK_PART * 4 + 17], [BLOCK_PART * 3, undefined], [12, BLOCK_PART * 2 + 1], [BLOCK_PART + 1, 0]] as const) {
      const { patch, outline, parts, reply } = split(blocks, entries)
      expect(parts.length).toBeGreaterThan(0)
      for (const part of parts) {
        expect(part.blocks.length).toBeLessThanOrEqual(BLOCK_PART)
        expect(part.outline.length).toBeLessThanOrEqual(BLOCK_PART)
      }
      const buffer = new PartsBuffer()
      for (const part of parts) buffer.add(part)
      const joined = buffer.join(reply)!
      expect(joined.patch).toEqual(patch)
      expect(joined.outline).toEqual(outline)
      expect(joined.partsBefore).toBeUndefined()
    }
  })

  it('refuses a reply whose parts are missing or belong to another render', () => {
    const { parts, reply } = split(BLOCK_PART * 3, 0)
    const short = new PartsBuffer()
    short.add(parts[0]!)
    expect(short.join(reply)).toBeUndefined()
    const other = new PartsBuffer()
    for (const part of split(BLOCK_PART * 3, 0, 6).parts) other.add(part)
    expect(other.join(reply)).toBeUndefined()
    // The buffer is empty after a join: the next render starts afresh.
    const buffer = new PartsBuffer()
    for (const part of parts) buffer.add(part)
    expect(buffer.join(reply)).toBeDefined()
    expect(buffer.join(reply)).toBeUndefined()
  })
})
