/**
 * The DOM side of the Word page preview (word-pages.ts does the arithmetic): measures the
 * preview's top-level blocks, lays them on pages, and moves each block that starts a page down
 * by the space left on the page before it (a top margin on the block, so React's own DOM is
 * not rearranged and scroll sync, clicks and links keep working).
 *
 * Blocks are `display: flow-root` in this view (word-page.css), so a block's height holds its
 * own margins and does not depend on the space added above it: one pass of reads, then one of
 * writes, with no layout in between. It runs again in the next animation frame after anything
 * changes size (an edit, an image or diagram arriving, the settings).
 */
import { useEffect, useState, type RefObject } from 'react'
import { paginate, type PageGeometry, type PageLayout, type PageUnit } from '../word-pages.js'

const EMPTY: PageLayout = { pages: [{ top: 0, turned: false, plain: false }], shifts: [], height: 0 }

export interface WordPageOptions {
  geometry: PageGeometry
  /** The title block is on a page of its own. */
  titlePage: boolean
  /** Shown, and laid out: false while the pane is hidden (nothing to measure). */
  active: boolean
}

/** Whether a top-level element of the preview ends its page: a `\newpage` block. */
function endsPage(element: HTMLElement): boolean {
  return element.firstElementChild?.matches('hr.page-break') === true
}

function isTurned(element: HTMLElement): boolean {
  return element.firstElementChild?.matches('div.landscape') === true
}

function isTitleBlock(element: HTMLElement, index: number): boolean {
  return index === 0 && element.firstElementChild?.matches('.front-matter') === true
}

function sameLayout(a: PageLayout, b: PageLayout): boolean {
  if (a.height !== b.height || a.pages.length !== b.pages.length) return false
  return a.pages.every((page, i) => page.top === b.pages[i]!.top && page.turned === b.pages[i]!.turned && page.plain === b.pages[i]!.plain)
}

export function useWordPages(container: RefObject<HTMLElement | null>, { geometry, titlePage, active }: WordPageOptions): PageLayout {
  const [layout, setLayout] = useState<PageLayout>(EMPTY)
  const { width, height, margins } = geometry
  const { top, right, bottom, left } = margins
  useEffect(() => {
    const root = container.current
    const article = root?.querySelector<HTMLElement>('[data-testid="preview"]')
    if (!root || !article || !active) return
    const geometry: PageGeometry = { width, height, margins: { top, right, bottom, left } }
    const turnedWidth = Math.max(1, height - left - right)
    let frame = 0
    const run = () => {
      frame = 0
      const elements: HTMLElement[] = []
      for (const child of article.children) if (child instanceof HTMLElement && !child.hasAttribute('data-spacer')) elements.push(child)
      // Widths first (writes), so the reads below see turned blocks at their page's width.
      for (const element of elements) {
        const wide = isTurned(element) ? `${turnedWidth}px` : ''
        if (element.style.width !== wide) element.style.width = wide
      }
      // The pages may be shown scaled down to the pane's width: heights in the page's own pixels.
      const scale = article.offsetHeight > 0 ? article.getBoundingClientRect().height / article.offsetHeight : 1
      const units: PageUnit[] = elements.map((element, index) => {
        const unit: PageUnit = { height: element.getBoundingClientRect().height / (scale > 0 ? scale : 1) }
        if (endsPage(element) || (titlePage && isTitleBlock(element, index))) unit.breakAfter = true
        if (isTurned(element)) unit.turned = true
        return unit
      })
      const next = paginate(units, geometry, titlePage && elements[0] !== undefined && isTitleBlock(elements[0], 0))
      elements.forEach((element, index) => {
        const shift = next.shifts[index] ?? 0
        const wanted = shift > 0 ? `${shift}px` : ''
        if (element.style.marginTop !== wanted) element.style.marginTop = wanted
      })
      setLayout((previous) => (sameLayout(previous, next) ? previous : next))
    }
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(run)
    }
    schedule()
    // Heights change with edits, images and diagrams: the article's size changes with them
    // (and with the shifts written here, which then come out the same: no loop).
    const resize = new ResizeObserver(schedule)
    resize.observe(article)
    const mutations = new MutationObserver(schedule)
    mutations.observe(article, { childList: true })
    return () => {
      cancelAnimationFrame(frame)
      resize.disconnect()
      mutations.disconnect()
      // Back to one long page: no block keeps a page's shift or width.
      for (const child of article.children) if (child instanceof HTMLElement) child.style.removeProperty('margin-top'), child.style.removeProperty('width')
    }
  }, [container, width, height, top, right, bottom, left, titlePage, active])
  return layout
}
