/**
 * The page's side of the workers, one object for the app: a facade over the parts that each do
 * one job (./client/) —
 *
 * - `text-sync.ts`: what the render worker holds of the text; requests carry edits, the whole
 *   text only when the worker may not hold the revision they apply to;
 * - `render-worker.ts`: the line to the render worker (a Web Worker, else the engine in the page);
 * - `render-client.ts`: renders, one in flight, the newest waiting, stale replies dropped, each
 *   within a time budget;
 * - `export-client.ts`: exports, prepared in advance by a second worker, each within a budget;
 * - `page-requests.ts`: what the workers ask of the page (images and diagrams drawn with the DOM).
 *
 * The facade routes the workers' replies and does what concerns more than one part: replacing
 * a stuck render worker (the text, the renders and the exports it held are all affected).
 */
import { EXPORT_BUDGET, RENDER_BUDGET, type Budget } from './budget.js'
import { ExportCancelled, ExportClient, type ExportResult } from './client/export-client.js'
import { answerPageRequest } from './client/page-requests.js'
import { RenderClient, type ClientEvents } from './client/render-client.js'
import { RenderWorker } from './client/render-worker.js'
import { TextSyncTracker } from './client/text-sync.js'
import type { ChangeEdits } from '../model/text-edit.js'
import type { ExportSettings, TextEdit, WorkerReply } from './protocol.js'

export type { ClientEvents, ExportResult }
export { ExportCancelled }

export interface ClientOptions {
  renderBudget?: Budget
  exportBudget?: Budget
  /** Extra milliseconds for the first render of a fresh worker, which first loads its code (default 5000). */
  startupMs?: number
}

export class WorkerClient {
  private readonly text = new TextSyncTracker()
  private readonly worker: RenderWorker
  private readonly renders: RenderClient
  private readonly exports: ExportClient
  readonly usesWorker: boolean

  constructor(events: ClientEvents, options: ClientOptions = {}) {
    this.worker = new RenderWorker({
      receive: (message) => this.receive(message, 'render'),
      fail: (detail) => this.renders.workerFailed(detail),
    })
    this.usesWorker = this.worker.usesWorker
    this.renders = new RenderClient({
      worker: this.worker,
      text: this.text,
      events,
      budget: options.renderBudget ?? RENDER_BUDGET,
      startupMs: options.startupMs ?? 5000,
      exporting: () => this.exports.waiting,
      restartWorker: (reason) => this.restartRenderWorker(reason),
    })
    this.exports = new ExportClient({
      worker: this.worker,
      text: this.text,
      budget: options.exportBudget ?? EXPORT_BUDGET,
      receive: (message) => this.receive(message, 'exporter'),
      overran: (reason) => this.exportOverran(reason),
    })
  }

  /**
   * The export settings of the shown document (sent when they change), so the export worker
   * prepares exports with them while typing pauses.
   */
  setExportSettings(documentId: string, name: string, settings: ExportSettings): void {
    this.exports.setSettings(documentId, name, settings)
  }

  /**
   * Records an edit of the shown document (every change to its text must come through here,
   * in order) and asks for a render, unless `render` is false (more of a paste in pieces
   * follows); `text` is read only if the whole text has to be sent.
   */
  edit(documentId: string, edits: readonly TextEdit[] | ChangeEdits, text: () => string, render = true): void {
    this.text.record(documentId, edits)
    if (render) this.renders.render(documentId, text)
  }

  /** Asks for a render of the document as it is; `text` is read only if the whole text has to be sent. */
  render(documentId: string, text: () => string): void {
    this.renders.render(documentId, text)
  }

  /** After an overrun: renders the newest text again now, with `factor` times the budget. */
  retry(factor = 4): void {
    this.renders.retry(factor)
  }

  /** A different document is shown: drop replies for the old one and send every block again. */
  reset(): void {
    this.renders.reset()
  }

  /** Asks the worker to check the document now (large documents are not checked while typing). */
  check(): void {
    this.renders.check()
  }

  /**
   * The user is about to export (the pointer reached the button): the export worker starts on the
   * current text now instead of after the pause in typing — a person's reach for the button is
   * about the time a compile of a long document takes.
   */
  prepareExport(): void {
    this.exports.prepare()
  }

  assetsChanged(): void {
    this.worker.post({ type: 'assets-changed' })
    this.exports.assetsChanged()
  }

  /**
   * Exports the document as it is: the worker brings its copy of the text up to date (with the
   * edits not sent yet) and exports the tree it holds for it; `text` is read only if the whole
   * text has to be sent (a string is sent whole).
   */
  exportDocx(documentId: string, text: string | (() => string), name: string, settings: ExportSettings, onProgress?: (loaded: number, total: number) => void): Promise<ExportResult> {
    return this.exports.exportDocx(documentId, text, name, settings, onProgress)
  }

  /** Stop waiting for the export's images: it finishes with placeholders for those not loaded. */
  skipExportImages(): void {
    this.exports.skipImages()
  }

  /** Cancels the pending export (its promise rejects with ExportCancelled; nothing is downloaded). */
  cancelExport(): void {
    this.exports.cancel()
  }

  dispose(): void {
    this.renders.dispose()
    this.worker.close()
    this.exports.stop('the app was closed')
  }

  /**
   * Terminates the render worker (it may be stuck in a parse that cannot be interrupted) and
   * starts a fresh one; the page keeps what it shows. The new worker holds none of the page's
   * blocks, nor the text: everything is sent again. Exports waiting in the export worker go
   * on; without one, pending exports fail.
   */
  private restartRenderWorker(reason: string): void {
    this.renders.workerReplaced()
    this.text.forget()
    this.worker.restart()
    this.exports.renderWorkerReplaced(reason)
  }

  /**
   * An export overran its budget. Either worker may be the one stuck (the render worker parses
   * before it hands the job over): both are replaced, pending exports fail with the reason, and
   * the render the stopped render worker held is sent again.
   */
  private exportOverran(reason: string): void {
    this.exports.stop(reason)
    this.restartRenderWorker(reason)
    this.exports.start()
    this.renders.resend()
  }

  private receive(message: WorkerReply, from: 'render' | 'exporter'): void {
    switch (message.type) {
      case 'rendered':
      case 'blocks':
      case 'hast':
      case 'render-failed':
      case 'messages':
        this.renders.receive(message)
        return
      case 'resync':
        // The worker does not hold the text the edits were for: send the whole text again.
        this.text.forget()
        if (message.exportId !== undefined) this.exports.resend(message.exportId)
        else this.renders.resync(message.revision)
        return
      case 'export-progress':
        this.exports.progress(message)
        return
      case 'exported':
      case 'export-failed':
        this.exports.settle(message)
        return
      case 'rasterize':
      case 'draw-diagram':
        answerPageRequest(message, (answer, transfer) => (from === 'exporter' ? this.exports.post(answer, transfer) : this.worker.post(answer, transfer)))
        return
    }
  }
}
