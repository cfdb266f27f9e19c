/**
 * The worker client, here on its in-thread fallback (jsdom has no Worker): one request in
 * flight, the newest text in a one-slot stash, hast only for blocks the page lacks, replies
 * for a document no longer shown dropped, and export through the same engine.
 */
import 'fake-indexeddb/auto'
import { unzipSync, strFromU8 } from 'fflate'
import { describe, expect, it } from 'vitest'
import { WorkerClient } from '../../src/worker/client.js'
import { DEFAULT_EXPORT_SETTINGS } from '../../src/model/export-settings.js'
import { type MessagesReply, type RenderReply } from '../../src/worker/protocol.js'

function client() {
  const renders: RenderReply[] = []
  const messages: MessagesReply[] = []
  const errors: string[] = []
  const instance = new WorkerClient({ onRender: (reply) => renders.push(reply), onMessages: (reply) => messages.push(reply), onRenderError: (error) => errors.push(error) })
  return { instance, renders, messages, errors }
}

const until = async (condition: () => boolean, ms = 10_000) => {
  const started = Date.now()
  while (!condition()) {
    if (Date.now() - started > ms) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

describe('WorkerClient (in-thread)', () => {
  it('falls back to the page when there is no Worker', () => {
    const { instance } = client()
    expect(instance.usesWorker).toBe(false)
    instance.dispose()
  })

  it('sends the whole text first, then only the edits, gathered while a render runs', async () => {
    const { instance, renders } = client()
    const reads: string[] = []
    const text = (value: string) => () => {
      reads.push(value)
      return value
    }
    instance.render('d', text('# one'))
    instance.edit('d', [[2, 5, 'two']], text('# two'))
    instance.edit('d', [[2, 5, 'three']], text('# three'))
    await until(() => renders.length === 2)
    await new Promise((resolve) => setTimeout(resolve, 50))
    // Only the first request read the text; the second carried both edits, applied in order.
    expect(reads).toEqual(['# one'])
    expect(renders.map((reply) => reply.outline?.[0]?.text)).toEqual(['one', 'three'])
    instance.dispose()
  })

  it('sends a request of megabytes in a task after the edit\'s, with the newest text', async () => {
    const { instance, renders } = client()
    const reads: string[] = []
    instance.render('d', () => '# small')
    await until(() => renders.length === 1)
    // A paste of 5 MB: past the edits kept, so the whole text goes, read in a task of its own.
    const big = `# small${'word '.repeat(1_000_000)}`
    instance.edit('d', [[7, 7, big.slice(7)]], () => (reads.push('big'), big))
    expect(reads).toEqual([])
    instance.edit('d', [[big.length, big.length, '!']], () => (reads.push('newest'), `${big}!`))
    expect(reads).toEqual([])
    // Its in-thread render took 7–10 s on CI: more than the default wait once (a fresh-clone run of 2026-11-27).
    await until(() => renders.length === 2, 25_000)
    expect(reads).toEqual(['newest'])
    instance.dispose()
  })

  it('renders from edits exactly what the whole text renders', async () => {
    const edited = client()
    const whole = client()
    let text = '# Doc\n\nA paragraph.\n\n- item\n'
    edited.instance.render('d', () => text)
    await until(() => edited.renders.length === 1)
    const edits: [number, number, string][] = [
      [text.length, text.length, '\n## Added\n\nMore [link][l].\n\n[l]: https://example.org\n'],
      [8, 9, 'The'],
      [0, 0, 'Intro line.\n\n'],
    ]
    for (const edit of edits) {
      text = text.slice(0, edit[0]) + edit[2] + text.slice(edit[1])
      edited.instance.edit('d', [edit], () => text)
      await until(() => edited.renders.length >= 1 + edits.indexOf(edit) + 1)
    }
    whole.instance.render('d', () => text)
    await until(() => whole.renders.length === 1)
    const last = edited.renders[edited.renders.length - 1]!
    expect(last.words).toBe(whole.renders[0]!.words)
    expect(last.outline?.map((entry) => [entry.text, entry.line])).toEqual(whole.renders[0]!.outline?.map((entry) => [entry.text, entry.line]))
    edited.instance.dispose()
    whole.instance.dispose()
  })

  it('exports the text as edited, without sending it whole again', async () => {
    const { instance, renders } = client()
    const reads: string[] = []
    instance.render('d', () => {
      reads.push('read')
      return '# Title\n\nBody.\n'
    })
    await until(() => renders.length === 1)
    instance.edit('d', [[15, 15, ' Added.']], () => {
      reads.push('read')
      return '# Title\n\nBody. Added.\n'
    })
    const result = await instance.exportDocx('d', () => 'never read', 'notes', DEFAULT_EXPORT_SETTINGS)
    const xml = strFromU8(unzipSync(result.data)['word/document.xml']!)
    expect(xml).toContain('Body. Added.')
    expect(reads).toEqual(['read'])
    instance.dispose()
  })

  it('sends hast only for blocks the page does not have yet', async () => {
    const { instance, renders } = client()
    instance.render('d', () => '# Title\n\nfirst\n\nsecond\n')
    await until(() => renders.length === 1)
    expect(Object.keys(renders[0]!.hast)).toHaveLength(3)
    instance.edit('d', [[22, 22, ', edited']], () => '# Title\n\nfirst\n\nsecond, edited\n')
    await until(() => renders.length === 2)
    // A patch: two blocks kept at the start, the third replaced; its hast alone sent.
    const { patch } = renders[1]!
    expect([patch.head, patch.tail, patch.blocks.length]).toEqual([2, 0, 1])
    expect(Object.keys(renders[1]!.hast)).toEqual([patch.blocks[0]!.key])
    instance.dispose()
  })

  it('drops replies for a document that is no longer shown', async () => {
    const { instance, renders } = client()
    instance.render('old', () => '# Old')
    instance.reset()
    instance.render('new', () => '# New')
    await until(() => renders.some((reply) => reply.outline?.[0]?.text === 'New'))
    expect(renders.map((reply) => reply.outline?.[0]?.text)).toEqual(['New'])
    // After a reset the worker sends every block again.
    expect(Object.keys(renders[0]!.hast)).toHaveLength(1)
    instance.dispose()
  })

  it('reports what will not survive into Word after rendering', async () => {
    const { instance, messages } = client()
    instance.render('d', () => '# Doc\n\n![missing](images/nope.png)\n')
    await until(() => messages.length > 0)
    expect(messages[0]!.messages.some((message) => message.line === 3)).toBe(true)
    instance.dispose()
  })

  it('exports a .docx named after the front-matter title', async () => {
    const { instance } = client()
    const result = await instance.exportDocx('d', '---\ntitle: "My: Report?"\n---\n\n# Heading\n\n- item\n', 'notes', DEFAULT_EXPORT_SETTINGS)
    expect(result.fileName).toBe('My Report.docx')
    const xml = strFromU8(unzipSync(result.data)['word/document.xml']!)
    expect(xml).toContain('Heading1')
    instance.dispose()
  })

  it('applies the export settings: Letter, landscape', async () => {
    const { instance } = client()
    const result = await instance.exportDocx('d', 'Text', 'notes', { ...DEFAULT_EXPORT_SETTINGS, pageSize: 'Letter', orientation: 'landscape', margins: { top: 10, right: 10, bottom: 10, left: 10 } })
    expect(result.fileName).toBe('notes.docx')
    const xml = strFromU8(unzipSync(result.data)['word/document.xml']!)
    expect(xml).toMatch(/<w:pgSz[^>]*w:w="15840"[^>]*w:h="12240"/)
    expect(xml).toMatch(/<w:pgMar[^>]*w:top="567"/)
    instance.dispose()
  })
})
