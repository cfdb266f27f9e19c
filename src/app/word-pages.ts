/**
 * Pagination of the "Word page" preview: the preview's blocks, measured in the DOM, laid on
 * pages of the export's size, orientation and margins, as Word breaks them — a block that does
 * not fit in what is left of a page starts the next one, `\newpage` ends a page, a title page
 * holds the title block alone, a `::: landscape` div sits on turned pages of its own.
 *
 * Pure arithmetic on heights, so it is tested without a browser; the DOM side (measuring,
 * moving blocks down by the space left on a page) is hooks/use-word-pages.ts. Lengths in CSS
 * pixels. A list comes as a unit per item, so it breaks between items; other blocks are not
 * split: one taller than a page starts a page and runs on over as many pages as it needs (the
 * preview cannot cut a paragraph between two boxes).
 */

export interface PageGeometry {
  /** The page in its base orientation (the export's). */
  width: number
  height: number
  margins: { top: number; right: number; bottom: number; left: number }
}

/** One block of the preview, as measured. */
export interface PageUnit {
  height: number
  /** Ends its page: what follows starts the next (a `\newpage`, the title block of a title page). */
  breakAfter?: boolean
  /** On a turned (landscape) page of its own. */
  turned?: boolean
}

export interface LaidPage {
  /** From the top of the stack of pages. */
  top: number
  turned: boolean
  /** No header and footer (the title page). */
  plain: boolean
}

export interface PageLayout {
  pages: LaidPage[]
  /** Space to add above each unit so that it starts where its page has it. */
  shifts: number[]
  /** The stack's height, the last page's bottom. */
  height: number
}

/** The space between two pages on screen. */
export const PAGE_GAP = 16

/** A page's size turned or not. */
export function pageSize(geometry: PageGeometry, turned: boolean): { width: number; height: number } {
  return turned ? { width: geometry.height, height: geometry.width } : { width: geometry.width, height: geometry.height }
}

/**
 * Lays `units` on pages. Unit tops are counted in the content column's coordinates, which start
 * at the first page's top margin; every page has the same margins, so a page starting at stack
 * position `top` holds content from `top` to `top + height - margins.top - margins.bottom`.
 * `plainFirst`: the first page is a title page (no header or footer).
 */
export function paginate(units: readonly PageUnit[], geometry: PageGeometry, plainFirst = false): PageLayout {
  const { top: marginTop, bottom: marginBottom } = geometry.margins
  const contentHeight = (turned: boolean) => Math.max(1, pageSize(geometry, turned).height - marginTop - marginBottom)
  const pages: LaidPage[] = [{ top: 0, turned: units[0]?.turned === true, plain: plainFirst }]
  const shifts: number[] = []
  // The content column's cursor; whether anything stands on the current page; whether the last unit ended its page.
  let y = 0
  let used = false
  let pending = false
  const bottomOf = (page: LaidPage) => page.top + contentHeight(page.turned)
  const newPage = (turned: boolean) => {
    const last = pages[pages.length - 1]!
    pages.push({ top: last.top + pageSize(geometry, last.turned).height + PAGE_GAP, turned, plain: false })
  }
  let previousTurned = units[0]?.turned === true
  for (const unit of units) {
    const turned = unit.turned === true
    const height = Math.max(0, Number.isFinite(unit.height) ? unit.height : 0)
    let page = pages[pages.length - 1]!
    if (pending || (used && (turned !== previousTurned || y + height > bottomOf(page)))) {
      newPage(turned)
      page = pages[pages.length - 1]!
      used = false
    } else if (!used && page.turned !== turned) {
      // An empty page takes the orientation of what comes first on it.
      page.turned = turned
    }
    if (y < page.top) {
      shifts.push(page.top - y)
      y = page.top
    } else shifts.push(0)
    y += height
    used = used || height > 0 || unit.breakAfter === true
    pending = unit.breakAfter === true
    // A block taller than the page runs on over the pages below it.
    while (y > bottomOf(pages[pages.length - 1]!) + 0.5) newPage(turned)
    previousTurned = turned
  }
  const last = pages[pages.length - 1]!
  return { pages, shifts, height: last.top + pageSize(geometry, last.turned).height }
}

/** "3" or "Page 3 of 12" in the document's language, as the export's footer field shows it. */
export function pageNumberText(style: 'page' | 'page-of-pages', page: number, total: number, labels: { page: string; of: string }): string {
  return style === 'page' ? String(page) : `${labels.page} ${page} ${labels.of} ${total}`
}
