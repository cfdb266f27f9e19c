/**
 * Diagrams (```` ```mermaid ```` blocks) are drawn *before* compiling, like images are loaded
 * before (the compiler does no I/O, and drawing a diagram needs a browser's DOM to measure
 * text): every distinct diagram of the tree goes once through the caller's renderer — a headless
 * Chromium in the CLI, the page in the app — and the compiler embeds what came back.
 */
import type { Root } from 'mdast'
import { diagramBlocks, diagramKey, type DiagramKind } from '../../mdast/diagrams.js'

export interface DiagramRequest {
  kind: DiagramKind
}

export interface RenderedDiagram {
  ok: true
  /** The diagram as SVG markup, with its own width and height. */
  svg: string
  /** A PNG rendering of it — at twice `width` × `height` or more, so it stays sharp in print. */
  png: Uint8Array
  /** Its size in CSS pixels (96 per inch): the size it is shown at, before fitting to the page. */
  width: number
  height: number
}

export interface FailedDiagram {
  ok: false
  /** Why, as the renderer says it: mermaid's parse error ("Parse error on line 3: …"), or why nothing can be drawn. */
  error: string
  /**
   * Set when nothing could be drawn at all — no renderer, no browser — rather than this diagram
   * being wrong: such diagrams are reported once per document, not one by one.
   */
  unavailable?: true
}

export type DiagramResult = RenderedDiagram | FailedDiagram

/**
 * Draws one diagram from its source text. Resolve with a failure rather than throwing (a
 * throw counts as a failure of that diagram, with the error's message).
 */
export type DiagramRenderer = (source: string, request: DiagramRequest) => Promise<DiagramResult>

/** Every diagram of a document with what drawing it gave, by `diagramKey(kind, source)`. */
export type ResolvedDiagrams = ReadonlyMap<string, DiagramResult>

export interface ResolveDiagramsOptions {
  /** Draws diagrams (see DiagramRenderer); without one, diagrams stay code blocks, with a note. */
  renderDiagram?: DiagramRenderer
}

/** Says why diagrams stay code when no renderer was given. */
export const NO_RENDERER = 'no diagram renderer was given (the renderDiagram option)'

/** Draws every distinct diagram of the tree, one at a time, in document order. Never throws. */
export async function resolveDiagrams(tree: Root, options: ResolveDiagramsOptions = {}): Promise<Map<string, DiagramResult>> {
  const results = new Map<string, DiagramResult>()
  // One at a time: a renderer shares one page (mermaid renders one diagram at a time anyway).
  for (const { kind, source } of diagramBlocks(tree)) results.set(diagramKey(kind, source), await renderOne(source, kind, options.renderDiagram))
  return results
}

async function renderOne(source: string, kind: DiagramKind, render: DiagramRenderer | undefined): Promise<DiagramResult> {
  if (!render) return { ok: false, error: NO_RENDERER, unavailable: true }
  try {
    const result = await render(source, { kind })
    return checked(result)
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message || error.name : String(error) }
  }
}

/** A renderer's answer made safe to embed: a result without a usable PNG or size is a failure. */
function checked(result: DiagramResult | undefined): DiagramResult {
  if (!result || typeof result !== 'object') return { ok: false, error: 'the renderer returned nothing' }
  if (!result.ok) return { ok: false, error: String(result.error || 'unknown error'), ...(result.unavailable ? { unavailable: true as const } : {}) }
  const { svg, png, width, height } = result
  if (!(png instanceof Uint8Array) || !isPng(png)) return { ok: false, error: 'the renderer returned no PNG picture' }
  if (!(Number.isFinite(width) && Number.isFinite(height) && width > 0 && height > 0)) return { ok: false, error: 'the renderer returned a picture without a size' }
  return { ok: true, svg: typeof svg === 'string' ? svg : '', png, width, height }
}

function isPng(bytes: Uint8Array): boolean {
  return bytes.length > 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47
}
