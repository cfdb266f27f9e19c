/**
 * Diagrams for a document's export and check, in a worker: drawn by the page, which has the DOM
 * mermaid needs (diagrams/page-diagrams.ts), through `draw-diagram` requests it answers — as images
 * the worker cannot decode are drawn (image-source.ts). Drawings are kept by their source, so an
 * export after an edit asks the page only for the diagrams that changed.
 */
import type { DiagramRenderer, DiagramResult } from '../docx/media/diagrams.js'
import { diagramKey, type DiagramKind } from '../mdast/diagrams.js'
import type { DrawDiagramRequest } from './protocol.js'

/** How many drawings are kept (the least recently used go first). */
const KEPT = 64
/** The page loads mermaid on its first diagram: give it time. */
const TIMEOUT_MS = 60_000

export class DiagramSource {
  private readonly drawn = new Map<string, Promise<DiagramResult>>()
  private readonly requests = new Map<number, (result: DiagramResult) => void>()
  private nextId = 0

  constructor(
    /** Sends a draw request to the page; undefined where there is no page to ask. */
    private readonly askPage: ((request: DrawDiagramRequest) => void) | undefined,
  ) {}

  /** The page's answer to a draw request. */
  answer(id: number, result: DiagramResult): void {
    this.requests.get(id)?.(result)
    this.requests.delete(id)
  }

  /** The renderer the compiler's resolveDiagrams calls. */
  readonly render: DiagramRenderer = (source, { kind }) => {
    const key = diagramKey(kind, source)
    const known = this.drawn.get(key)
    if (known) {
      this.drawn.delete(key)
      this.drawn.set(key, known)
      return known
    }
    const drawing = this.ask(kind, source)
    this.drawn.set(key, drawing)
    // A page that did not answer may answer next time: not kept.
    void drawing.then((result) => {
      if (!result.ok && result.unavailable) this.drawn.delete(key)
    })
    for (const oldest of this.drawn.keys()) {
      if (this.drawn.size <= KEPT) break
      this.drawn.delete(oldest)
    }
    return drawing
  }

  private ask(kind: DiagramKind, source: string): Promise<DiagramResult> {
    const askPage = this.askPage
    if (!askPage) return Promise.resolve({ ok: false, error: 'there is no page to draw diagrams in', unavailable: true })
    const id = ++this.nextId
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.requests.delete(id)
        resolve({ ok: false, error: `the page did not draw them within ${TIMEOUT_MS / 1000} s`, unavailable: true })
      }, TIMEOUT_MS)
      this.requests.set(id, (result) => {
        clearTimeout(timer)
        resolve(result)
      })
      askPage({ type: 'draw-diagram', id, kind, source })
    })
  }
}
