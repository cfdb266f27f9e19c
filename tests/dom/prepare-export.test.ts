/**
 * The render worker's side of exports prepared in advance: with an export worker connected, it
 * hands over the tree of the text as it is when typing pauses or at once when the pointer
 * reaches Export .docx (saying so, so the export worker hurries), and never twice for one version
 * of the text; and it tells the export worker each time the text changes.
 */
import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Engine } from '../../src/worker/engine.js'
import type { ExporterLinkMessage, WorkerReply } from '../../src/worker/protocol.js'

function setup() {
  const replies: WorkerReply[] = []
  const sent: ExporterLinkMessage[] = []
  const engine = new Engine((reply) => replies.push(reply), false)
  engine.connectExporter({ post: (message) => sent.push(message) })
  return { engine, replies, sent }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('preparing an export', () => {
  it('sends the current tree when asked, once per version of the text', async () => {
    const { engine, replies, sent } = setup()
    await engine.handle({ type: 'render', revision: 1, base: -1, documentId: 'doc', sync: { text: '# One\n\nText.\n' } })
    expect(replies.some((reply) => reply.type === 'rendered')).toBe(true)
    await engine.handle({ type: 'prepare-export' })
    expect(sent.map((message) => message.type)).toEqual(['activity', 'hurry', 'tree'])
    const trees = () => sent.filter((message) => message.type === 'tree')
    const first = trees()[0]!
    expect(first.type === 'tree' && first.text).toBe('# One\n\nText.\n')
    await engine.handle({ type: 'prepare-export' })
    expect(trees()).toHaveLength(1)

    // The same text again (a re-render): not a change.
    await engine.handle({ type: 'render', revision: 2, base: 1, documentId: 'doc', sync: { after: 1, edits: [] } })
    expect(sent.filter((message) => message.type === 'activity')).toHaveLength(1)
    await engine.handle({ type: 'render', revision: 3, base: 2, documentId: 'doc', sync: { after: 2, edits: [[12, 12, ' More.']] } })
    expect(sent.filter((message) => message.type === 'activity')).toHaveLength(2)
    await engine.handle({ type: 'prepare-export' })
    expect(trees()).toHaveLength(2)
    const second = trees()[1]!
    expect(second.type === 'tree' && second.text).toBe('# One\n\nText. More.\n')
    expect(second.type === 'tree' && first.type === 'tree' && second.version).toBeGreaterThan(first.type === 'tree' ? first.version : 0)
  })

  it('sends the tree once typing has paused for a second, not before', async () => {
    // The engine's timers on a fake clock (the check it schedules too; nothing here awaits it).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { engine, sent } = setup()
    const trees = () => sent.filter((message) => message.type === 'tree')
    await engine.handle({ type: 'render', revision: 1, base: -1, documentId: 'doc', sync: { text: 'Opened.\n' } })
    vi.advanceTimersByTime(500)
    // A keystroke half a second in: the pause starts again.
    await engine.handle({ type: 'render', revision: 2, base: 1, documentId: 'doc', sync: { after: 1, edits: [[7, 7, ' Typed.']] } })
    vi.advanceTimersByTime(999)
    expect(trees()).toHaveLength(0)
    vi.advanceTimersByTime(1)
    expect(trees()).toHaveLength(1)
    const tree = trees()[0]!
    expect(tree.type === 'tree' && tree.text).toBe('Opened. Typed.\n')
  })

  it('sends nothing before a render of the text', async () => {
    const { engine, sent } = setup()
    await engine.handle({ type: 'prepare-export' })
    expect(sent).toEqual([])
  })
})
