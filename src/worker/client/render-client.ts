/**
 * Renders of the preview: one in flight, the newest request waiting in a one-slot stash,
 * replies older than what the page shows dropped (and those of a document no longer shown).
 * Each render has a time budget: a render that overruns it gets the worker replaced (by the
 * facade, client.ts, which knows what else lives in that worker), the page keeps its last
 * render, and further tries wait for a pause in typing.
 */
import { budgetFor, type Budget } from '../budget.js'
import type { BlocksReply, HastReply, MessagesReply, RenderFailed, RenderReply } from '../protocol.js'
import { PartsBuffer } from '../render-parts.js'
import type { RenderWorker } from './render-worker.js'
import type { TextSyncTracker } from './text-sync.js'

export interface ClientEvents {
  onRender(reply: RenderReply): void
  /** More renderings for the last render (never dropped: the worker counts on the page holding them). */
  onHast?(reply: HastReply): void
  onMessages(reply: MessagesReply): void
  onRenderError(error: string): void
  /**
   * A render overran its time budget: the worker was terminated and a fresh one started. The
   * page keeps showing its last render; the next edit (after a pause in typing) or `retry()`
   * renders again.
   */
  onRenderTimeout?(budgetMs: number): void
}

/** After an overrun, wait for this long a pause in typing before trying again (each try may cost a whole budget). */
const PAUSE_AFTER_OVERRUN_MS = 1000

/**
 * A request carrying more characters than this (the text of a paste of megabytes, read and
 * cloned to the worker: 40–60 ms for 16 MB) is sent in a task of its own, not in the task of the
 * edit that asked for it (the paste's, already long with the editor's own work).
 */
const HEAVY_REQUEST = 1_000_000

/** A render of the document shown: `text` is read only if the whole text has to be sent. */
interface Request {
  documentId: string
  text: () => string
}

export interface RenderClientOptions {
  worker: RenderWorker
  text: TextSyncTracker
  events: ClientEvents
  budget: Budget
  /** Extra milliseconds for the first render of a fresh worker, which first loads its code. */
  startupMs: number
  /** Whether exports are waiting in the render worker (a render queued behind one is not timed against its own budget). */
  exporting: () => boolean
  /** Replaces the render worker (client.ts), which calls `workerReplaced` back. */
  restartWorker: (reason: string) => void
}

export class RenderClient {
  private timer: ReturnType<typeof setTimeout> | undefined
  private started = 0
  /** The last request sent, for `retry()` and for re-sending after a restart. */
  private lastSent: Request | undefined
  /** The last render overran: wait for a pause in typing before the next, until one succeeds. */
  private stalled = false
  private pauseTimer: ReturnType<typeof setTimeout> | undefined
  private sendTimer: ReturnType<typeof setTimeout> | undefined
  private budgetScale = 1
  private inFlight: number | undefined
  private stash: Request | undefined
  /** Revision of the last reply applied (-1: none); the worker omits hast the page has. */
  private applied = -1
  /** Replies below this revision belong to a document no longer shown. */
  private floor = 0
  /** The first blocks and outline entries of a long render, until its reply comes. */
  private readonly parts = new PartsBuffer()

  constructor(private readonly options: RenderClientOptions) {}

  /** Asks for a render of the document as it is. */
  render(documentId: string, text: () => string): void {
    this.stash = { documentId, text }
    if (this.inFlight !== undefined) return
    if (this.stalled) {
      // Every try after an overrun may cost a whole budget and a restart: not on every keystroke.
      clearTimeout(this.pauseTimer)
      this.pauseTimer = setTimeout(() => this.inFlight === undefined && this.flush(), PAUSE_AFTER_OVERRUN_MS)
      return
    }
    if (this.options.text.sendSize(documentId) > HEAVY_REQUEST) {
      // The stash keeps the newest request; later edits before the task only replace it.
      this.sendTimer ??= setTimeout(() => {
        this.sendTimer = undefined
        if (this.inFlight === undefined) this.flush()
      }, 0)
      return
    }
    this.flush()
  }

  /** After an overrun: renders the newest text again now, with `factor` times the budget. */
  retry(factor: number): void {
    if (this.inFlight !== undefined) return
    this.stash ??= this.lastSent
    this.budgetScale = factor
    this.flush()
  }

  /** The render the replaced worker held (if nothing newer waits) is sent again. */
  resend(): void {
    this.stash ??= this.lastSent
    this.flush()
  }

  /** A different document is shown: drop replies for the old one and send every block again. */
  reset(): void {
    const { worker, text, exporting, restartWorker } = this.options
    this.floor = text.upcoming
    this.applied = -1
    this.stash = undefined
    text.forget()
    this.stalled = false
    this.budgetScale = 1
    clearTimeout(this.pauseTimer)
    // A long render of the old document would hold the new one back: stop it.
    if (worker.isWorker && this.inFlight !== undefined && !exporting() && performance.now() - this.started > 1000) restartWorker('another document was opened')
  }

  /** Asks the worker to check the document now (large documents are not checked while typing). */
  check(): void {
    if (this.applied >= 0) this.options.worker.post({ type: 'check', revision: this.applied })
  }

  /** The render worker was replaced: it holds none of the page's blocks, nor the text. */
  workerReplaced(): void {
    this.parts.clear()
    clearTimeout(this.timer)
    this.inFlight = undefined
    this.applied = -1
  }

  /** The render worker failed outright. */
  workerFailed(detail: string): void {
    this.options.events.onRenderError(`The preview worker failed: ${detail || 'unknown error'}`)
    this.inFlight = undefined
    clearTimeout(this.timer)
  }

  receive(reply: RenderReply | BlocksReply | HastReply | RenderFailed | MessagesReply): void {
    const { events, text } = this.options
    if (reply.type === 'blocks') {
      this.parts.add(reply)
      return
    }
    // A render in parts is applied whole; one whose parts did not all come (never seen: one
    // port keeps order) counts as failed, so the next render sends every block again.
    const message = reply.type === 'rendered' ? (this.parts.join(reply) ?? { type: 'render-failed' as const, revision: reply.revision, error: 'the preview lost part of a render' }) : reply
    if (message.type === 'hast') {
      // For blocks the page has (a dropped render's parts find none, and are let go).
      events.onHast?.(message)
      return
    }
    if (message.type === 'messages') {
      if (message.revision >= this.floor) events.onMessages(message)
      return
    }
    if (message.revision === this.inFlight) {
      this.inFlight = undefined
      clearTimeout(this.timer)
      if (message.type === 'rendered') {
        this.stalled = false
        this.budgetScale = 1
      }
    }
    if (message.revision >= this.floor && message.revision > this.applied) {
      if (message.type === 'rendered') {
        this.applied = message.revision
        events.onRender(message)
      } else {
        this.applied = -1
        text.forget()
        events.onRenderError(message.error)
      }
    }
    if (this.inFlight === undefined) this.flush()
  }

  /** The worker does not hold the text a render's edits were for (the tracker has forgotten it): send the whole text. */
  resync(revision: number): void {
    if (revision !== this.inFlight) return
    this.inFlight = undefined
    clearTimeout(this.timer)
    this.stash ??= this.lastSent
    this.flush()
  }

  dispose(): void {
    clearTimeout(this.timer)
    clearTimeout(this.pauseTimer)
    clearTimeout(this.sendTimer)
  }

  private flush(): void {
    const next = this.stash
    if (!next) return
    this.stash = undefined
    clearTimeout(this.pauseTimer)
    this.lastSent = next
    const { worker, text } = this.options
    const { revision, sync } = text.request(next.documentId, next.text)
    this.inFlight = revision
    worker.post({ type: 'render', revision, base: this.applied, documentId: next.documentId, sync })
    this.started = performance.now()
    this.armTimer(revision, text.length)
  }

  private armTimer(revision: number, characters: number): void {
    clearTimeout(this.timer)
    const { worker, budget: base, startupMs, exporting, restartWorker, events } = this.options
    if (!worker.isWorker) return
    // A fresh worker loads its code first; on a slow machine that alone can take seconds.
    const budget = budgetFor(base, characters) * this.budgetScale + (worker.cold ? startupMs : 0)
    this.timer = setTimeout(() => {
      if (this.inFlight !== revision) return
      // An export shares the worker and the render waits behind it: give it the export's time.
      if (exporting()) return this.armTimer(revision, characters)
      restartWorker('the preview took too long')
      this.stalled = true
      this.budgetScale = 1
      events.onRenderTimeout?.(budget)
      if (this.stash) this.render(this.stash.documentId, this.stash.text)
    }, budget)
  }
}
