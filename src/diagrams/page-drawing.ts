/**
 * A drawing as the page uses it — for the preview's `<img>` and the export's PNG — made from
 * what drawMermaid gives (text, as it must cross from the CLI's headless page). Shared by the
 * drawing frame's script (frame-main.ts) and the in-page drawing under dev (page-diagrams.ts).
 */
import type { PageDrawing } from './draw-mermaid.js'

export type PageDiagram =
  | {
      ok: true
      svg: string
      /** The SVG as a `data:` URL, for an `<img>`: an image runs no script and loads nothing. */
      svgUrl: string
      /** The PNG's bytes. */
      png: Uint8Array
      width: number
      height: number
    }
  | { ok: false; error: string }

export function pageDiagramOf(drawing: PageDrawing): PageDiagram {
  if (!drawing.ok) return drawing
  const png = pngBytes(drawing.png)
  if (!png) return { ok: false, error: 'the page drew no PNG picture' }
  return { ok: true, svg: drawing.svg, svgUrl: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(drawing.svg)}`, png, width: drawing.width, height: drawing.height }
}

/** The bytes of a `data:image/png;base64,` URL. */
function pngBytes(url: string): Uint8Array | undefined {
  const prefix = 'data:image/png;base64,'
  if (!url.startsWith(prefix)) return undefined
  const binary = atob(url.slice(prefix.length))
  const bytes = new Uint8Array(binary.length)
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index)
  return bytes
}
