/**
 * The Web Worker entry: hands every message to the engine, one at a time, in order.
 */
/// <reference lib="webworker" />
import { Engine } from './engine.js'
import type { WorkerReply, WorkerRequest } from './protocol.js'

declare const self: DedicatedWorkerGlobalScope

const engine = new Engine((message: WorkerReply, transfer?: Transferable[]) => self.postMessage(message, transfer ?? []), true)

let queue: Promise<void> = Promise.resolve()
self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const message = event.data
  // Answers to rasterize requests must not wait behind the export that asked for them.
  if (message.type === 'rasterized' || message.type === 'diagram-drawn' || message.type === 'assets-changed') {
    void engine.handle(message)
    return
  }
  queue = queue.then(() => engine.handle(message)).catch(() => undefined)
}
