/**
 * The worker's time budget (src/worker/budget.ts, client/render-client.ts, client/export-client.ts): a render that overruns it gets the
 * worker terminated and replaced, the page told (it keeps its last render), further tries wait
 * for a pause in typing, `retry()` waits longer, a render queued behind an export is not
 * blamed for the export's time, and an export that overruns its own budget fails clearly.
 * A scripted fake Worker stands in for the real one.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { budgetFor, RENDER_BUDGET, renderBudgetFromQuery } from '../../src/worker/budget.js'
import { WorkerClient } from '../../src/worker/client.js'
import { DEFAULT_EXPORT_SETTINGS } from '../../src/model/export-settings.js'
import { type RenderReply, type TextSync, type WorkerReply, type WorkerRequest } from '../../src/worker/protocol.js'

class FakeWorker {
  static all: FakeWorker[] = []
  onmessage: ((event: MessageEvent<WorkerReply>) => void) | null = null
  onerror: ((event: ErrorEvent) => void) | null = null
  posted: WorkerRequest[] = []
  terminated = false
  readonly name: string
  constructor(_url: URL, options?: { name?: string }) {
    this.name = options?.name ?? ''
    FakeWorker.all.push(this)
  }
  /** The render workers ('markdocx'), oldest first, apart from the export workers ('markdocx-export'). */
  static renderers(): FakeWorker[] {
    return FakeWorker.all.filter((worker) => worker.name === 'markdocx')
  }
  static exporters(): FakeWorker[] {
    return FakeWorker.all.filter((worker) => worker.name === 'markdocx-export')
  }
  postMessage(message: WorkerRequest): void {
    this.posted.push(message)
  }
  terminate(): void {
    this.terminated = true
  }
  reply(message: WorkerReply): void {
    this.onmessage?.({ data: message } as MessageEvent<WorkerReply>)
  }
  renders(): Extract<WorkerRequest, { type: 'render' }>[] {
    return this.posted.filter((message): message is Extract<WorkerRequest, { type: 'render' }> => message.type === 'render')
  }
}

function rendered(revision: number): RenderReply {
  return { type: 'rendered', revision, patch: { head: 0, tail: 0, lineDelta: 0, blocks: [] }, hast: {}, outline: [], words: 0, characters: 0, timings: { parse: 0, render: 0 }, notes: [] }
}

/** The whole text a request sent, or its edits. */
function sent(request: { sync: TextSync }): string {
  return 'text' in request.sync ? request.sync.text : `edits after ${request.sync.after}: ${JSON.stringify(request.sync.edits)}`
}

const BUDGET = { baseMs: 1000, perMillionCharsMs: 0, maxMs: 1000 }

function setup() {
  const timeouts: number[] = []
  const renders: RenderReply[] = []
  const client = new WorkerClient({ onRender: (reply) => renders.push(reply), onMessages: () => {}, onRenderError: () => {}, onRenderTimeout: (ms) => timeouts.push(ms) }, { renderBudget: BUDGET, exportBudget: { baseMs: 5000, perMillionCharsMs: 0, maxMs: 5000 }, startupMs: 0 })
  return { client, timeouts, renders }
}

beforeEach(() => {
  FakeWorker.all = []
  vi.stubGlobal('Worker', FakeWorker)
  vi.useFakeTimers()
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('render budget', () => {
  it('terminates a worker that overruns it, starts a fresh one and tells the page', () => {
    const { client, timeouts } = setup()
    expect(client.usesWorker).toBe(true)
    client.render('d', () => 'text')
    const first = FakeWorker.all[0]!
    first.reply(rendered(first.renders()[0]!.revision))
    client.render('d', () => 'pathological')
    vi.advanceTimersByTime(999)
    expect(first.terminated).toBe(false)
    vi.advanceTimersByTime(1)
    expect(first.terminated).toBe(true)
    expect(FakeWorker.all).toHaveLength(2)
    expect(timeouts).toEqual([1000])
    client.dispose()
  })

  it('after an overrun, waits for a pause in typing, and sends every block again to the new worker', () => {
    const { client, renders } = setup()
    client.render('d', () => 'one')
    FakeWorker.all[0]!.reply(rendered(1))
    client.render('d', () => 'slow')
    vi.advanceTimersByTime(1000)
    const fresh = FakeWorker.all[1]!
    client.render('d', () => 'typing')
    vi.advanceTimersByTime(600)
    client.render('d', () => 'typing on')
    vi.advanceTimersByTime(600)
    expect(fresh.renders()).toHaveLength(0)
    vi.advanceTimersByTime(400)
    // The fresh worker holds no text: the whole text goes, read when sent.
    expect(fresh.renders().map((request) => [sent(request), request.base])).toEqual([['typing on', -1]])
    // It rendered: the next edit goes out at once again, as an edit.
    const revision = fresh.renders()[0]!.revision
    fresh.reply(rendered(revision))
    expect(renders).toHaveLength(2)
    client.edit('d', [[6, 9, '']], () => 'typing')
    expect(fresh.renders().map(sent)).toEqual(['typing on', `edits after ${revision}: [[6,9,""]]`])
    client.dispose()
  })

  it('a late reply of the terminated worker is ignored', () => {
    const { client, renders } = setup()
    client.render('d', () => 'slow')
    vi.advanceTimersByTime(1000)
    FakeWorker.all[0]!.reply(rendered(1))
    expect(renders).toHaveLength(0)
    client.dispose()
  })

  it('retry() renders the current text again with four times the budget', () => {
    const { client, timeouts } = setup()
    let text = 'slow'
    client.render('d', () => text)
    vi.advanceTimersByTime(1000)
    text = 'slow, still'
    client.retry()
    const fresh = FakeWorker.all[1]!
    expect(fresh.renders().map(sent)).toEqual(['slow, still'])
    vi.advanceTimersByTime(3999)
    expect(fresh.terminated).toBe(false)
    vi.advanceTimersByTime(1)
    expect(fresh.terminated).toBe(true)
    expect(timeouts).toEqual([1000, 4000])
    client.dispose()
  })

  it('does not blame a render for the time of an export it waits behind', async () => {
    const { client } = setup()
    const exported = client.exportDocx('d', 'text', 'name', DEFAULT_EXPORT_SETTINGS)
    client.render('d', () => 'text')
    vi.advanceTimersByTime(3000)
    const worker = FakeWorker.all[0]!
    expect(worker.terminated).toBe(false)
    const id = (worker.posted.find((message) => message.type === 'export') as Extract<WorkerRequest, { type: 'export' }>).id
    worker.reply({ type: 'exported', id, data: new Uint8Array([1]), fileName: 'name.docx', messages: [] })
    await expect(exported).resolves.toMatchObject({ fileName: 'name.docx' })
    client.dispose()
  })

  it('an export that overruns its budget fails with a reason, and the render is sent again', async () => {
    const { client } = setup()
    client.render('d', () => 'text')
    const exported = client.exportDocx('d', 'text', 'name', DEFAULT_EXPORT_SETTINGS)
    const caught = exported.catch((error: Error) => error.message)
    vi.advanceTimersByTime(5000)
    expect(await caught).toMatch(/took longer than 5 s/)
    // Both workers replaced: either may have been the one stuck.
    const [stuck, fresh] = FakeWorker.renderers()
    expect(stuck!.terminated).toBe(true)
    expect(fresh!.renders().map(sent)).toEqual(['text'])
    expect(FakeWorker.exporters().map((worker) => worker.terminated)).toEqual([true, false])
    // The fresh render worker is given a channel to the fresh export worker.
    expect(fresh!.posted.some((message) => message.type === 'connect-exporter')).toBe(true)
    client.dispose()
  })
})

describe('the worker\'s copy of the text', () => {
  /** A worker that rendered 'one', then the edit that appends `added` (sent as an edit, not the text). */
  function editedAfterRender(added: string) {
    const { client } = setup()
    let text = 'one'
    client.render('d', () => text)
    const worker = FakeWorker.all[0]!
    worker.reply(rendered(worker.renders()[0]!.revision))
    text = `one${added}`
    client.edit('d', [[3, 3, added]], () => text)
    return { client, worker, text: () => text }
  }

  it('is sent whole again when the worker answers that it does not hold the edited revision', () => {
    const { client, worker } = editedAfterRender(' two')
    const edited = worker.renders()[1]!
    expect(sent(edited)).toMatch(/^edits after/)
    worker.reply({ type: 'resync', revision: edited.revision })
    expect(worker.renders().slice(2).map(sent)).toEqual(['one two'])
    client.dispose()
  })

  it('an export answered with resync is sent again with the whole text', () => {
    const { client, worker, text } = editedAfterRender('!')
    void client.exportDocx('d', text, 'name', DEFAULT_EXPORT_SETTINGS).catch(() => undefined)
    const exports = () => worker.posted.filter((message): message is Extract<WorkerRequest, { type: 'export' }> => message.type === 'export')
    expect(sent(exports()[0]!)).toMatch(/^edits after/)
    worker.reply({ type: 'resync', revision: exports()[0]!.revision, exportId: exports()[0]!.id })
    expect(exports().map(sent).slice(1)).toEqual(['one!'])
    client.dispose()
  })
})

describe('a fresh worker', () => {
  it('gets extra time for its first render, while it loads its code', () => {
    const timeouts: number[] = []
    const client = new WorkerClient({ onRender: () => {}, onMessages: () => {}, onRenderError: () => {}, onRenderTimeout: (ms) => timeouts.push(ms) }, { renderBudget: BUDGET, startupMs: 2000 })
    client.render('d', () => 'first')
    vi.advanceTimersByTime(2999)
    expect(FakeWorker.all[0]!.terminated).toBe(false)
    vi.advanceTimersByTime(1)
    expect(timeouts).toEqual([3000])
    // The replacement is fresh too; once it has answered, the plain budget applies.
    client.retry(1)
    const fresh = FakeWorker.all[1]!
    fresh.reply(rendered(fresh.renders()[0]!.revision))
    client.render('d', () => 'second')
    vi.advanceTimersByTime(1000)
    expect(fresh.terminated).toBe(true)
    expect(timeouts).toEqual([3000, 1000])
    client.dispose()
  })
})

describe('budget sizes', () => {
  it('grows with the text and is capped', () => {
    expect(budgetFor(RENDER_BUDGET, 0)).toBe(RENDER_BUDGET.baseMs)
    expect(budgetFor(RENDER_BUDGET, 5_000_000)).toBe(RENDER_BUDGET.baseMs + 5 * RENDER_BUDGET.perMillionCharsMs)
    expect(budgetFor(RENDER_BUDGET, 1e9)).toBe(RENDER_BUDGET.maxMs)
  })

  it('can be set from the page URL', () => {
    expect(renderBudgetFromQuery('?render-budget=300')).toEqual({ baseMs: 300, perMillionCharsMs: 0, maxMs: 300 })
    expect(renderBudgetFromQuery('?render-budget=x')).toBe(RENDER_BUDGET)
    expect(renderBudgetFromQuery('')).toBe(RENDER_BUDGET)
  })
})
