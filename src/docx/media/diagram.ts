/**
 * A diagram block (```` ```mermaid ````) as a Word picture: the PNG its renderer drew (see
 * diagrams.ts), centred in a Figure paragraph at its own size shrunk to fit the width where it
 * stands and the page height, like an image. Its alt text says what it is — its title (or
 * `accTitle`) and `accDescr`, else its first line — followed by its source, so the diagram's
 * code travels with the document. With `svg: 'vector'` the SVG goes in as well, the PNG as its
 * fallback (opt-in, as for SVG images: see DocxOptions.svg).
 *
 * A diagram that could not be drawn stays a code block (the code handler writes it) with a
 * message: mermaid's error on the line it names (`diagram-not-rendered`), or, when nothing
 * could be drawn at all (no renderer, no browser), one note for the whole document
 * (`diagram-no-renderer`: the code is all there, nothing is lost). Code in raw HTML
 * (`<pre><code class="language-mermaid">`) is no diagram: it stays code, as in the preview.
 */
import { ImageRun, type FileChild } from 'docx'
import type { Code } from 'mdast'
import { diagramKind, diagramSource, type DiagramKind } from '../../mdast/diagrams.js'
import { walk } from '../../mdast/walk.js'
import type { Context } from '../context.js'
import { mermaidLabel, readMermaidError } from '../../mdast/mermaid-source.js'
import { multilineAttribute } from '../text/multiline-attribute.js'
import { fitted } from './picture.js'
import type { State } from '../state.js'
import { xmlSafe } from '../text/text.js'

/** Room kept under a figure, as a share of the text height (as for images). */
const HEIGHT_SHARE = 0.85

const NAMES: Record<DiagramKind, string> = { mermaid: 'Mermaid' }

/** The documents whose missing renderer was already reported (once each). */
const reportedUnavailable = new WeakSet<State>()

/** The diagram's picture paragraph, or undefined (with a message) when it stays code. */
export function diagramFigure(state: State, node: Code, kind: DiagramKind, context: Context): FileChild[] | undefined {
  const source = diagramSource(node)
  const result = state.diagram(kind, source)
  // Not among the document's diagrams: code from raw HTML (`<pre><code class="language-mermaid">`), as the preview shows it.
  if (!result) return undefined
  if (!result.ok) {
    if (result.unavailable) reportUnavailable(state, node, kind, result.error)
    else reportFailure(state, node, kind, source, result.error)
    return undefined
  }
  const room = { width: context.width, height: state.textArea.height * HEIGHT_SHARE }
  const transformation = fitted({ format: 'png', width: result.width, height: result.height }, room.width, room.height)
  const id = state.drawingId()
  const label = mermaidLabel(source)
  // The title only where the diagram states one (pandoc reads it back as the image's title).
  const altText = { id: String(id), name: `Diagram ${id}`, description: multilineAttribute(altDescription(label, source)), ...(label.title ? { title: xmlSafe(label.title).text } : {}) }
  const png = { type: 'png' as const, data: result.png }
  const run =
    state.options.svg === 'vector' && result.svg
      ? new ImageRun({ type: 'svg', data: new TextEncoder().encode(result.svg), fallback: png, transformation, altText })
      : new ImageRun({ ...png, transformation, altText })
  // The first block of a list item carries the item's number: there it stays a numbered paragraph, not a centred figure.
  const figure = state.pendingFirstParagraph() || context.inTable ? state.paragraph(context, [run]) : state.paragraph(context, [run], { style: 'Figure' })
  return [figure]
}

/** Whether a code block is a diagram that was drawn (a picture, not code, in the document). */
export function isDrawnDiagram(state: State, node: Code): boolean {
  const kind = diagramKind(node)
  return kind !== undefined && state.diagram(kind, diagramSource(node))?.ok === true
}

/** What a reader of the alt text learns: the title and description the diagram states, then its code. */
function altDescription(label: ReturnType<typeof mermaidLabel>, source: string): string {
  const said = [label.title, label.description].filter((part): part is string => Boolean(part))
  return said.length > 0 ? `${said.join(': ')}\n\n${source}` : source
}

function reportFailure(state: State, node: Code, kind: DiagramKind, source: string, error: string): void {
  const read = kind === 'mermaid' ? readMermaidError(source, error) : { reason: error }
  const start = node.position?.start
  // The diagram's first line is the one after the opening fence.
  const place =
    start && read.line !== undefined
      ? { line: start.line + read.line, column: start.column + (read.column !== undefined ? read.column - 1 : 0) }
      : node.position
  state.file.message(`${NAMES[kind]} diagram not drawn (${read.reason}); its code is kept`, { place, ruleId: 'diagram-not-rendered', source: 'markdocx' })
}

function reportUnavailable(state: State, node: Code, kind: DiagramKind, why: string): void {
  if (reportedUnavailable.has(state)) return
  reportedUnavailable.add(state)
  let count = 0
  walk(state.tree, (visited) => {
    if (visited.type !== 'code') return
    const code = visited as Code
    const other = diagramKind(code)
    const result = other ? state.diagram(other, diagramSource(code)) : undefined
    if (result && !result.ok && result.unavailable) count++
  })
  const what = count === 1 ? `The ${NAMES[kind]} diagram stays a code block` : `${count} diagrams stay code blocks`
  state.info(node, `${what}: ${why}`, 'diagram-no-renderer')
}
