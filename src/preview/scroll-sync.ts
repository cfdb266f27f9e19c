/**
 * Two-way scroll sync between source lines and preview positions, accurate to the block:
 * every block element carries its source line (`data-line`), and positions between two
 * marked elements — inside a tall paragraph, table or code block — are interpolated.
 */

interface Anchor {
  line: number
  top: number
}

/** The top-level blocks in source order (the footnotes section sits at the end, out of order). */
function topBlocks(preview: HTMLElement): HTMLElement[] {
  const blocks: HTMLElement[] = []
  for (const child of preview.children) {
    if (child instanceof HTMLElement && child.hasAttribute('data-block') && !child.classList.contains('md-footnotes')) blocks.push(child)
  }
  return blocks
}

const lineOf = (element: Element) => Number(element.getAttribute('data-line'))

/** Position of an element's top in the scroller's content coordinates. */
function topIn(scroller: HTMLElement, element: Element, scrollerTop: number): number {
  return element.getBoundingClientRect().top - scrollerTop + scroller.scrollTop
}

/**
 * Anchors (line → top) inside one block: the block, every marked element in it whose line and
 * top both grow, and the block's end. Interpolating between them places any line in the block.
 */
function anchorsOf(scroller: HTMLElement, block: HTMLElement, next: HTMLElement | undefined, scrollerTop: number): Anchor[] {
  const anchors: Anchor[] = [{ line: lineOf(block), top: topIn(scroller, block, scrollerTop) }]
  for (const element of block.querySelectorAll('[data-line]')) {
    const line = lineOf(element)
    const top = topIn(scroller, element, scrollerTop)
    const last = anchors[anchors.length - 1]!
    if (Number.isFinite(line) && line > last.line && top > last.top) anchors.push({ line, top })
  }
  const endLine = next ? lineOf(next) : Number(block.getAttribute('data-end-line')) + 1
  const bottom = next ? topIn(scroller, next, scrollerTop) : topIn(scroller, block, scrollerTop) + block.getBoundingClientRect().height
  const last = anchors[anchors.length - 1]!
  if (endLine > last.line && bottom >= last.top) anchors.push({ line: endLine, top: bottom })
  return anchors
}

/** Index of the last item for which `before` holds (items sorted), or -1. */
function lastIndex<T>(items: readonly T[], before: (item: T) => boolean): number {
  let low = 0
  let high = items.length - 1
  let found = -1
  while (low <= high) {
    const middle = (low + high) >> 1
    if (before(items[middle]!)) {
      found = middle
      low = middle + 1
    } else high = middle - 1
  }
  return found
}

function interpolate(anchors: readonly Anchor[], value: number, from: keyof Anchor, to: keyof Anchor): number {
  const i = Math.max(0, lastIndex(anchors, (anchor) => anchor[from] <= value))
  const a = anchors[i]!
  const b = anchors[i + 1]
  if (!b || b[from] === a[from]) return a[to]
  return a[to] + ((value - a[from]) / (b[from] - a[from])) * (b[to] - a[to])
}

/** Where (scrollTop) the preview shows a (fractional) source line at its top. */
export function previewTopForLine(scroller: HTMLElement, preview: HTMLElement, line: number): number {
  const blocks = topBlocks(preview)
  if (blocks.length === 0) return 0
  const scrollerTop = scroller.getBoundingClientRect().top
  const i = lastIndex(blocks, (block) => lineOf(block) <= line)
  if (i < 0) return 0
  return interpolate(anchorsOf(scroller, blocks[i]!, blocks[i + 1], scrollerTop), line, 'line', 'top')
}

/** The (fractional) source line shown at a preview scroll position. */
export function lineForPreviewTop(scroller: HTMLElement, preview: HTMLElement, top: number): number {
  const blocks = topBlocks(preview)
  if (blocks.length === 0) return 1
  const scrollerTop = scroller.getBoundingClientRect().top
  const i = lastIndex(blocks, (block) => topIn(scroller, block, scrollerTop) <= top + 1)
  if (i < 0) return 1
  return interpolate(anchorsOf(scroller, blocks[i]!, blocks[i + 1], scrollerTop), top, 'top', 'line')
}
