/**
 * Mermaid drawn in a frame of its own, not in the page. Laying a diagram out (mermaid measures
 * every label) and rasterising it take hundreds of milliseconds on the main thread — 400 ms for
 * one sequence diagram — and no part of it can be cut into smaller tasks. A sandboxed iframe
 * without `allow-same-origin` has an opaque origin, and Chromium runs it in another process: the
 * page keeps answering the keyboard while the frame draws. (Elsewhere the frame may share the
 * page's process; it then draws as the page would have.)
 *
 * The frame is a `srcdoc` document, so it needs no URL of its own and works offline as the page
 * does: two classic scripts of the app's origin — mermaid's own bundle and frame-main.ts — which
 * the app's CSP (`script-src 'self'`, inherited by the srcdoc) allows. It gets one MessagePort
 * and answers each request with the drawing: the SVG, its `data:` URL and the PNG's bytes.
 *
 * A diagram that takes longer than `drawTimeoutMs` (mermaid stuck on a hostile source) costs the
 * frame: it is removed, which stops its script, and the next diagram gets a new one. A frame
 * left idle for `idleMs` is removed too — drawings are kept by the page (page-diagrams.ts), so
 * only a new or changed diagram needs one again.
 */
import type { DrawOptions } from './draw-mermaid.js'
import type { FrameMessage } from './frame-protocol.js'
import type { PageDiagram } from './page-drawing.js'

export interface DiagramFrameOptions {
  /** URLs of mermaid's bundle and of the frame's script (frame-main.ts), loaded in that order. */
  mermaidUrl: string
  scriptUrl: string
  /** How long the frame may take to load its scripts, in milliseconds. */
  startTimeoutMs: number
  /** How long one diagram may take to draw, in milliseconds. */
  drawTimeoutMs: number
  /** The frame is closed after this long without a drawing (its process holds mermaid: some 100 MB). */
  idleMs: number
}

interface Connection {
  frame: HTMLIFrameElement
  port: MessagePort
  pending: Map<number, (drawing: PageDiagram) => void>
}

/** The frame's document: nothing but the two scripts. */
export function frameDocument(mermaidUrl: string, scriptUrl: string): string {
  const attribute = (url: string) => new URL(url, document.baseURI).href.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
  return `<!doctype html><html><head><meta charset="utf-8"></head><body><script src="${attribute(mermaidUrl)}"></script><script src="${attribute(scriptUrl)}"></script></body></html>`
}

export class DiagramFrame {
  private connection: Promise<Connection> | undefined
  private nextId = 1
  private idleTimer: ReturnType<typeof setTimeout> | undefined
  private drawing = 0

  constructor(private readonly options: DiagramFrameOptions) {}

  /** Draws one diagram. Never rejects: a frame that does not start or a drawing that overruns is an error drawing. */
  async draw(source: string, drawOptions: DrawOptions): Promise<PageDiagram> {
    clearTimeout(this.idleTimer)
    this.drawing++
    try {
      return await this.drawInFrame(source, drawOptions)
    } finally {
      if (--this.drawing === 0) this.idleTimer = setTimeout(() => this.close(), this.options.idleMs)
    }
  }

  private async drawInFrame(source: string, drawOptions: DrawOptions): Promise<PageDiagram> {
    let connection: Connection
    try {
      connection = await (this.connection ??= this.start())
    } catch (error) {
      this.connection = undefined
      return { ok: false, error: `mermaid could not be loaded (${error instanceof Error ? error.message : String(error)})` }
    }
    const id = this.nextId++
    const answer = new Promise<PageDiagram | 'timeout'>((resolve) => {
      const timer = setTimeout(() => resolve('timeout'), this.options.drawTimeoutMs)
      connection.pending.set(id, (drawing) => {
        clearTimeout(timer)
        resolve(drawing)
      })
    })
    connection.port.postMessage({ id, source, options: drawOptions })
    const drawing = await answer
    connection.pending.delete(id)
    if (drawing !== 'timeout') return drawing
    this.close()
    const limit = this.options.drawTimeoutMs
    return { ok: false, error: `drawing it took longer than ${limit < 1000 ? `${limit} ms` : `${Math.round(limit / 1000)} s`}` }
  }

  /** Removes the frame (ending whatever it was drawing); the next drawing starts another. */
  close(): void {
    clearTimeout(this.idleTimer)
    const connection = this.connection
    this.connection = undefined
    void connection?.then(
      ({ frame, port, pending }) => {
        port.close()
        frame.remove()
        for (const settle of pending.values()) settle({ ok: false, error: 'the drawing frame was closed' })
        pending.clear()
      },
      () => undefined,
    )
  }

  private start(): Promise<Connection> {
    const frame = document.createElement('iframe')
    frame.setAttribute('sandbox', 'allow-scripts')
    frame.setAttribute('aria-hidden', 'true')
    frame.tabIndex = -1
    frame.title = 'Diagram drawing'
    // Laid out at a page's size (mermaid measures its text) but out of sight and out of the way.
    frame.style.cssText = 'position:fixed;left:-10000px;top:0;width:1024px;height:768px;border:0;pointer-events:none'
    frame.srcdoc = frameDocument(this.options.mermaidUrl, this.options.scriptUrl)
    return new Promise<Connection>((resolve, reject) => {
      const channel = new MessageChannel()
      const pending = new Map<number, (drawing: PageDiagram) => void>()
      const timer = setTimeout(() => fail('the drawing frame did not start'), this.options.startTimeoutMs)
      function fail(reason: string): void {
        clearTimeout(timer)
        channel.port1.close()
        frame.remove()
        reject(new Error(reason))
      }
      channel.port1.onmessage = ({ data }: MessageEvent<FrameMessage>) => {
        if (data.type === 'ready') {
          clearTimeout(timer)
          if (data.mermaid) resolve({ frame, port: channel.port1, pending })
          else fail('its script did not load in the drawing frame')
          return
        }
        pending.get(data.id)?.(data.drawing)
      }
      // The frame's scripts have run once it has loaded: hand it the port. Its origin is opaque, hence '*'.
      frame.addEventListener('load', () => frame.contentWindow?.postMessage({ type: 'connect' }, '*', [channel.port2]), { once: true })
      document.body.appendChild(frame)
    })
  }
}
