/**
 * The preview pane: the page as the .docx will lay it out (size, margins, font from the export
 * settings), the stored images given to it, the banners when rendering failed or overran
 * its time budget, and a hint when the document is empty.
 */
import type { RefObject } from 'react'
import type { ExportSettings } from '../model/export-settings.js'
import { AssetUrls, type AssetUrl } from '../preview/assets-context.js'
import { Preview, type PreviewHandle, type PreviewProps } from '../preview/Preview.js'
import type { PreviewStore } from '../preview/store.js'
import type { PageFurnitureFeatures } from './front-matter-settings.js'
import { EmptyHint } from './EmptyHint.js'
import { pageStyle } from './page-style.js'
import { WordPageView } from './WordPageView.js'

export interface PreviewPaneProps {
  store: PreviewStore
  scroller: RefObject<HTMLDivElement | null>
  previewHandle: RefObject<PreviewHandle | null>
  onScroll: () => void
  onDrawn: () => void
  onLineClick: (line: number) => void
  toc: PreviewProps['toc']
  settings: ExportSettings | undefined
  assetUrls: ReadonlyMap<string, AssetUrl>
  renderError: string | null
  /** The budget (ms) the last render overran. */
  renderStalled: number | null
  onRetry: () => void
  /** Draw every block, not only those near the viewport (printing). */
  drawAll?: boolean
  /** The "Word page" view: the text on the export's pages (WordPageView.tsx). */
  wordPage?: boolean
  /** The page furniture the export has (Word page view). */
  furniture?: PageFurnitureFeatures | undefined
  /** The document's title as the preview shows it. */
  title?: string | undefined
  /** The pane is on screen. */
  shown?: boolean
  /** Switches between one long page and Word pages; without it there is no switch. */
  onToggleWordPage?: () => void
}

export function PreviewPane({ store, scroller, previewHandle, onScroll, onDrawn, onLineClick, toc, settings, assetUrls, renderError, renderStalled, onRetry, drawAll = false, wordPage = false, furniture, title, shown = true, onToggleWordPage }: PreviewPaneProps) {
  // Word pages need every block drawn, to measure them all.
  const preview = (
    <AssetUrls.Provider value={assetUrls}>
      <Preview ref={previewHandle} store={store} {...(drawAll || wordPage ? {} : { scroller })} progressive={wordPage && !drawAll} onDrawn={onDrawn} onLineClick={onLineClick} {...(toc ? { toc } : {})} />
    </AssetUrls.Provider>
  )
  return (
    // Focusable, so the keyboard scrolls it too (the page may hold no link to tab to).
    <section className="preview-pane" aria-label="Preview of the Word document" ref={scroller} onScroll={onScroll} tabIndex={0}>
      {renderError && (
        <div className="banner error" role="alert">
          The preview could not be updated: {renderError}
        </div>
      )}
      {renderStalled !== null && (
        <div className="banner error" role="alert" data-testid="preview-stalled">
          The preview is paused: rendering the latest text took longer than {Math.max(1, Math.round(renderStalled / 1000))} s, so it shows the last version that rendered. Your text is safe; the preview tries again when you pause typing.
          <button type="button" className="link-button" onClick={onRetry}>
            Try again, waiting longer
          </button>
        </div>
      )}
      <EmptyHint store={store} />
      {onToggleWordPage && (
        <div className="preview-toolbar">
          <button type="button" className="word-page-toggle" aria-pressed={wordPage} title="Show the preview as Word's pages: paper size, margins, page breaks, header and footer" data-testid="word-page-toggle" onClick={onToggleWordPage}>
            Word pages
          </button>
        </div>
      )}
      {wordPage && !drawAll ? (
        <WordPageView settings={settings} furniture={furniture} title={title} active={shown}>
          {preview}
        </WordPageView>
      ) : (
        <div className="page" style={pageStyle(settings)}>
          {preview}
        </div>
      )}
    </section>
  )
}
