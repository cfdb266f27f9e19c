/**
 * Draws one Mermaid diagram in a browser page: SVG from mermaid, its size, and a PNG drawn from
 * that SVG on a canvas. The app calls it in its page; the CLI hands its *text* to a blank
 * headless Chromium page (chromium-diagrams.ts), so the function must stay self-contained: it
 * uses only its arguments and the page's globals — no imports, no helpers outside its body.
 */
import type { MermaidConfig } from 'mermaid'

/** What the function needs of mermaid's API. */
export interface PageMermaid {
  initialize(config: MermaidConfig): void
  render(id: string, text: string, container?: Element): Promise<{ svg: string }>
}

export interface DrawOptions {
  config: MermaidConfig
  /** Width of the box diagrams are drawn in (diagrams that fill their container take it). */
  boxWidth: number
  /** PNG pixels per CSS pixel, and the cap on the PNG's longest side. */
  scale: number
  maxSide: number
}

export type PageDrawing =
  | {
      ok: true
      /** The SVG with its own width and height (no `width="100%"`). */
      svg: string
      /** The PNG as a `data:image/png;base64,` URL (it crosses from a headless page as text). */
      png: string
      /** The diagram's size in CSS pixels. */
      width: number
      height: number
    }
  | { ok: false; error: string }

export async function drawMermaid(mermaid: PageMermaid, source: string, options: DrawOptions): Promise<PageDrawing> {
  // Past its limit mermaid draws a box saying so: a picture of nothing, the code out of sight.
  const limit = options.config.maxTextSize ?? 50_000
  if (source.length > limit) return { ok: false, error: `the diagram is longer than mermaid's limit of ${limit} characters` }
  const box = document.createElement('div')
  // Laid out (mermaid measures its text) but out of sight and out of the way.
  box.setAttribute('aria-hidden', 'true')
  box.style.cssText = `position:fixed;left:-100000px;top:0;width:${options.boxWidth}px;visibility:hidden;pointer-events:none`
  document.body.appendChild(box)
  const id = 'markdocx-diagram'
  // mermaid draws some labels from Math.random (a git graph's commit ids, "0-3f9a2c1"), which
  // `deterministicIds` does not reach: while it draws, Math.random is a generator seeded by the
  // source, so a diagram is the same picture on every export. The page's own generator is kept
  // under a global key, so overlapping drawings restore that one and never each other's.
  const saved = '__markdocxMathRandom'
  const globals = globalThis as unknown as Record<string, (() => number) | undefined>
  const pageRandom = (globals[saved] ??= Math.random)
  let seed = 2166136261
  for (let index = 0; index < source.length; index++) seed = Math.imul(seed ^ source.charCodeAt(index), 16777619)
  Math.random = () => {
    // mulberry32
    seed = (seed + 0x6d2b79f5) | 0
    let mixed = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296
  }
  try {
    mermaid.initialize(options.config)
    let svgText: string
    try {
      svgText = (await mermaid.render(id, source, box)).svg
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      return { ok: false, error: message || 'mermaid could not draw it' }
    }
    const parsed = new DOMParser().parseFromString(svgText, 'image/svg+xml')
    const svg = parsed.documentElement
    if (svg.nodeName !== 'svg') return { ok: false, error: 'mermaid drew no SVG' }
    const viewBox = (svg.getAttribute('viewBox') ?? '').split(/[\s,]+/).map(Number)
    const maxWidth = /max-width:\s*([\d.]+)px/.exec(svg.getAttribute('style') ?? '')
    let width = viewBox.length === 4 && viewBox[2]! > 0 ? viewBox[2]! : Number(maxWidth?.[1] ?? 0)
    let height = viewBox.length === 4 && viewBox[3]! > 0 ? viewBox[3]! : 0
    if (!(width > 0 && height > 0)) {
      const rendered = box.querySelector('svg')?.getBoundingClientRect()
      width = rendered?.width ?? 0
      height = rendered?.height ?? 0
    }
    if (!(width > 0 && height > 0)) return { ok: false, error: 'mermaid drew an empty diagram' }
    width = Math.ceil(width)
    height = Math.ceil(height)
    // Its own size instead of "100%" and a max-width: shown as an image, and read by Word, it keeps it.
    svg.setAttribute('width', String(width))
    svg.setAttribute('height', String(height))
    svg.removeAttribute('style')
    const svgOut = new XMLSerializer().serializeToString(svg)
    const image = new Image()
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svgOut)}`
    await image.decode()
    const scale = Math.max(0.1, Math.min(options.scale, options.maxSide / Math.max(width, height)))
    const canvas = document.createElement('canvas')
    canvas.width = Math.max(1, Math.round(width * scale))
    canvas.height = Math.max(1, Math.round(height * scale))
    const context = canvas.getContext('2d')
    if (!context) return { ok: false, error: 'the page has no canvas to draw the picture on' }
    // On white, as on the page: a transparent picture would vanish on a dark background.
    context.fillStyle = '#ffffff'
    context.fillRect(0, 0, canvas.width, canvas.height)
    context.drawImage(image, 0, 0, canvas.width, canvas.height)
    return { ok: true, svg: svgOut, png: canvas.toDataURL('image/png'), width, height }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    return { ok: false, error: `the diagram could not be drawn as a picture (${message})` }
  } finally {
    Math.random = pageRandom
    box.remove()
    // mermaid leaves its error drawing (a "syntax error" bomb) in the page when a source does not parse.
    document.getElementById(id)?.remove()
    document.getElementById(`d${id}`)?.remove()
  }
}
