/**
 * Exports, seen from the page. Exports are compiled and packed by a second worker
 * (export-engine.ts), connected to the render worker by a channel: the render worker sends it
 * the tree when typing pauses, and it prepares the export with the settings the page sent it,
 * so Export .docx usually finds the file made. An export request goes to the render worker
 * (which brings its text up to date and hands the job over); the answer comes from either.
 * Where there are no workers, the render engine in the page exports itself.
 */
import type { Message } from '../../markdown/messages.js'
import { budgetFor, type Budget } from '../budget.js'
import type { ExporterRequest, ExportFailed, ExportProgress, ExportReply, ExportSettings, WorkerReply } from '../protocol.js'
import type { RenderWorker } from './render-worker.js'
import type { TextSyncTracker } from './text-sync.js'

export interface ExportResult {
  data: Uint8Array
  fileName: string
  messages: Message[]
}

interface ExporterPort {
  post(message: ExporterRequest, transfer?: Transferable[]): void
  close(): void
}

interface PendingExport {
  resolve: (result: ExportResult) => void
  reject: (error: Error) => void
  /** Asks again (the worker lost the request, or its text). */
  resend: () => void
  /** Images loaded of how many, while the export waits for them. */
  onProgress: ((loaded: number, total: number) => void) | undefined
}

/** An export the user cancelled: its promise rejects with this (the page says so, not "failed"). */
export class ExportCancelled extends Error {
  constructor() {
    super('the export was cancelled')
    this.name = 'ExportCancelled'
  }
}

export interface ExportClientOptions {
  worker: RenderWorker
  text: TextSyncTracker
  budget: Budget
  /** A message from the export worker. */
  receive: (message: WorkerReply) => void
  /** An export overran its budget: either worker may be stuck (client.ts replaces both). */
  overran: (reason: string) => void
}

export class ExportClient {
  private exports = new Map<number, PendingExport>()
  private timers = new Map<number, ReturnType<typeof setTimeout>>()
  private nextExport = 1
  /** The export worker (started with the first export settings or export), when there are workers. */
  private exporter: { worker: Worker; port: ExporterPort } | undefined
  /** The export settings last sent to the export worker, and their version (prepared exports are of one). */
  private settings: { documentId: string; name: string; settings: ExportSettings; version: number } | undefined
  private settingsVersion = 0

  constructor(private readonly options: ExportClientOptions) {}

  /** Exports are waiting for an answer. */
  get waiting(): boolean {
    return this.exports.size > 0
  }

  /** The export settings of the shown document (sent when they change), so the export worker prepares exports with them. */
  setSettings(documentId: string, name: string, settings: ExportSettings): void {
    const current = this.settings
    if (current && current.documentId === documentId && current.name === name && current.settings === settings) return
    this.settings = { documentId, name, settings, version: ++this.settingsVersion }
    this.start()
    this.exporter?.port.post({ type: 'settings', ...this.settings })
  }

  /** The user is about to export: the render worker hands the export worker the tree now. */
  prepare(): void {
    if (this.exporter) this.options.worker.post({ type: 'prepare-export' })
  }

  /** The export worker's images must be loaded again. */
  assetsChanged(): void {
    this.exporter?.port.post({ type: 'assets-changed' })
  }

  /** Posts to the export worker (an answer to its question), if it is there. */
  post(message: ExporterRequest, transfer?: Transferable[]): void {
    this.exporter?.port.post(message, transfer)
  }

  /**
   * Exports the document as it is: the render worker brings its copy of the text up to date
   * (with the edits not sent yet) and exports the tree it holds for it; `text` is read only if
   * the whole text has to be sent.
   */
  exportDocx(documentId: string, text: string | (() => string), name: string, settings: ExportSettings, onProgress?: (loaded: number, total: number) => void): Promise<ExportResult> {
    const { worker, text: tracker, budget: base, overran } = this.options
    const id = this.nextExport++
    const read = typeof text === 'string' ? () => text : text
    if (typeof text === 'string') tracker.give(text)
    this.start()
    const known = this.settings
    const settingsVersion = known && known.documentId === documentId && known.name === name && known.settings === settings ? known.version : 0
    return new Promise((resolve, reject) => {
      const send = () => {
        const { revision, sync } = tracker.request(documentId, read)
        worker.post({ type: 'export', id, revision, documentId, sync, name, settings, settingsVersion })
      }
      this.exports.set(id, { resolve, reject, resend: send, onProgress })
      send()
      if (worker.isWorker) {
        const budget = budgetFor(base, tracker.length)
        this.timers.set(
          id,
          setTimeout(() => {
            if (!this.exports.has(id)) return
            overran(`the export took longer than ${Math.round(budget / 1000)} s and was stopped`)
          }, budget),
        )
      }
    })
  }

  /** An export's answer. */
  settle(message: ExportReply | ExportFailed): void {
    clearTimeout(this.timers.get(message.id))
    this.timers.delete(message.id)
    const pending = this.exports.get(message.id)
    this.exports.delete(message.id)
    if (message.type === 'exported') pending?.resolve({ data: message.data, fileName: message.fileName, messages: message.messages })
    else pending?.reject(new Error(message.error))
  }

  /** How far the export worker got loading the images of the export it builds (any waiting export may be waiting on it). */
  progress(message: ExportProgress): void {
    for (const pending of this.exports.values()) pending.onProgress?.(message.loaded, message.total)
  }

  /**
   * Stop waiting for images: the export under way goes on at once with placeholders (and a
   * message each) for the images not loaded yet. Both workers are told: without an export
   * worker the render worker builds exports itself.
   */
  skipImages(): void {
    this.exporter?.port.post({ type: 'skip-images' })
    this.options.worker.post({ type: 'skip-images' })
  }

  /**
   * Cancels the pending exports: they reject with ExportCancelled and nothing is downloaded.
   * The workers stop waiting for images too, so they are free at once (what they build is
   * kept as the prepared export, its reply dropped).
   */
  cancel(): void {
    this.skipImages()
    for (const [id, pending] of this.exports) {
      clearTimeout(this.timers.get(id))
      pending.reject(new ExportCancelled())
    }
    this.exports.clear()
    this.timers.clear()
  }

  /** Sends an export again (the render worker did not hold the text its edits were for). */
  resend(id: number): void {
    this.exports.get(id)?.resend()
  }

  /**
   * The render worker was replaced. Exports waiting in the export worker go on (it is connected
   * to the new render worker, and asked again: the stopped worker may not have passed them on;
   * a second answer is ignored); without one, pending exports fail.
   */
  renderWorkerReplaced(reason: string): void {
    if (!this.exporter) return this.failAll(reason)
    this.connect()
    for (const pending of this.exports.values()) pending.resend()
  }

  /** Starts the export worker, once, where there are workers; connects it to the render worker. */
  start(): void {
    if (this.exporter || !this.options.worker.isWorker || typeof MessageChannel === 'undefined') return
    try {
      const worker = new Worker(new URL('../exporter.ts', import.meta.url), { type: 'module', name: 'markdocx-export' })
      worker.onmessage = (event: MessageEvent<WorkerReply>) => {
        if (this.exporter?.worker === worker) this.options.receive(event.data)
      }
      worker.onerror = (event) => {
        event.preventDefault()
        if (this.exporter?.worker === worker) this.restart(`the export worker failed: ${event.message || 'unknown error'}`)
      }
      this.exporter = { worker, port: { post: (message, transfer) => worker.postMessage(message, transfer ?? []), close: () => worker.terminate() } }
      this.connect()
    } catch {
      this.exporter = undefined
    }
  }

  /** Stops the export worker; pending exports fail with the reason. */
  stop(reason: string): void {
    this.exporter?.port.close()
    this.exporter = undefined
    this.failAll(reason)
  }

  /** Replaces the export worker (it failed); pending exports fail with the reason. */
  private restart(reason: string): void {
    this.stop(reason)
    this.start()
  }

  /** A channel between the render worker and the export worker (after either started), and the settings again. */
  private connect(): void {
    const exporter = this.exporter
    const { worker } = this.options
    if (!exporter || !worker.isWorker) return
    const channel = new MessageChannel()
    worker.post({ type: 'connect-exporter', port: channel.port1 }, [channel.port1])
    exporter.port.post({ type: 'connect', port: channel.port2 }, [channel.port2])
    if (this.settings) exporter.port.post({ type: 'settings', ...this.settings })
  }

  /** Pending exports fail with the reason. */
  private failAll(reason: string): void {
    for (const [id, pending] of this.exports) {
      clearTimeout(this.timers.get(id))
      pending.reject(new Error(reason))
    }
    this.exports.clear()
    this.timers.clear()
  }
}
