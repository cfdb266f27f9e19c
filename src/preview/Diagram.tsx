/**
 * A diagram in the preview (`<div class="diagram">` around its code, markdown/preview/code.ts):
 * drawn in the page (diagrams.ts) and shown as an image of its SVG — an image runs no script and
 * loads nothing, whatever the diagram says — centred, at its size, shrunk to the page width, as
 * the export places it. Until it is drawn its code shows; a diagram mermaid cannot draw shows
 * mermaid's error, marked, above its code, as the export keeps it.
 */
import type { Element, ElementContent } from 'hast'
import { useEffect, useState, type ComponentPropsWithoutRef } from 'react'
import { mermaidLabel, readMermaidError } from '../mdast/mermaid-source.js'
import type { DiagramKind } from '../mdast/diagrams.js'
import { drawDiagram, drawnDiagram, type PageDiagram } from '../diagrams/page-diagrams.js'

type DivProps = ComponentPropsWithoutRef<'div'> & { node?: Element }

/** Waits this long after a diagram's source last changed before drawing it (each keystroke in it makes a new source). */
const TYPING_PAUSE_MS = 300

/** The preview's `<div>`: a diagram, or a plain div. */
export function PreviewDiv({ node, ...props }: DivProps) {
  const diagram = node ? diagramOf(node) : undefined
  if (diagram) return <PreviewDiagram {...diagram} props={props} />
  return <div {...props} />
}

function diagramOf(node: Element): { kind: DiagramKind; source: string } | undefined {
  const classes = node.properties.className
  if (!Array.isArray(classes) || !classes.includes('diagram')) return undefined
  const code = findCode(node.children)
  const language = code && Array.isArray(code.properties.className) ? code.properties.className.find((name) => String(name).startsWith('language-')) : undefined
  if (!code || language !== 'language-mermaid') return undefined
  return { kind: 'mermaid', source: textOf(code) }
}

/** The text of an element as written (the diagram's source: the preview's code handler puts it in one text node). */
function textOf(node: Element | ElementContent): string {
  if (node.type === 'text') return node.value
  return node.type === 'element' ? node.children.map(textOf).join('') : ''
}

function findCode(children: readonly ElementContent[]): Element | undefined {
  for (const child of children) {
    if (child.type !== 'element') continue
    if (child.tagName === 'code') return child
    const inner = findCode(child.children)
    if (inner) return inner
  }
  return undefined
}

function PreviewDiagram({ kind, source, props }: { kind: DiagramKind; source: string; props: ComponentPropsWithoutRef<'div'> }) {
  const [drawing, setDrawing] = useState<{ source: string; result: PageDiagram } | undefined>(() => {
    const known = drawnDiagram(kind, source)
    return known ? { source, result: known } : undefined
  })
  const current = drawing?.source === source ? drawing.result : undefined
  useEffect(() => {
    const known = drawnDiagram(kind, source)
    if (known) {
      setDrawing({ source, result: known })
      return
    }
    let live = true
    const timer = setTimeout(() => {
      void drawDiagram(kind, source).then((result) => {
        if (live) setDrawing({ source, result })
      })
    }, TYPING_PAUSE_MS)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [kind, source])

  const { children, className: _className, ...rest } = props
  if (!current) {
    return (
      <div {...rest} className="diagram diagram-pending" aria-busy="true">
        {children}
      </div>
    )
  }
  if (!current.ok) {
    const error = readMermaidError(source, current.error)
    return (
      <div {...rest} className="diagram diagram-failed">
        <p className="diagram-error" role="note">
          Mermaid could not draw this diagram{error.line !== undefined ? ` (line ${error.line} of the diagram)` : ''}: {error.reason}. The export keeps its code.
        </p>
        {children}
      </div>
    )
  }
  const label = mermaidLabel(source)
  return (
    <div {...rest} className="diagram diagram-drawn">
      <img className="diagram-picture" src={current.svgUrl} alt={label.title ?? (label.firstLine || 'Mermaid diagram')} width={current.width} height={current.height} draggable={false} />
    </div>
  )
}
