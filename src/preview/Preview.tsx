/**
 * The rendered document: one memoised component per top-level block, keyed by the block's
 * content key, so an edit re-renders only the blocks it changed. hast becomes React elements
 * through hast-util-to-jsx-runtime — no HTML strings.
 *
 * Source lines: the block's own `data-line` comes from its props; lines of elements inside it
 * are stored relative to the block (`data-rel`) and made absolute in the DOM after render, so
 * a block that only moved is not rendered again.
 */
import type { Root as HastRoot } from 'hast'
import { toJsxRuntime, type Components } from 'hast-util-to-jsx-runtime'
import { memo, useEffect, useLayoutEffect, useRef, useState, type MouseEvent } from 'react'
import { Fragment, jsx, jsxs } from 'react/jsx-runtime'
import type { OutlineEntry, PreviewBlock } from '../markdown/preview-hast.js'
import { CLOBBER_PREFIX } from '../markdown/preview/clobber.js'
import { PreviewCheckbox, PreviewImage } from './components.js'

const components: Partial<Components> = { img: PreviewImage, input: PreviewCheckbox }

const BlockContent = memo(function BlockContent({ hast }: { hast: HastRoot }) {
  return toJsxRuntime(hast, { Fragment, jsx, jsxs, components, ignoreInvalidStyle: true })
})

interface ShellProps {
  block: PreviewBlock
  hast: HastRoot | undefined
}

const BlockShell = memo(function BlockShell({ block, hast }: ShellProps) {
  const ref = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    for (const node of element.querySelectorAll<HTMLElement>('[data-rel]')) {
      node.setAttribute('data-line', String(block.line + Number(node.getAttribute('data-rel'))))
    }
  }, [block.line, hast])
  return (
    <div ref={ref} className={block.kind === 'footnotes' ? 'md-block md-footnotes' : 'md-block'} data-block="" data-line={block.line} data-end-line={block.endLine}>
      {hast ? <BlockContent hast={hast} /> : null}
    </div>
  )
}, (a, b) => a.hast === b.hast && a.block.line === b.block.line && a.block.endLine === b.block.endLine && a.block.kind === b.block.kind)

export interface PreviewProps {
  blocks: readonly PreviewBlock[]
  hast: ReadonlyMap<string, HastRoot>
  /** A click on a block (not on a link): the block's source line. */
  onLineClick: (line: number) => void
  /** The table of contents the front matter asks for (`toc: true`), shown after the title block as in the export. */
  toc?: { depth: number; entries: readonly OutlineEntry[] }
}

/** The contents list the export puts after the title block (a TOC field in Word), with working links. */
function TableOfContents({ depth, entries }: { depth: number; entries: readonly OutlineEntry[] }) {
  const shown = entries.filter((entry) => entry.depth <= depth)
  const top = Math.min(...shown.map((entry) => entry.depth))
  return (
    <nav className="toc" aria-label="Contents">
      <p className="toc-title">Contents</p>
      {shown.map((entry, i) => (
        <p key={`${entry.slug}-${i}`} className={`toc-entry toc-${entry.depth - top + 1}`}>
          <a href={`#${entry.slug}`}>{entry.text}</a>
        </p>
      ))}
    </nav>
  )
}

/** Finds the element a fragment link points at: its own id, or the sanitiser's prefixed one. */
export function fragmentTarget(root: ParentNode, fragment: string): HTMLElement | null {
  let id = fragment
  try {
    id = decodeURIComponent(fragment)
  } catch {
    // keep it as written
  }
  if (id === '') return null
  const byId = (value: string) => root.querySelector<HTMLElement>(`[id="${CSS.escape(value)}"]`)
  return byId(id.startsWith(CLOBBER_PREFIX) ? id : CLOBBER_PREFIX + id) ?? byId(id)
}

/**
 * The colours of highlighted code (the ones Word's token styles use), loaded on demand so the
 * highlighter is not in the page's first bundle.
 */
function useHighlightCss(): string {
  const [css, setCss] = useState('')
  useEffect(() => {
    let live = true
    import('../markdown/highlight.js').then(
      ({ highlightCss }) => live && setCss(highlightCss('.page-content pre code')),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [])
  return css
}

function PreviewComponent({ blocks, hast, onLineClick, toc }: PreviewProps) {
  const css = useHighlightCss()
  const seen = new Map<string, number>()
  const onClick = (event: MouseEvent<HTMLElement>) => {
    const target = event.target as HTMLElement
    const link = target.closest('a')
    if (link) {
      const href = link.getAttribute('href') ?? ''
      if (href.startsWith('#')) {
        event.preventDefault()
        fragmentTarget(event.currentTarget, href.slice(1))?.scrollIntoView({ block: 'start' })
      } else if (!link.hasAttribute('target')) {
        // Relative links point at files next to the Markdown; following one would leave the app.
        event.preventDefault()
      }
      return
    }
    if (!window.getSelection()?.isCollapsed) return
    const lined = target.closest<HTMLElement>('[data-line]')
    const line = Number(lined?.getAttribute('data-line'))
    if (lined && Number.isFinite(line)) onLineClick(line)
  }
  return (
    <>
      {/* Outside the article: the preview holds the document only. */}
      {css && <style>{css}</style>}
      <article className="page-content markdown-body" data-testid="preview" onClick={onClick} aria-label="Preview">
      {blocks.map((block, index) => {
        // Equal blocks (two `---`, two identical paragraphs) share a content key; React keys must differ.
        const n = seen.get(block.key) ?? 0
        seen.set(block.key, n + 1)
        const shell = <BlockShell key={n === 0 ? block.key : `${block.key}~${n}`} block={block} hast={hast.get(block.key)} />
        // The front matter is the first block (line 1); the contents follow it.
        if (index === 0 && toc && toc.entries.length > 0 && block.line === 1) return [shell, <TableOfContents key="toc" depth={toc.depth} entries={toc.entries} />]
        return shell
      })}
      </article>
    </>
  )
}

export const Preview = memo(PreviewComponent)
