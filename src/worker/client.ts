/**
 * The page's side of the worker: one render in flight, the newest text waiting in a one-slot
 * stash (read from the editor only when it is sent, so typing never pays for it), replies
 * older than what the page shows dropped. Where Worker is unavailable (jsdom, very old
 * browsers) the same engine runs in the page, asynchronously.
 */
import type { Message } from '../markdown/messages.js'
import type { ExportSettings, MessagesReply, RenderReply, WorkerReply, WorkerRequest } from './protocol.js'

export interface ClientEvents {
  onRender(reply: RenderReply): void
  onMessages(reply: MessagesReply): void
  onRenderError(error: string): void
}

export interface ExportResult {
  data: Uint8Array
  fileName: string
  messages: Message[]
}

interface Port {
  post(message: WorkerRequest, transfer?: Transferable[]): void
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
  private readonly port: Port
  private nextRevision = 1
  private inFlight: number | undefined
  private stash: { documentId: string; text: () => string } | undefined
  /** Revision of the last reply applied (-1: none); the worker omits hast the page has. */
  private applied = -1
  /** Replies below this revision belong to a document no longer shown. */
  private floor = 0
  private exports = new Map<number, { resolve: (result: ExportResult) => void; reject: (error: Error) => void }>()
  private nextExport = 1
  readonly usesWorker: boolean

  constructor(private readonly events: ClientEvents) {
    const receive = (message: WorkerReply) => this.receive(message)
    let port: Port | undefined
    if (typeof Worker !== 'undefined') {
      try {
        const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'markdocx' })
        worker.onmessage = (event: MessageEvent<WorkerReply>) => receive(event.data)
        worker.onerror = (event) => {
          event.preventDefault()
          this.events.onRenderError(`The preview worker failed: ${event.message || 'unknown error'}`)
          this.inFlight = undefined
        }
        port = { post: (message, transfer) => worker.postMessage(message, transfer ?? []), close: () => worker.terminate() }
      } catch {
        port = undefined
      }
    }
    this.usesWorker = port !== undefined
    this.port = port ?? inThreadPort(receive)
  }

  /** Asks for a render of the document; `text` is read when the request is actually sent. */
  render(documentId: string, text: () => string): void {
    this.stash = { documentId, text }
    if (this.inFlight === undefined) this.flush()
  }

  /** A different document is shown: drop replies for the old one and send every block again. */
  reset(): void {
    this.floor = this.nextRevision
    this.applied = -1
    this.stash = undefined
  }

  /** Asks the worker to check the document now (large documents are not checked while typing). */
  check(): void {
    if (this.applied >= 0) this.port.post({ type: 'check', revision: this.applied })
  }

  assetsChanged(): void {
    this.port.post({ type: 'assets-changed' })
  }

  exportDocx(documentId: string, text: string, name: string, settings: ExportSettings): Promise<ExportResult> {
    const id = this.nextExport++
    return new Promise((resolve, reject) => {
      this.exports.set(id, { resolve, reject })
      this.port.post({ type: 'export', id, documentId, text, name, settings })
    })
  }

  dispose(): void {
    this.port.close()
    for (const pending of this.exports.values()) pending.reject(new Error('the app was closed'))
    this.exports.clear()
  }

  private flush(): void {
    const next = this.stash
    if (!next) return
    this.stash = undefined
    const revision = this.nextRevision++
    this.inFlight = revision
    this.port.post({ type: 'render', revision, base: this.applied, documentId: next.documentId, text: next.text() })
  }

  private receive(message: WorkerReply): void {
    switch (message.type) {
      case 'rendered':
      case 'render-failed':
        if (message.revision === this.inFlight) this.inFlight = undefined
        if (message.revision >= this.floor && message.revision > this.applied) {
          if (message.type === 'rendered') {
            this.applied = message.revision
            this.events.onRender(message)
          } else {
            this.applied = -1
            this.events.onRenderError(message.error)
          }
        }
        if (this.inFlight === undefined) this.flush()
        return
      case 'messages':
        if (message.revision >= this.floor) this.events.onMessages(message)
        return
      case 'exported':
        this.exports.get(message.id)?.resolve({ data: message.data, fileName: message.fileName, messages: message.messages })
        this.exports.delete(message.id)
        return
      case 'export-failed':
        this.exports.get(message.id)?.reject(new Error(message.error))
        this.exports.delete(message.id)
        return
      case 'rasterize':
        void rasterizeOnPage(message.bytes, message.mime, message.width, message.height).then((bytes) =>
          this.port.post({ type: 'rasterized', id: message.id, ...(bytes ? { bytes } : {}) }, bytes ? [bytes.buffer] : []),
        )
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
      if (message.type === 'rasterized' || message.type === 'assets-changed') {
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
