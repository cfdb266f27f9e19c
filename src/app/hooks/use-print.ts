/**
 * Print, or save as PDF through the browser's print dialog: only the preview prints, as pages
 * (print.css hides the rest and takes the screen's page look off), on the paper size,
 * orientation and margins of Page setup (an `@page` rule kept in step with the settings).
 *
 * A long preview draws only the blocks near its viewport (src/preview/Preview.tsx): while
 * printing it draws them all. That happens on `beforeprint`, so the browser's own Print
 * (menu, Ctrl+P outside the page's reach) gets every page too; the Print command also lets
 * the preview's images load first (they load lazily, as they come into view).
 */
import { useCallback, useEffect, useState } from 'react'
import { flushSync } from 'react-dom'
import { DEFAULT_EXPORT_SETTINGS, type ExportSettings } from '../../model/export-settings.js'

/** How long Print waits for the preview's images before printing what has loaded. */
const IMAGE_WAIT_MS = 5000

export interface PrintState {
  /** Printing: the preview draws every block. */
  printing: boolean
  print: () => Promise<void>
}

/** The CSS page for the settings: size keyword, orientation, margins in millimetres. */
export function pageRule(settings: ExportSettings = DEFAULT_EXPORT_SETTINGS): string {
  const size = settings.pageSize === 'A4' ? 'A4' : settings.pageSize.toLowerCase()
  const mm = (value: number) => `${Math.max(0, Math.min(100, Number.isFinite(value) ? value : 0))}mm`
  const { top, right, bottom, left } = settings.margins
  return `@page { size: ${size} ${settings.orientation === 'landscape' ? 'landscape' : 'portrait'}; margin: ${mm(top)} ${mm(right)} ${mm(bottom)} ${mm(left)}; }`
}

export function usePrint(settings: ExportSettings | undefined): PrintState {
  const [printing, setPrinting] = useState(false)

  // The @page rule follows Page setup.
  const rule = pageRule(settings)
  useEffect(() => {
    const style = document.createElement('style')
    style.dataset.markdocx = 'page'
    style.textContent = rule
    document.head.append(style)
    return () => style.remove()
  }, [rule])

  useEffect(() => {
    // The browser lays the page out for print right after this event: draw everything now.
    const before = () => flushSync(() => setPrinting(true))
    const after = () => setPrinting(false)
    window.addEventListener('beforeprint', before)
    window.addEventListener('afterprint', after)
    return () => {
      window.removeEventListener('beforeprint', before)
      window.removeEventListener('afterprint', after)
    }
  }, [])

  const print = useCallback(async () => {
    flushSync(() => setPrinting(true))
    await imagesLoaded(document.querySelector('[data-testid="preview"]'))
    window.print()
    // Where print() returns before the dialog closes, afterprint ends it; where it blocks, this.
    setPrinting(false)
  }, [])

  return { printing, print }
}

/** Every image under `root` loaded (or failed), lazy ones asked to load now; at most IMAGE_WAIT_MS. */
async function imagesLoaded(root: Element | null): Promise<void> {
  if (!root) return
  const pending = [...root.querySelectorAll('img')].filter((image) => {
    if (image.loading === 'lazy') image.loading = 'eager'
    return !image.complete
  })
  if (pending.length === 0) return
  const loaded = Promise.all(pending.map((image) => new Promise((resolve) => (image.addEventListener('load', resolve, { once: true }), image.addEventListener('error', resolve, { once: true })))))
  await Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, IMAGE_WAIT_MS))])
}
