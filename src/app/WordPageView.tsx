/**
 * The "Word page" preview: the document on pages of the export's paper size, orientation and
 * margins, with its running title and page numbers, broken where Word breaks them
 * (word-pages.ts, hooks/use-word-pages.ts). The pages are drawn behind the text; the text is
 * one column over them, its blocks moved down onto their pages. The paper is white whatever
 * the app's theme: it stands for paper (word-page.css).
 */
import { useEffect, useRef, useState, type CSSProperties, type ReactNode, type RefObject } from 'react'
import { DEFAULT_EXPORT_SETTINGS, type ExportSettings } from '../model/export-settings.js'
import type { PageFurnitureFeatures } from './front-matter-settings.js'
import { useWordPages } from './hooks/use-word-pages.js'
import { pageStyle, SIZES_MM } from './page-style.js'
import { pageNumberText, pageSize, type PageGeometry } from './word-pages.js'

/** CSS pixels per millimetre. */
const PX_PER_MM = 96 / 25.4
/** Word's default distance of header and footer from the paper's edge (at most the margin). */
const FURNITURE_MM = 12.7

export interface WordPageViewProps {
  settings: ExportSettings | undefined
  /** The furniture the export gives the pages; undefined while it is read. */
  furniture: PageFurnitureFeatures | undefined
  /** The title as the preview shows it (plain text), for the running header. */
  title: string | undefined
  /** The pane is shown: there is something to measure. */
  active: boolean
  children: ReactNode
}

function clampMm(value: number): number {
  return Math.max(0, Math.min(100, Number.isFinite(value) ? value : 0))
}

export function geometryOf(settings: ExportSettings): PageGeometry {
  const [short, long] = SIZES_MM[settings.pageSize] ?? SIZES_MM.A4
  const landscape = settings.orientation === 'landscape'
  const margins = settings.margins
  return {
    width: (landscape ? long : short) * PX_PER_MM,
    height: (landscape ? short : long) * PX_PER_MM,
    margins: { top: clampMm(margins.top) * PX_PER_MM, right: clampMm(margins.right) * PX_PER_MM, bottom: clampMm(margins.bottom) * PX_PER_MM, left: clampMm(margins.left) * PX_PER_MM },
  }
}

export function WordPageView({ settings = DEFAULT_EXPORT_SETTINGS, furniture, title, active, children }: WordPageViewProps) {
  const root = useRef<HTMLDivElement>(null)
  const geometry = geometryOf(settings)
  const titlePage = furniture?.titlePage ?? false
  const layout = useWordPages(root, { geometry, titlePage, active })
  const { margins } = geometry
  const headerText = furniture?.headerTitle !== undefined ? (title ?? furniture.headerTitle) : undefined
  const numbers = furniture?.pageNumbers
  const labels = furniture?.labels ?? { page: 'Page', of: 'of' }
  const total = layout.pages.length
  const widest = Math.max(geometry.width, ...layout.pages.map((page) => pageSize(geometry, page.turned).width))
  const headerGap = Math.min(FURNITURE_MM * PX_PER_MM, margins.top)
  const footerGap = Math.min(FURNITURE_MM * PX_PER_MM, margins.bottom)
  const scale = useFitScale(root, widest)
  const stackHeight = Math.max(layout.height, geometry.height)
  const column: CSSProperties = {
    ...pageStyle(settings),
    top: margins.top,
    left: margins.left,
    width: Math.max(1, geometry.width - margins.left - margins.right),
  }
  return (
    // The frame takes the scaled size; the pages inside keep their real size, scaled to fit the pane's width.
    <div ref={root} className="word-pages-frame" style={{ width: widest * scale, height: stackHeight * scale }}>
      <div className="word-pages" data-testid="word-pages" data-page-count={total} data-scale={scale} style={{ ...pageStyle(settings), width: widest, height: stackHeight, transform: scale < 1 ? `scale(${scale})` : undefined }}>
        {/* The paper: decoration behind the text, not read out (the text is the article's). */}
        <div className="word-page-stack" aria-hidden="true">
          {layout.pages.map((page, index) => {
            const size = pageSize(geometry, page.turned)
            return (
              <div key={index} className="word-page" data-page={index + 1} data-turned={page.turned || undefined} style={{ top: page.top, width: size.width, height: size.height }}>
                {!page.plain && headerText && (
                  <div className="word-page-header" style={{ top: headerGap, left: margins.left, right: margins.right }}>
                    {headerText}
                  </div>
                )}
                {!page.plain && numbers && (
                  <div className="word-page-footer" style={{ bottom: footerGap, left: margins.left, right: margins.right }}>
                    {pageNumberText(numbers, index + 1, total, labels)}
                  </div>
                )}
              </div>
            )
          })}
        </div>
        <div className="page paper-light word-column" style={column}>
          {children}
        </div>
      </div>
    </div>
  )
}

/** Smallest scale shown: below it the pane scrolls sideways rather than the text becoming unreadable. */
const MIN_SCALE = 0.4

/** The scale at which a page `width` wide fits the width of the pane holding `frame` (at most 1, as Word's "page width" zoom never enlarges here). */
function useFitScale(frame: RefObject<HTMLElement | null>, width: number): number {
  const [available, setAvailable] = useState(0)
  useEffect(() => {
    const pane = frame.current?.parentElement
    if (!pane) return
    const read = () => {
      const style = getComputedStyle(pane)
      setAvailable(pane.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight))
    }
    read()
    const observer = new ResizeObserver(read)
    observer.observe(pane)
    return () => observer.disconnect()
  }, [frame])
  if (available <= 0 || width <= 0) return 1
  return Math.max(MIN_SCALE, Math.min(1, Math.floor((available / width) * 1000) / 1000))
}
