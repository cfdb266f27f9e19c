/**
 * The outline the render worker sends (src/worker/engine.ts with markdown/preview/outline-limit.ts):
 * for a document of thousands of headings, only the part the page can list and the counts, and
 * nothing again after an edit that moves only headings past that part.
 */
import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { OUTLINE_LIMIT } from '../../src/markdown/preview-hast.js'
import { Engine } from '../../src/worker/engine.js'
import type { BlocksReply, RenderReply, WorkerReply } from '../../src/worker/protocol.js'

const HEADINGS = 3000
const text = Array.from({ length: HEADINGS }, (_, index) => `## Heading ${index + 1}\n`).join('\n')

function setup() {
  const replies: WorkerReply[] = []
  const engine = new Engine((reply) => replies.push(reply), false)
  /** The outline entries and counts the page got for `revision` (its parts joined). */
  const outlineOf = (revision: number) => {
    const parts = replies.filter((reply): reply is BlocksReply => reply.type === 'blocks' && reply.revision === revision)
    const reply = replies.find((candidate): candidate is RenderReply => candidate.type === 'rendered' && candidate.revision === revision)
    if (!reply) throw new Error(`no render of ${revision}`)
    if (!reply.outline) return undefined
    return { entries: [...parts.flatMap((part) => part.outline), ...reply.outline], totals: reply.outlineTotals }
  }
  return { engine, outlineOf }
}

describe('the outline sent to the page', () => {
  it('is the first OUTLINE_LIMIT headings and the counts of all', async () => {
    const { engine, outlineOf } = setup()
    await engine.handle({ type: 'render', revision: 1, base: -1, documentId: 'doc', sync: { text } })
    const first = outlineOf(1)!
    expect(first.entries).toHaveLength(OUTLINE_LIMIT)
    expect(first.entries.at(-1)).toMatchObject({ text: `Heading ${OUTLINE_LIMIT}`, line: 2 * OUTLINE_LIMIT - 1, depth: 2 })
    expect(first.totals).toEqual([0, HEADINGS, 0, 0, 0, 0])

    // A line added near the end moves only headings the page does not list: no outline.
    const end = text.length
    await engine.handle({ type: 'render', revision: 2, base: 1, documentId: 'doc', sync: { after: 1, edits: [[end - 20, end - 20, 'x\n\n']] } })
    expect(outlineOf(2)).toBeUndefined()

    // A heading added at the end: the same entries, a new count.
    const edited = text.length + 3
    await engine.handle({ type: 'render', revision: 3, base: 2, documentId: 'doc', sync: { after: 2, edits: [[edited, edited, '\n# Last\n']] } })
    expect(outlineOf(3)?.totals).toEqual([1, HEADINGS, 0, 0, 0, 0])
    expect(outlineOf(3)?.entries.at(-1)).toMatchObject({ text: 'Last', depth: 1 })

    // A line added at the top moves every heading: the listed part again.
    await engine.handle({ type: 'render', revision: 4, base: 3, documentId: 'doc', sync: { after: 3, edits: [[0, 0, 'Intro.\n\n']] } })
    const moved = outlineOf(4)!
    expect(moved.entries[0]).toMatchObject({ text: 'Heading 1', line: 3 })
    expect(moved.entries).toHaveLength(OUTLINE_LIMIT + 1)
  })

  it('is whole, without counts, for a document of few headings', async () => {
    const { engine, outlineOf } = setup()
    await engine.handle({ type: 'render', revision: 1, base: -1, documentId: 'doc', sync: { text: '# One\n\n## Two\n' } })
    expect(outlineOf(1)).toEqual({ entries: [expect.objectContaining({ text: 'One' }), expect.objectContaining({ text: 'Two' })], totals: undefined })
  })
})
