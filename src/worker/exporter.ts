/**
 * The export worker's entry (export-engine.ts): messages from the page (settings, asset
 * changes, rasterized images, the channel to the render worker) and, on that channel, trees
 * and jobs from the render worker.
 */
/// <reference lib="webworker" />
import { ExportEngine } from './export-engine.js'
import type { ExporterLinkMessage, ExporterRequest, WorkerReply } from './protocol.js'

declare const self: DedicatedWorkerGlobalScope

const engine = new ExportEngine((message: WorkerReply, transfer?: Transferable[]) => self.postMessage(message, transfer ?? []))

// The engine's counts (exports built, prepared in advance, reused), readable on the worker's
// global: the browser tests wait for an export prepared during a pause instead of sleeping.
Object.assign(self, { markdocxExportCounts: engine.counts })

// Images that failed while offline are worth a try at the next click once the network is back.
self.addEventListener('online', () => engine.networkBack())

self.onmessage = (event: MessageEvent<ExporterRequest>) => {
  const message = event.data
  if (message.type === 'connect') {
    message.port.onmessage = (link: MessageEvent<ExporterLinkMessage>) => engine.handle(link.data)
    return
  }
  engine.handle(message)
}
