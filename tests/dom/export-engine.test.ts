/**
 * The export worker's engine, driven directly: an export prepared while typing paused is
 * handed out when Export .docx asks for that text and those settings; a job for another
 * version or other settings is built from its own tree; a job whose tree never arrived fails
 * with a reason rather than exporting something else. A preparation waits to pack while the
 * render worker reports typing, gives way to a job of another version, and hurries for a job of
 * its own.
 */
import 'fake-indexeddb/auto'
import { strFromU8, unzipSync } from 'fflate'
import { describe, expect, it, vi } from 'vitest'
import { messagesOf } from '../../src/markdown/messages.js'
import { parseMarkdown } from '../../src/markdown/parse.js'
import { buildDocx } from '../../src/worker/export-docx.js'
import { ExportEngine } from '../../src/worker/export-engine.js'
import { DEFAULT_EXPORT_SETTINGS } from '../../src/model/export-settings.js'
import { type TreeMessage, type WorkerReply } from '../../src/worker/protocol.js'

function tree(version: number, text: string): TreeMessage {
  const { tree: root, file } = parseMarkdown(text)
  return { type: 'tree', documentId: 'doc', version, text, tree: root, messages: messagesOf(file) }
}

const until = async (condition: () => boolean, ms = 20_000) => {
  const started = Date.now()
  while (!condition()) {
    if (Date.now() - started > ms) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

const documentText = (reply: WorkerReply | undefined) => {
  if (reply?.type !== 'exported') throw new Error(`not exported: ${JSON.stringify(reply)}`)
  return strFromU8(unzipSync(reply.data)['word/document.xml']!)
}

describe('ExportEngine', () => {
  it('prepares the newest tree and hands it out for the same version and settings', async () => {
    const replies: WorkerReply[] = []
    const engine = new ExportEngine((reply) => replies.push(reply))
    engine.handle({ type: 'settings', documentId: 'doc', name: 'Notes', settings: DEFAULT_EXPORT_SETTINGS, version: 1 })
    engine.handle(tree(1, '# First\n'))
    engine.handle(tree(2, '# Second\n\nMore text.\n'))
    await until(() => engine.counts.prepared === 1)

    engine.handle({ type: 'job', id: 7, documentId: 'doc', version: 2, name: 'Notes', settings: DEFAULT_EXPORT_SETTINGS, settingsVersion: 1 })
    await until(() => replies.length === 1)
    expect(engine.counts).toEqual({ built: 1, prepared: 1, reused: 1, superseded: 0 })
    expect(replies[0]).toMatchObject({ type: 'exported', id: 7, fileName: 'Notes.docx' })
    expect(documentText(replies[0])).toContain('More text.')

    // Asked again: the prepared bytes stay for the next click (the page got a copy).
    engine.handle({ type: 'job', id: 8, documentId: 'doc', version: 2, name: 'Notes', settings: DEFAULT_EXPORT_SETTINGS, settingsVersion: 1 })
    await until(() => replies.length === 2)
    expect(engine.counts.reused).toBe(2)
    expect(documentText(replies[1])).toBe(documentText(replies[0]))
  })

  it('builds a job whose settings differ from the prepared ones, from the job’s own tree', async () => {
    const replies: WorkerReply[] = []
    const engine = new ExportEngine((reply) => replies.push(reply))
    engine.handle({ type: 'settings', documentId: 'doc', name: 'Notes', settings: DEFAULT_EXPORT_SETTINGS, version: 1 })
    engine.handle(tree(3, '# Title\n\nBody.\n'))
    const landscape = { ...DEFAULT_EXPORT_SETTINGS, orientation: 'landscape' as const }
    engine.handle({ type: 'job', id: 1, documentId: 'doc', version: 3, name: 'Notes', settings: landscape, settingsVersion: 0 })
    await until(() => replies.length === 1)
    expect(engine.counts.reused).toBe(0)
    expect(documentText(replies[0])).toContain('w:orient="landscape"')
  })

  it('answers a job that came while a preparation failed, and does not retry that preparation', async () => {
    const replies: WorkerReply[] = []
    let calls = 0
    let failNext = true
    // The first build (the preparation) fails once the job is queued behind it.
    const build: typeof buildDocx = async (...args) => {
      calls++
      if (failNext) {
        failNext = false
        engine.handle({ type: 'job', id: 5, documentId: 'doc', version: 4, name: 'Notes', settings: DEFAULT_EXPORT_SETTINGS, settingsVersion: 1 })
        throw new Error('out of memory')
      }
      return buildDocx(...args)
    }
    const engine = new ExportEngine((reply) => replies.push(reply), build)
    engine.handle({ type: 'settings', documentId: 'doc', name: 'Notes', settings: DEFAULT_EXPORT_SETTINGS, version: 1 })
    engine.handle(tree(4, '# Four\n\nText four.\n'))
    await until(() => replies.length === 1)
    expect(replies[0]).toMatchObject({ type: 'exported', id: 5 })
    expect(documentText(replies[0])).toContain('Text four.')
    await new Promise((resolve) => setTimeout(resolve, 50))
    // One failed preparation and the job's own build: the failed one is not tried again.
    expect(calls).toBe(2)
  })

  it('fails a job whose tree it never received', async () => {
    const replies: WorkerReply[] = []
    const engine = new ExportEngine((reply) => replies.push(reply))
    engine.handle({ type: 'job', id: 2, documentId: 'doc', version: 9, name: 'Notes', settings: DEFAULT_EXPORT_SETTINGS, settingsVersion: 0 })
    await until(() => replies.length === 1)
    expect(replies[0]).toMatchObject({ type: 'export-failed', id: 2 })
  })
})

describe('ExportEngine while the user types', () => {
  const long = Array.from({ length: 2000 }, (_, i) => `Paragraph ${i} with **bold**, a [link](https://example.com/${i}) and \`code\`.`).join('\n\n')
  const settings = { type: 'settings', documentId: 'doc', name: 'Notes', settings: DEFAULT_EXPORT_SETTINGS, version: 1 } as const
  /** The render worker's activity messages, every 50 ms until stopped. */
  const typing = (engine: ExportEngine) => {
    engine.handle({ type: 'activity' })
    const timer = setInterval(() => engine.handle({ type: 'activity' }), 50)
    return () => clearInterval(timer)
  }
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

  it('compiles a tree the text has moved on from, but neither packs it nor prepares it again; the next tree it prepares', async () => {
    const engine = new ExportEngine(() => undefined)
    engine.handle(settings)
    // The keystroke before the tree: the preparation starts slowed (so it cannot end in the next 50 ms).
    engine.handle({ type: 'activity' })
    engine.handle(tree(1, long))
    // The user goes on typing: the render worker says the text changed, again and again.
    await sleep(50)
    const stop = typing(engine)
    await until(() => engine.counts.superseded === 1)
    stop()
    await sleep(700)
    expect(engine.counts).toEqual({ built: 0, prepared: 0, reused: 0, superseded: 1 })
    // Typing paused: the render worker sends the tree of the text as it is now.
    engine.handle(tree(2, `${long}\n\nTyped.\n`))
    await until(() => engine.counts.prepared === 1)
    expect(engine.counts).toEqual({ built: 1, prepared: 1, reused: 0, superseded: 1 })
  })

  it('waits to pack a tree that came while the user was typing, unless the pointer reached Export', async () => {
    const short = '# Short\n\nA few words.\n'
    // No hurry: the keystroke just before holds the packing until the typing window (500 ms) ends.
    const waiting = new ExportEngine(() => undefined)
    waiting.handle(settings)
    waiting.handle({ type: 'activity' })
    waiting.handle(tree(1, short))
    await sleep(150)
    expect(waiting.counts.prepared).toBe(0)
    await until(() => waiting.counts.prepared === 1)
    // The pointer reached Export after that keystroke: packed at once.
    const hurried = new ExportEngine(() => undefined)
    hurried.handle(settings)
    hurried.handle({ type: 'activity' })
    hurried.handle({ type: 'hurry' })
    hurried.handle(tree(1, short))
    await until(() => hurried.counts.prepared === 1, 400)
  })

  it('gives up a preparation for a job of a newer version, which it builds from that version’s tree', async () => {
    const replies: WorkerReply[] = []
    const engine = new ExportEngine((reply) => replies.push(reply))
    engine.handle(settings)
    const stop = typing(engine)
    engine.handle(tree(1, long))
    await sleep(300)
    engine.handle(tree(2, `${long}\n\nThe newest sentence.\n`))
    engine.handle({ type: 'job', id: 3, documentId: 'doc', version: 2, name: 'Notes', settings: DEFAULT_EXPORT_SETTINGS, settingsVersion: 1 })
    await until(() => replies.length === 1)
    stop()
    expect(engine.counts.superseded).toBe(1)
    expect(documentText(replies[0])).toContain('The newest sentence.')
  })

  it('goes on with a preparation, the user typing just before, when the job is for the export it prepares', async () => {
    const replies: WorkerReply[] = []
    const engine = new ExportEngine((reply) => replies.push(reply))
    engine.handle(settings)
    // The last keystroke, then the tree of that text (as after Export was reached for): within the
    // typing window the preparation would wait to pack; the job for it lets it go on.
    engine.handle({ type: 'activity' })
    engine.handle(tree(1, long))
    await sleep(200)
    engine.handle({ type: 'job', id: 4, documentId: 'doc', version: 1, name: 'Notes', settings: DEFAULT_EXPORT_SETTINGS, settingsVersion: 1 })
    await until(() => replies.length === 1)
    expect(replies[0]).toMatchObject({ type: 'exported', id: 4 })
    expect(engine.counts).toEqual({ built: 1, prepared: 1, reused: 1, superseded: 0 })
  })

  describe('waiting for images', () => {
    const built = (imagesToRetry: string[]) => ({ data: new Uint8Array([1, 2, 3]), fileName: 'Notes.docx', messages: [], imagesToRetry })
    const job = (id: number, version: number, settingsVersion = 1) => ({ type: 'job' as const, id, documentId: 'doc', version, name: 'Notes', settings: DEFAULT_EXPORT_SETTINGS, settingsVersion })

    it('reports a job’s image progress, and skip-images finishes it with what loaded', async () => {
      const replies: WorkerReply[] = []
      const retries: boolean[] = []
      const build: typeof buildDocx = async (_source, _name, _settings, _images, _pause, _diagrams, loading = {}) => {
        retries.push(loading.retry === true)
        loading.onProgress?.(1, 3)
        await new Promise((resolve) => loading.signal?.addEventListener('abort', resolve))
        return built(['http://example.invalid/a.png', 'http://example.invalid/b.png'])
      }
      const engine = new ExportEngine((reply) => replies.push(reply), build)
      engine.handle(tree(1, '![a](http://example.invalid/a.png)\n'))
      engine.handle(job(3, 1, 0))
      await until(() => replies.some((reply) => reply.type === 'export-progress'))
      expect(replies.find((reply) => reply.type === 'export-progress')).toEqual({ type: 'export-progress', loaded: 1, total: 3 })
      engine.handle({ type: 'skip-images' })
      await until(() => replies.some((reply) => reply.type === 'exported'))
      expect(replies.find((reply) => reply.type === 'exported')).toMatchObject({ id: 3, fileName: 'Notes.docx' })
      // The job the user asked for tries failed images again.
      expect(retries).toEqual([true])
    })

    it('builds a click again when its prepared export lacks remote images, unless the user skipped them', async () => {
      const replies: WorkerReply[] = []
      const retries: boolean[] = []
      let release: (() => void) | undefined
      const build: typeof buildDocx = async (_source, _name, _settings, _images, _pause, _diagrams, loading = {}) => {
        retries.push(loading.retry === true)
        if (retries.length === 1) await new Promise<void>((resolve) => (release = resolve))
        // The third, a preparation for new settings, waits for its images until the user skips them.
        if (retries.length === 3) await new Promise((resolve) => loading.signal?.addEventListener('abort', resolve))
        return built(['http://example.invalid/a.png'])
      }
      const engine = new ExportEngine((reply) => replies.push(reply), build)
      engine.handle({ type: 'settings', documentId: 'doc', name: 'Notes', settings: DEFAULT_EXPORT_SETTINGS, version: 1 })
      engine.handle(tree(2, '# Two\n'))
      await until(() => release !== undefined)
      // A click comes while the preparation waits for images: the prepared file lacks one, so the click builds again.
      engine.handle(job(4, 2))
      release!()
      await until(() => replies.some((reply) => reply.type === 'exported'))
      expect(retries).toEqual([false, true])
      expect(engine.counts.reused).toBe(0)
      // Skipped while it waited: the prepared file (with placeholders) is taken as it is.
      engine.handle({ type: 'settings', documentId: 'doc', name: 'Notes', settings: DEFAULT_EXPORT_SETTINGS, version: 2 })
      await until(() => retries.length === 3)
      engine.handle(job(5, 2, 2))
      engine.handle({ type: 'skip-images' })
      await until(() => replies.filter((reply) => reply.type === 'exported').length === 2)
      expect(retries).toEqual([false, true, false])
      expect(engine.counts.reused).toBe(1)
    })

    it('takes the prepared export at a click when its remote images failed only moments ago', async () => {
      // Offline, a document of badges: each click waited for every badge to fail again (3–5 s for 1 MiB of READMEs).
      vi.stubGlobal('fetch', async () => new Response('gone', { status: 404 }))
      try {
        const replies: WorkerReply[] = []
        const retries: boolean[] = []
        const url = 'http://example.invalid/badge.png'
        const build: typeof buildDocx = async (source, _name, _settings, images, _pause, _diagrams, loading = {}) => {
          retries.push(loading.retry === true)
          await images.load(source.documentId, url, loading.signal, loading.retry === true).catch(() => undefined)
          return built([url])
        }
        const engine = new ExportEngine((reply) => replies.push(reply), build)
        engine.handle({ type: 'settings', documentId: 'doc', name: 'Notes', settings: DEFAULT_EXPORT_SETTINGS, version: 1 })
        engine.handle(tree(2, `![badge](${url})\n`))
        await until(() => engine.counts.prepared === 1)
        engine.handle(job(4, 2))
        await until(() => replies.some((reply) => reply.type === 'exported'))
        expect(retries).toEqual([false])
        expect(engine.counts.reused).toBe(1)
      } finally {
        vi.unstubAllGlobals()
      }
    })

    it('a preparation waiting for images stops waiting when a job for another version comes', async () => {
      const replies: WorkerReply[] = []
      let aborted = false
      const build: typeof buildDocx = async (source, name, settings, images, pause, diagrams, loading = {}) => {
        if (source.text.startsWith('# Old')) {
          await new Promise((resolve) => loading.signal?.addEventListener('abort', resolve))
          aborted = true
        }
        return buildDocx(source, name, settings, images, pause, diagrams, loading)
      }
      const engine = new ExportEngine((reply) => replies.push(reply), build)
      engine.handle({ type: 'settings', documentId: 'doc', name: 'Notes', settings: DEFAULT_EXPORT_SETTINGS, version: 1 })
      engine.handle(tree(6, '# Old\n'))
      await new Promise((resolve) => setTimeout(resolve, 20))
      engine.handle(tree(7, '# New\n\nNew text.\n'))
      engine.handle(job(8, 7))
      await until(() => replies.some((reply) => reply.type === 'exported'))
      expect(aborted).toBe(true)
      expect(documentText(replies.find((reply) => reply.type === 'exported'))).toContain('New text.')
    })
  })
})
