/**
 * The page's side of the workers: one render in flight, the newest request waiting in a
 * one-slot stash, replies older than what the page shows dropped. The render worker keeps its
 * own copy of the text: the page sends the edits made since the revision the worker last
 * received (collected as they happen, a few bytes a keystroke), and the whole text (read from
 * the editor only when it is sent) only when the worker may not hold that revision — the first
 * request for a document, after a restart, or when the worker asks (`resync`).
 *
 * Exports are compiled and packed by a second worker (export-engine.ts), connected to the
 * render worker by a channel: the render worker sends it the tree when typing pauses, and it
 * prepares the export with the settings the page sent it, so Export .docx usually finds the
 * file made. Where Worker is unavailable (jsdom, very old browsers) the same render engine runs
 * in the page, asynchronously, and exports itself.
 */
import type { Message } from '../markdown/messages.js'
import { drawDiagramForExport } from '../diagrams/page-diagrams.js'
import { budgetFor, EXPORT_BUDGET, RENDER_BUDGET, type Budget } from './budget.js'
import type { ExporterRequest, ExportSettings, MessagesReply, RenderReply, TextEdit, TextSync, WorkerReply, WorkerRequest } from './protocol.js'
import { editedLength } from './text-edits.js'

export interface ClientEvents {
  onRender(reply: RenderReply): void
  onMessages(reply: MessagesReply): void
  onRenderError(error: string): void
  /**
   * A render overran its time budget: the worker was terminated and a fresh one started. The
   * page keeps showing its last render; the next edit (after a pause in typing) or `retry()`
   * renders again.
   */
  onRenderTimeout?(budgetMs: number): void
}

export interface ClientOptions {
  renderBudget?: Budget
  exportBudget?: Budget
  /** Extra milliseconds for the first render of a fresh worker, which first loads its code (default 5000). */
  startupMs?: number
}

/** After an overrun, wait for this long a pause in typing before trying again (each try may cost a whole budget). */
const PAUSE_AFTER_OVERRUN_MS = 1000

/** Past this many pending edits (or inserted characters) the whole text is cheaper to send. */
const MAX_PENDING_EDITS = 2000
const MAX_PENDING_CHARACTERS = 4_000_000

export interface ExportResult {
  data: Uint8Array
  fileName: string
  messages: Message[]
}

interface Port {
  post(message: WorkerRequest, transfer?: Transferable[]): void
  close(): void
}

interface ExporterPort {
  post(message: ExporterRequest, transfer?: Transferable[]): void
  close(): void
}

/** Draws an image the worker cannot decode (SVG) on a page canvas; PNG bytes or undefined. */
export async function rasterizeOnPage(bytes: Uint8Array, mime: string, width: number, height: number): Promise<Uint8Array | undefined> {
  if (typeof document === 'undefined' || typeof Image === 'undefined') return undefined
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: mime }))
  try {
    const image = new Image()
    image.decoding = 'async'
    image.src = url
    await image.decode()
    const canvas = document.createElement('canvas')
    canvas.width = width
    canvas.height = height
    const context = canvas.getContext('2d')
    if (!context) return undefined
    context.drawImage(image, 0, 0, width, height)
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'))
    return blob ? new Uint8Array(await blob.arrayBuffer()) : undefined
  } catch {
    return undefined
  } finally {
    URL.revokeObjectURL(url)
  }
}

export class WorkerClient {
  private port: Port
  /** The Web Worker behind `port`, when there is one (the in-thread engine cannot be stopped). */
  private worker: Worker | undefined
  private readonly renderBudget: Budget
  private readonly exportBudget: Budget
  private readonly startupMs: number
  /** The worker has not answered yet (it may still be loading its code). */
  private cold = true
  private renderTimer: ReturnType<typeof setTimeout> | undefined
  private renderStarted = 0
  /** The last request sent, for `retry()` and for re-sending after a restart. */
  private lastSent: { documentId: string; text: () => string } | undefined
  /** The last render overran: wait for a pause in typing before the next, until one succeeds. */
  private stalled = false
  private pauseTimer: ReturnType<typeof setTimeout> | undefined
  private budgetScale = 1
  private exportTimers = new Map<number, ReturnType<typeof setTimeout>>()
  private nextRevision = 1
  private inFlight: number | undefined
  private stash: { documentId: string; text: () => string } | undefined
  /** Revision of the last reply applied (-1: none); the worker omits hast the page has. */
  private applied = -1
  /** Replies below this revision belong to a document no longer shown. */
  private floor = 0
  private exports = new Map<number, { resolve: (result: ExportResult) => void; reject: (error: Error) => void; resend: () => void }>()
  private nextExport = 1
  /** The export worker (started with the first export settings or export), when there are workers. */
  private exporter: { worker: Worker; port: ExporterPort } | undefined
  /** The export settings last sent to the export worker, and their version (prepared exports are of one). */
  private exportSettings: { documentId: string; name: string; settings: ExportSettings; version: number } | undefined
  private settingsVersion = 0
  /** The revision (of which document) whose text the worker holds once it has read what was sent; undefined: send the whole text. */
  private textBase: { documentId: string; revision: number } | undefined
  /** Edits made since `textBase`; undefined when they stopped being tracked (too many). */
  private pending: TextEdit[] | undefined = []
  private pendingCharacters = 0
  /** Length of the text as last sent, with the pending edits: the time budgets grow with it. */
  private length = 0
  readonly usesWorker: boolean

  constructor(
    private readonly events: ClientEvents,
    options: ClientOptions = {},
  ) {
    this.renderBudget = options.renderBudget ?? RENDER_BUDGET
    this.exportBudget = options.exportBudget ?? EXPORT_BUDGET
    this.startupMs = options.startupMs ?? 5000
    const port = this.spawn()
    this.usesWorker = port !== undefined
    this.port = port ?? inThreadPort((message) => this.receive(message, 'render'))
  }

  /** Starts a Web Worker and returns its port, or undefined where workers are unavailable. */
  private spawn(): Port | undefined {
    if (typeof Worker === 'undefined') return undefined
    try {
      const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'markdocx' })
      worker.onmessage = (event: MessageEvent<WorkerReply>) => {
        if (this.worker === worker) this.receive(event.data, 'render')
      }
      worker.onerror = (event) => {
        event.preventDefault()
        if (this.worker !== worker) return
        this.events.onRenderError(`The preview worker failed: ${event.message || 'unknown error'}`)
        this.inFlight = undefined
        clearTimeout(this.renderTimer)
      }
      this.worker = worker
      this.cold = true
      return { post: (message, transfer) => worker.postMessage(message, transfer ?? []), close: () => worker.terminate() }
    } catch {
      return undefined
    }
  }

  /** Starts the export worker, once, where there are workers; connects it to the render worker. */
  private ensureExporter(): void {
    if (this.exporter || !this.worker || typeof MessageChannel === 'undefined') return
    try {
      const worker = new Worker(new URL('./exporter.ts', import.meta.url), { type: 'module', name: 'markdocx-export' })
      worker.onmessage = (event: MessageEvent<WorkerReply>) => {
        if (this.exporter?.worker === worker) this.receive(event.data, 'exporter')
      }
      worker.onerror = (event) => {
        event.preventDefault()
        if (this.exporter?.worker === worker) this.restartExporter(`the export worker failed: ${event.message || 'unknown error'}`)
      }
      this.exporter = { worker, port: { post: (message, transfer) => worker.postMessage(message, transfer ?? []), close: () => worker.terminate() } }
      this.connect()
    } catch {
      this.exporter = undefined
    }
  }

  /** A channel between the render worker and the export worker (after either started), and the settings again. */
  private connect(): void {
    const exporter = this.exporter
    if (!exporter || !this.worker) return
    const channel = new MessageChannel()
    this.port.post({ type: 'connect-exporter', port: channel.port1 }, [channel.port1])
    exporter.port.post({ type: 'connect', port: channel.port2 }, [channel.port2])
    const settings = this.exportSettings
    if (settings) exporter.port.post({ type: 'settings', ...settings })
  }

  /** Pending exports fail with the reason. */
  private failExports(reason: string): void {
    for (const [id, pending] of this.exports) {
      clearTimeout(this.exportTimers.get(id))
      pending.reject(new Error(reason))
    }
    this.exports.clear()
    this.exportTimers.clear()
  }

  /** Stops the export worker; pending exports fail with the reason. */
  private stopExporter(reason: string): void {
    this.exporter?.port.close()
    this.exporter = undefined
    this.failExports(reason)
  }

  /** Replaces the export worker (it failed); pending exports fail with the reason. */
  private restartExporter(reason: string): void {
    this.stopExporter(reason)
    this.ensureExporter()
  }

  /**
   * Terminates the render worker (it may be stuck in a parse that cannot be interrupted) and
   * starts a fresh one; the page keeps what it shows. Exports waiting in the export worker go
   * on; without one, pending exports fail.
   */
  private restart(reason: string): void {
    clearTimeout(this.renderTimer)
    this.port.close()
    this.worker = undefined
    this.inFlight = undefined
    // The new worker holds none of the page's blocks, nor the text: everything is sent again.
    this.applied = -1
    this.forgetText()
    if (!this.exporter) this.failExports(reason)
    this.port = this.spawn() ?? inThreadPort((message) => this.receive(message, 'render'))
    if (this.exporter) {
      this.connect()
      // The stopped worker may not have passed them on: ask again (a second answer is ignored).
      for (const pending of this.exports.values()) pending.resend()
    }
  }

  /**
   * The export settings of the shown document (sent when they change), so the export worker
   * prepares exports with them while typing pauses.
   */
  setExportSettings(documentId: string, name: string, settings: ExportSettings): void {
    const current = this.exportSettings
    if (current && current.documentId === documentId && current.name === name && current.settings === settings) return
    this.exportSettings = { documentId, name, settings, version: ++this.settingsVersion }
    this.ensureExporter()
    this.exporter?.port.post({ type: 'settings', ...this.exportSettings })
  }

  /**
   * Records an edit of the shown document (every change to its text must come through here,
   * in order) and asks for a render; `text` is read only if the whole text has to be sent.
   */
  edit(documentId: string, edits: readonly TextEdit[], text: () => string): void {
    if (this.pending && this.textBase?.documentId === documentId) {
      for (const edit of edits) {
        this.pending.push(edit)
        this.pendingCharacters += edit[2].length
      }
      if (this.pending.length > MAX_PENDING_EDITS || this.pendingCharacters > MAX_PENDING_CHARACTERS) this.forgetText()
    }
    this.length = editedLength(this.length, edits)
    this.render(documentId, text)
  }

  /** Asks for a render of the document as it is; `text` is read only if the whole text has to be sent. */
  render(documentId: string, text: () => string): void {
    this.stash = { documentId, text }
    if (this.inFlight !== undefined) return
    if (this.stalled) {
      // Every try after an overrun may cost a whole budget and a restart: not on every keystroke.
      clearTimeout(this.pauseTimer)
      this.pauseTimer = setTimeout(() => this.inFlight === undefined && this.flush(), PAUSE_AFTER_OVERRUN_MS)
      return
    }
    this.flush()
  }

  /** After an overrun: renders the newest text again now, with `factor` times the budget. */
  retry(factor = 4): void {
    if (this.inFlight !== undefined) return
    this.stash ??= this.lastSent
    this.budgetScale = factor
    this.flush()
  }

  /** A different document is shown: drop replies for the old one and send every block again. */
  reset(): void {
    this.floor = this.nextRevision
    this.applied = -1
    this.stash = undefined
    this.forgetText()
    this.stalled = false
    this.budgetScale = 1
    clearTimeout(this.pauseTimer)
    // A long render of the old document would hold the new one back: stop it.
    if (this.worker && this.inFlight !== undefined && this.exports.size === 0 && performance.now() - this.renderStarted > 1000) this.restart('another document was opened')
  }

  /** Asks the worker to check the document now (large documents are not checked while typing). */
  check(): void {
    if (this.applied >= 0) this.port.post({ type: 'check', revision: this.applied })
  }

  /**
   * The user is about to export (the pointer reached the button): the export worker starts on the
   * current text now instead of after the pause in typing — a person's reach for the button is
   * about the time a compile of a long document takes.
   */
  prepareExport(): void {
    if (this.exporter) this.port.post({ type: 'prepare-export' })
  }

  assetsChanged(): void {
    this.port.post({ type: 'assets-changed' })
    this.exporter?.port.post({ type: 'assets-changed' })
  }

  /**
   * Exports the document as it is: the worker brings its copy of the text up to date (with the
   * edits not sent yet) and exports the tree it holds for it; `text` is read only if the whole
   * text has to be sent.
   */
  exportDocx(documentId: string, text: string | (() => string), name: string, settings: ExportSettings): Promise<ExportResult> {
    const id = this.nextExport++
    const read = typeof text === 'string' ? () => text : text
    if (typeof text === 'string') {
      // A text given outright replaces whatever the worker holds.
      this.forgetText()
      this.length = text.length
    }
    this.ensureExporter()
    const known = this.exportSettings
    const settingsVersion = known && known.documentId === documentId && known.name === name && known.settings === settings ? known.version : 0
    return new Promise((resolve, reject) => {
      const send = () => {
        const revision = this.nextRevision++
        this.port.post({ type: 'export', id, revision, documentId, sync: this.syncFor(documentId, revision, read), name, settings, settingsVersion })
      }
      this.exports.set(id, { resolve, reject, resend: send })
      send()
      if (this.worker) {
        const budget = budgetFor(this.exportBudget, this.length)
        this.exportTimers.set(
          id,
          setTimeout(() => {
            if (!this.exports.has(id)) return
            const reason = `the export took longer than ${Math.round(budget / 1000)} s and was stopped`
            // Either worker may be the one stuck (the render worker parses before it hands the
            // job over): both are replaced; pending exports fail with the reason.
            this.stopExporter(reason)
            const sent = this.lastSent
            this.restart(reason)
            this.ensureExporter()
            // The render the stopped worker held is sent again.
            this.stash ??= sent
            this.flush()
          }, budget),
        )
      }
    })
  }

  /** What brings the worker's text to `revision`: the pending edits when it holds the base, else the whole text. */
  private syncFor(documentId: string, revision: number, text: () => string): TextSync {
    const base = this.textBase
    let sync: TextSync
    if (base && base.documentId === documentId && this.pending) sync = { after: base.revision, edits: this.pending }
    else {
      const whole = text()
      this.length = whole.length
      sync = { text: whole }
    }
    this.textBase = { documentId, revision }
    this.pending = []
    this.pendingCharacters = 0
    return sync
  }

  /** The worker's copy of the text can no longer be trusted: the next request sends the whole text. */
  private forgetText(): void {
    this.textBase = undefined
    this.pending = undefined
    this.pendingCharacters = 0
  }

  dispose(): void {
    clearTimeout(this.renderTimer)
    clearTimeout(this.pauseTimer)
    this.port.close()
    this.stopExporter('the app was closed')
  }

  private flush(): void {
    const next = this.stash
    if (!next) return
    this.stash = undefined
    clearTimeout(this.pauseTimer)
    this.lastSent = next
    const revision = this.nextRevision++
    this.inFlight = revision
    this.port.post({ type: 'render', revision, base: this.applied, documentId: next.documentId, sync: this.syncFor(next.documentId, revision, next.text) })
    this.renderStarted = performance.now()
    this.armRenderTimer(revision, this.length)
  }

  private armRenderTimer(revision: number, characters: number): void {
    clearTimeout(this.renderTimer)
    if (!this.worker) return
    // A fresh worker loads its code first; on a slow machine that alone can take seconds.
    const budget = budgetFor(this.renderBudget, characters) * this.budgetScale + (this.cold ? this.startupMs : 0)
    this.renderTimer = setTimeout(() => {
      if (this.inFlight !== revision) return
      // An export shares the worker and the render waits behind it: give it the export's time.
      if (this.exports.size > 0) return this.armRenderTimer(revision, characters)
      this.restart('the preview took too long')
      this.stalled = true
      this.budgetScale = 1
      this.events.onRenderTimeout?.(budget)
      if (this.stash) this.render(this.stash.documentId, this.stash.text)
    }, budget)
  }

  private receive(message: WorkerReply, from: 'render' | 'exporter'): void {
    if (from === 'render') this.cold = false
    switch (message.type) {
      case 'rendered':
      case 'render-failed':
        if (message.revision === this.inFlight) {
          this.inFlight = undefined
          clearTimeout(this.renderTimer)
          if (message.type === 'rendered') {
            this.stalled = false
            this.budgetScale = 1
          }
        }
        if (message.revision >= this.floor && message.revision > this.applied) {
          if (message.type === 'rendered') {
            this.applied = message.revision
            this.events.onRender(message)
          } else {
            this.applied = -1
            this.forgetText()
            this.events.onRenderError(message.error)
          }
        }
        if (this.inFlight === undefined) this.flush()
        return
      case 'resync':
        // The worker does not hold the text the edits were for: send the whole text again.
        this.forgetText()
        if (message.exportId !== undefined) {
          this.exports.get(message.exportId)?.resend()
          return
        }
        if (message.revision === this.inFlight) {
          this.inFlight = undefined
          clearTimeout(this.renderTimer)
          this.stash ??= this.lastSent
          this.flush()
        }
        return
      case 'messages':
        if (message.revision >= this.floor) this.events.onMessages(message)
        return
      case 'exported':
        clearTimeout(this.exportTimers.get(message.id))
        this.exportTimers.delete(message.id)
        this.exports.get(message.id)?.resolve({ data: message.data, fileName: message.fileName, messages: message.messages })
        this.exports.delete(message.id)
        return
      case 'export-failed':
        clearTimeout(this.exportTimers.get(message.id))
        this.exportTimers.delete(message.id)
        this.exports.get(message.id)?.reject(new Error(message.error))
        this.exports.delete(message.id)
        return
      case 'rasterize':
        void rasterizeOnPage(message.bytes, message.mime, message.width, message.height).then((bytes) => {
          const answer = { type: 'rasterized' as const, id: message.id, ...(bytes ? { bytes } : {}) }
          const transfer = bytes ? [bytes.buffer] : []
          if (from === 'exporter') this.exporter?.port.post(answer, transfer)
          else this.port.post(answer, transfer)
        })
        return
      case 'draw-diagram':
        // Drawn in the page (mermaid needs the DOM), from the preview's drawings when it has one.
        void drawDiagramForExport(message.kind, message.source).then((result) => {
          const answer = { type: 'diagram-drawn' as const, id: message.id, result }
          if (from === 'exporter') this.exporter?.port.post(answer)
          else this.port.post(answer)
        })
        return
    }
  }
}

/**
 * The engine in the page: same messages, delivered asynchronously like a worker's. Imported on
 * demand, so the compiler is not in the page's bundle when a worker does the work.
 */
function inThreadPort(receive: (message: WorkerReply) => void): Port {
  let closed = false
  const engine = import('./engine.js').then(
    ({ Engine }) =>
      new Engine((message) => {
        if (!closed) setTimeout(() => receive(message), 0)
      }, true),
  )
  let queue: Promise<void> = Promise.resolve()
  return {
    post(message) {
      // As in the worker: answers to the engine's own questions must not wait behind it.
      if (message.type === 'rasterized' || message.type === 'diagram-drawn' || message.type === 'assets-changed') {
        void engine.then((instance) => instance.handle(message))
        return
      }
      queue = queue
        .then(() => engine)
        .then((instance) => (closed ? undefined : instance.handle(message)))
        .catch(() => undefined)
    },
    close() {
      closed = true
    },
  }
}
