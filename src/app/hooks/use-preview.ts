/**
 * The preview's state. Its blocks live in a store the worker's patches update
 * (src/preview/store.ts); React state holds only what the rest of the page shows from a render
 * (outline, counts, title, contents), and the render's failures.
 */
import { useCallback, useMemo, useState } from 'react'
import { samePageOutline, type PageOutline } from '../../markdown/preview-hast.js'
import { PreviewStore } from '../../preview/store.js'
import type { HastReply, RenderReply } from '../../worker/protocol.js'

export interface PreviewSummary {
  /** The headings the outline and contents list can show, and the counts when there are more. */
  outline: PageOutline
  words: number
  characters: number
  title?: string
  toc?: number
  timings?: RenderReply['timings']
}

export interface PreviewState {
  store: PreviewStore
  summary: PreviewSummary
  /** The table of contents the front matter asks for: one object per change, so the preview is not drawn again for every keystroke. */
  toc: { depth: number; outline: PageOutline } | undefined
  renderError: string | null
  /** The budget (ms) the last render overran; the preview shows the render before it. */
  renderStalled: number | null
  /** The worker's events (stable). */
  onRender: (reply: RenderReply) => void
  /** More renderings for the last render (the worker sends many in parts). */
  onHast: (reply: HastReply) => void
  onRenderError: (error: string) => void
  onRenderTimeout: (budgetMs: number) => void
  /** Another document is shown: nothing of the last one stays. Stable. */
  clear: () => void
}

const EMPTY: PreviewSummary = { outline: { entries: [] }, words: 0, characters: 0 }

/** The reply's outline, or the previous one when the reply has none or the same (then the outline is not drawn again). */
function nextOutline(previous: PageOutline, reply: RenderReply): PageOutline {
  if (!reply.outline) return previous
  const next: PageOutline = reply.outlineTotals ? { entries: reply.outline, totals: reply.outlineTotals } : { entries: reply.outline }
  return samePageOutline(previous, next) ? previous : next
}

/** `tocSetting`: the shown document's table-of-contents setting (undefined: as the front matter says). */
export function usePreview(tocSetting?: boolean): PreviewState {
  const [store] = useState(() => new PreviewStore())
  const [summary, setSummary] = useState<PreviewSummary>(EMPTY)
  const [renderError, setRenderError] = useState<string | null>(null)
  const [renderStalled, setRenderStalled] = useState<number | null>(null)

  const onRender = useCallback(
    (reply: RenderReply) => {
      store.apply(reply.patch, reply.hast)
      setRenderError(null)
      setRenderStalled(null)
      setSummary((previous) => {
        const outline = nextOutline(previous.outline, reply)
        return { outline, words: reply.words, characters: reply.characters, ...(reply.title ? { title: reply.title } : {}), ...(reply.toc ? { toc: reply.toc } : {}), timings: reply.timings }
      })
    },
    [store],
  )
  const onHast = useCallback((reply: HastReply) => store.addHast(reply.hast), [store])
  const clear = useCallback(() => {
    store.clear()
    setRenderStalled(null)
    setSummary(EMPTY)
  }, [store])

  // Page setup's choice wins over the front matter's, as in the export (front-matter-settings.ts); its depth is the front matter's or 3.
  const depth = tocSetting === false ? undefined : (summary.toc ?? (tocSetting ? 3 : undefined))
  const toc = useMemo(() => (depth ? { depth, outline: summary.outline } : undefined), [depth, summary.outline])
  return { store, summary, toc, renderError, renderStalled, onRender, onHast, onRenderError: setRenderError, onRenderTimeout: setRenderStalled, clear }
}
