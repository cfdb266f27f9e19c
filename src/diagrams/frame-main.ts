/**
 * The script of the diagram frame (diagram-frame.ts): a sandboxed iframe with an opaque origin,
 * which Chromium runs in a process of its own, so mermaid's layout and the picture's rasterising
 * never hold up the page's main thread. mermaid's own bundle (`mermaid.min.js`) is loaded before
 * it, as a classic script; this one is too, so it must bundle to one file with no `import` or
 * `export` left (page-diagrams.ts takes its URL with `?worker&url`, which bundles it so) — hence
 * type-only imports besides `drawMermaid` and `pageDiagramOf`.
 *
 * The page hands the frame one MessagePort; every request on it is a diagram to draw, answered
 * in order. The frame answers only the page that made it (`event.source === parent`).
 */
import { drawMermaid, type PageMermaid } from './draw-mermaid.js'
import type { FrameDrawRequest, FrameMessage } from './frame-protocol.js'
import { pageDiagramOf, type PageDiagram } from './page-drawing.js'

async function draw(api: PageMermaid | undefined, request: FrameDrawRequest): Promise<PageDiagram> {
  if (!api) return { ok: false, error: 'mermaid could not be loaded (its script did not load in the drawing frame)' }
  return pageDiagramOf(await drawMermaid(api, request.source, request.options))
}

function connect(event: MessageEvent): void {
  const port = event.ports[0]
  if (event.source !== parent || !port) return
  removeEventListener('message', connect)
  const api = (globalThis as { mermaid?: PageMermaid }).mermaid
  let queue: Promise<unknown> = Promise.resolve()
  port.onmessage = ({ data }: MessageEvent<FrameDrawRequest>) => {
    queue = queue.then(async () => {
      const drawing = await draw(api, data).catch((error: unknown): PageDiagram => ({ ok: false, error: error instanceof Error ? error.message : String(error) }))
      const message: FrameMessage = { type: 'drawn', id: data.id, drawing }
      port.postMessage(message, drawing.ok ? [drawing.png.buffer] : [])
    })
  }
  const ready: FrameMessage = { type: 'ready', mermaid: api !== undefined }
  port.postMessage(ready)
}

addEventListener('message', connect)
