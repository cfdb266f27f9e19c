/**
 * Diagrams drawn for the page — for the preview, and for the export, whose workers have no DOM
 * and ask the page (worker/diagram-source.ts). In the built app mermaid draws in a sandboxed
 * frame of its own process (diagram-frame.ts), its bundle loaded only when a document first has
 * a diagram; under `vite` (dev) and the tests, where the frame's script is not one classic
 * script, it draws in the page. Drawings are kept by their source, so a diagram is drawn once
 * however often the preview shows it and the export asks for it, and an edit redraws only the
 * diagram it changed; one is drawn at a time (mermaid lays a diagram out to measure its text).
 */
import type { DiagramResult } from '../docx/media/diagrams.js'
import { diagramKey, type DiagramKind } from '../mdast/diagrams.js'
import mermaidUrl from 'mermaid/dist/mermaid.min.js?url'
import { DiagramFrame } from './diagram-frame.js'
import { drawMermaid, type DrawOptions, type PageMermaid } from './draw-mermaid.js'
import { pageDiagramOf, type PageDiagram } from './page-drawing.js'
import frameScriptUrl from './frame-main.ts?worker&url'
import { DIAGRAM_BOX_WIDTH, MAX_PNG_SIDE, MERMAID_CONFIG, PNG_SCALE } from './mermaid-config.js'

export type { PageDiagram }

/** How many drawings are kept (the least recently used go first). */
const KEPT = 64

const DRAW_OPTIONS: DrawOptions = { config: MERMAID_CONFIG, boxWidth: DIAGRAM_BOX_WIDTH, scale: PNG_SCALE, maxSide: MAX_PNG_SIDE }

/** A diagram mermaid has not drawn in this long is given up (and its frame replaced). */
const DRAW_TIMEOUT_MS = 20_000

const frame = new DiagramFrame({ mermaidUrl, scriptUrl: frameScriptUrl, startTimeoutMs: 60_000, drawTimeoutMs: DRAW_TIMEOUT_MS, idleMs: 120_000 })

const drawings = new Map<string, Promise<PageDiagram>>()
const settled = new Map<string, PageDiagram>()
let mermaid: Promise<PageMermaid> | undefined
let queue: Promise<unknown> = Promise.resolve()

function loadMermaid(): Promise<PageMermaid> {
  // Only under dev and the tests: the build has no other use for mermaid's modules, and leaves them out.
  if (!import.meta.env.DEV) return Promise.reject(new Error('mermaid draws in its frame in the built app'))
  mermaid ??= import('mermaid').then((module) => module.default as PageMermaid)
  // A failed load (offline before the chunk was cached) is tried again next time.
  mermaid.catch(() => {
    mermaid = undefined
  })
  return mermaid
}

/** The drawing of a diagram when it is already made (so a block drawn again shows it at once), else undefined. */
export function drawnDiagram(kind: DiagramKind, source: string): PageDiagram | undefined {
  return settled.get(diagramKey(kind, source))
}

/** Draws a diagram in the page, or gives the drawing made before. Never rejects. */
export function drawDiagram(kind: DiagramKind, source: string): Promise<PageDiagram> {
  const key = diagramKey(kind, source)
  const known = drawings.get(key)
  if (known) {
    drawings.delete(key)
    drawings.set(key, known)
    return known
  }
  const drawing = queue.then(() => drawOne(source))
  queue = drawing
  drawings.set(key, drawing)
  void drawing.then((result) => {
    if (drawings.get(key) !== drawing) return
    // Not kept when mermaid itself did not load: the next attempt loads it again.
    if (!result.ok && result.error.startsWith('mermaid could not be loaded')) drawings.delete(key)
    else settled.set(key, result)
  })
  for (const oldest of drawings.keys()) {
    if (drawings.size <= KEPT) break
    drawings.delete(oldest)
    settled.delete(oldest)
  }
  return drawing
}

/** The export's form of a drawing (see docx/media/diagrams.ts). */
export async function drawDiagramForExport(kind: DiagramKind, source: string): Promise<DiagramResult> {
  const drawing = await drawDiagram(kind, source)
  if (!drawing.ok) return drawing
  return { ok: true, svg: drawing.svg, png: drawing.png, width: drawing.width, height: drawing.height }
}

function drawOne(source: string): Promise<PageDiagram> {
  return import.meta.env.DEV ? drawInPage(source) : frame.draw(source, DRAW_OPTIONS)
}

async function drawInPage(source: string): Promise<PageDiagram> {
  let api: PageMermaid
  try {
    api = await loadMermaid()
  } catch (error) {
    return { ok: false, error: `mermaid could not be loaded (${error instanceof Error ? error.message : String(error)})` }
  }
  try {
    return pageDiagramOf(await drawMermaid(api, source, DRAW_OPTIONS))
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) }
  }
}
