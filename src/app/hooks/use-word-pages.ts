/**
 * The DOM side of the Word page preview (word-pages.ts does the arithmetic): measures the
 * preview's top-level blocks, lays them on pages, and moves each block that starts a page down
 * by the space left on the page before it (a top margin on the block, so React's own DOM is
 * not rearranged and scroll sync, clicks and links keep working).
 *
 * Blocks are `display: flow-root` in this view (word-page.css), so a block's height holds its
 * own margins and does not depend on the space added above it: one pass of reads, then one of
 * writes, with no layout in between. A top-level list breaks between its items (each moved down
 * by a top padding when it starts a page). It runs again in the next animation frame after anything
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

/** Where a unit's shift goes: a block's top margin, or a list item's top padding (no margin collapses with it). */
interface ShiftTarget {
  element: HTMLElement
  property: 'marginTop' | 'paddingTop'
}

/**
 * A top-level list as units of its own, so that it breaks between items as Word breaks it
 * rather than moving to the next page whole (or running over the page's foot when taller than
 * a page): first what stands above the first item, then each item with the space after it.
 * Heights leave out the shifts this view has added (item paddings), so they do not depend on
 * the last layout. Undefined for anything but a list of two items or more.
 */
function splitList(element: HTMLElement, scale: number): Array<{ height: number; item?: HTMLElement }> | undefined {
  const list = element.firstElementChild
  if (!list || !(list.tagName === 'UL' || list.tagName === 'OL')) return undefined
  const items = [...list.children].filter((child): child is HTMLElement => child instanceof HTMLElement && child.tagName === 'LI')
  if (items.length < 2) return undefined
  const box = element.getBoundingClientRect()
  const tops = items.map((item) => item.getBoundingClientRect().top)
  const own = (item: HTMLElement) => Number.parseFloat(item.style.paddingTop) || 0
  const parts: Array<{ height: number; item?: HTMLElement }> = [{ height: (tops[0]! - box.top) / scale }]
  items.forEach((item, index) => {
    const end = index + 1 < items.length ? tops[index + 1]! : box.bottom
    parts.push({ height: Math.max(0, (end - tops[index]!) / scale - own(item)), item })
  })
  return parts
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
    let shifted = new Set<HTMLElement>()
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
      const measured = article.getBoundingClientRect().height
      const scale = article.offsetHeight > 0 && measured > 0 ? measured / article.offsetHeight : 1
      const units: PageUnit[] = []
      const targets: ShiftTarget[] = []
      const items = new Set<HTMLElement>()
      elements.forEach((element, index) => {
        const first = units.length
        const split = splitList(element, scale)
        if (split) {
          for (const [position, part] of split.entries()) {
            units.push({ height: part.height })
            targets.push(position === 0 ? { element, property: 'marginTop' } : { element: part.item!, property: 'paddingTop' })
            if (part.item) items.add(part.item)
          }
        } else {
          units.push({ height: element.getBoundingClientRect().height / scale })
          targets.push({ element, property: 'marginTop' })
        }
        if (endsPage(element) || (titlePage && isTitleBlock(element, index))) units[first]!.breakAfter = true
        if (isTurned(element)) units[first]!.turned = true
      })
      const next = paginate(units, geometry, titlePage && elements[0] !== undefined && isTitleBlock(elements[0], 0))
      targets.forEach(({ element, property }, index) => {
        const shift = next.shifts[index] ?? 0
        const wanted = shift > 0 ? `${shift}px` : ''
        if (element.style[property] !== wanted) element.style[property] = wanted
      })
      // Items shifted by an earlier run that are no longer split here (the list changed).
      for (const item of shifted) if (!items.has(item)) item.style.removeProperty('padding-top')
      shifted = items
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
      for (const item of shifted) item.style.removeProperty('padding-top')
    }
  }, [container, width, height, top, right, bottom, left, titlePage, active])
  return layout
}
