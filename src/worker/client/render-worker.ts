/**
 * The page's line to the render worker (worker.ts): a Web Worker where the browser has them,
 * else the same engine in the page (jsdom, very old browsers), answering asynchronously like a
 * worker. A worker stuck in a parse cannot be interrupted, only replaced: `restart`.
 */
import type { WorkerReply, WorkerRequest } from '../protocol.js'

export interface Port {
  post(message: WorkerRequest, transfer?: Transferable[]): void
  close(): void
}

export interface RenderWorkerHandlers {
  receive(message: WorkerReply): void
  /** The worker failed (an uncaught error); its detail, possibly empty. */
  fail(detail: string): void
}

export class RenderWorker {
  private port: Port
  /** The Web Worker behind `port`, when there is one (the in-thread engine cannot be stopped). */
  private worker: Worker | undefined
  /** The worker has not answered yet (it may still be loading its code). */
  cold = true
  /** Whether the first port was a Web Worker (else everything runs in the page). */
  readonly usesWorker: boolean

  constructor(private readonly handlers: RenderWorkerHandlers) {
    const port = this.spawn()
    this.usesWorker = port !== undefined
    this.port = port ?? this.inThread()
  }

  /** Whether a Web Worker (which can be timed and replaced) does the work now. */
  get isWorker(): boolean {
    return this.worker !== undefined
  }

  post(message: WorkerRequest, transfer?: Transferable[]): void {
    this.port.post(message, transfer)
  }

  /** Terminates the worker and starts a fresh one (which holds nothing the old one did). */
  restart(): void {
    this.port.close()
    this.worker = undefined
    this.port = this.spawn() ?? this.inThread()
  }

  close(): void {
    this.port.close()
  }

  private receive(message: WorkerReply): void {
    this.cold = false
    this.handlers.receive(message)
  }

  /** Starts a Web Worker and returns its port, or undefined where workers are unavailable. */
  private spawn(): Port | undefined {
    if (typeof Worker === 'undefined') return undefined
    try {
      const worker = new Worker(new URL('../worker.ts', import.meta.url), { type: 'module', name: 'markdocx' })
      worker.onmessage = (event: MessageEvent<WorkerReply>) => {
        if (this.worker === worker) this.receive(event.data)
      }
      worker.onerror = (event) => {
        event.preventDefault()
        if (this.worker === worker) this.handlers.fail(event.message)
      }
      this.worker = worker
      this.cold = true
      return { post: (message, transfer) => worker.postMessage(message, transfer ?? []), close: () => worker.terminate() }
    } catch {
      return undefined
    }
  }

  private inThread(): Port {
    return inThreadPort((message) => this.receive(message))
  }
}

/**
 * The engine in the page: same messages, delivered asynchronously like a worker's. Imported on
 * demand, so the compiler is not in the page's bundle when a worker does the work.
 */
function inThreadPort(receive: (message: WorkerReply) => void): Port {
  let closed = false
  const engine = import('../engine.js').then(
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
