/**
 * The worker client, here on its in-thread fallback (jsdom has no Worker): one request in
 * flight, the newest text in a one-slot stash, hast only for blocks the page lacks, replies
 * for a document no longer shown dropped, and export through the same engine.
 */
import 'fake-indexeddb/auto'
import { unzipSync, strFromU8 } from 'fflate'
import { describe, expect, it } from 'vitest'
import { WorkerClient } from '../../src/worker/client.js'
import { DEFAULT_EXPORT_SETTINGS, type MessagesReply, type RenderReply } from '../../src/worker/protocol.js'

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

  it('sends the first request, keeps only the newest while it runs, and reads the text when sending', async () => {
    const { instance, renders } = client()
    const reads: string[] = []
    const text = (value: string) => () => {
      reads.push(value)
      return value
    }
    instance.render('d', text('# one'))
    instance.render('d', text('# two'))
    instance.render('d', text('# three'))
    await until(() => renders.length === 2)
    await new Promise((resolve) => setTimeout(resolve, 50))
    // "# two" waited in the stash and was replaced: it was never read, never sent.
    expect(reads).toEqual(['# one', '# three'])
    expect(renders.map((reply) => reply.outline[0]?.text)).toEqual(['one', 'three'])
    instance.dispose()
  })

  it('sends hast only for blocks the page does not have yet', async () => {
    const { instance, renders } = client()
    instance.render('d', () => '# Title\n\nfirst\n\nsecond\n')
    await until(() => renders.length === 1)
    expect(Object.keys(renders[0]!.hast)).toHaveLength(3)
    instance.render('d', () => '# Title\n\nfirst\n\nsecond, edited\n')
    await until(() => renders.length === 2)
    expect(Object.keys(renders[1]!.hast)).toEqual([renders[1]!.blocks[2]!.key])
    instance.dispose()
  })

  it('drops replies for a document that is no longer shown', async () => {
    const { instance, renders } = client()
    instance.render('old', () => '# Old')
    instance.reset()
    instance.render('new', () => '# New')
    await until(() => renders.some((reply) => reply.outline[0]?.text === 'New'))
    expect(renders.map((reply) => reply.outline[0]?.text)).toEqual(['New'])
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
