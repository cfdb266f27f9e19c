/**
 * Two-way scroll sync between source lines and preview positions, accurate to the block:
 * every block element carries its source line (`data-line`), and positions between two
 * marked elements — inside a tall paragraph, table or code block — are interpolated.
 *
 * A long document draws only the blocks near the viewport (Preview.tsx); the others are
 * spacers of their measured or estimated height. A line in a block that is not drawn maps to
 * its place in that model (geometry.ts) — exact once the block is drawn and measured, which
 * the preview does as soon as the position is scrolled to.
 */
import { bodyLength, type PreviewBlock } from '../markdown/preview-hast.js'
import { indexAtOffset } from './geometry.js'
import { lastIndexWhere } from '../util/last-index.js'

/** What scroll sync needs to know about the preview. */
export interface PreviewView {
  /** The rendered document: its children are the drawn blocks, between spacers. */
  article: HTMLElement
  /** Every block in order (the footnotes section, out of source order, last). */
  blocks: readonly PreviewBlock[]
  /** Tops of the blocks in the model, from the document's top (offsets[blocks.length]: its height). */
  offsets: Float64Array
  /** The drawn blocks: blocks[start … end). */
  start: number
  end: number
}

interface Anchor {
  line: number
  top: number
}

/** The drawn top-level blocks in source order (the footnotes section sits at the end, out of order). */
function drawnBlocks(article: HTMLElement): HTMLElement[] {
  const blocks: HTMLElement[] = []
  for (const child of article.children) {
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
  return lastIndexWhere(items.length, (index) => before(items[index]!))
}

function interpolate(anchors: readonly Anchor[], value: number, from: keyof Anchor, to: keyof Anchor): number {
  const i = Math.max(0, lastIndex(anchors, (anchor) => anchor[from] <= value))
  const a = anchors[i]!
  const b = anchors[i + 1]
  if (!b || b[from] === a[from]) return a[to]
  return a[to] + ((value - a[from]) / (b[from] - a[from])) * (b[to] - a[to])
}

/** The line after block `index` (where interpolation inside it ends). */
function nextLine(blocks: readonly PreviewBlock[], body: number, index: number): number {
  return index + 1 < body ? blocks[index + 1]!.line : blocks[index]!.endLine + 1
}

/**
 * Where the model puts the top of the document in scroller content coordinates: the article's
 * top above the drawn blocks, and the bottom spacer's top (less the model's offset there) below
 * them, so model positions line up with what is drawn on both sides.
 */
function modelBase(scroller: HTMLElement, view: PreviewView, index: number, scrollerTop: number): number {
  if (index >= view.end) {
    const spacer = view.article.querySelector(':scope > [data-spacer="bottom"]')
    if (spacer) return topIn(scroller, spacer, scrollerTop) - view.offsets[view.end]!
  }
  return topIn(scroller, view.article, scrollerTop)
}

/** Where (scrollTop) the preview shows a (fractional) source line at its top. */
export function previewTopForLine(scroller: HTMLElement, view: PreviewView, line: number): number {
  const { blocks, offsets, start, end } = view
  const body = bodyLength(blocks)
  if (body === 0) return 0
  const i = lastIndexWhere(body, (index) => blocks[index]!.line <= line)
  if (i < 0) return 0
  const scrollerTop = scroller.getBoundingClientRect().top
  if (i >= start && i < end) {
    const drawn = drawnBlocks(view.article)
    const element = drawn[i - start]
    if (element) return interpolate(anchorsOf(scroller, element, i + 1 < end ? drawn[i + 1 - start] : undefined, scrollerTop), line, 'line', 'top')
  }
  const block = blocks[i]!
  const fraction = Math.min(1, Math.max(0, (line - block.line) / Math.max(1, nextLine(blocks, body, i) - block.line)))
  return modelBase(scroller, view, i, scrollerTop) + offsets[i]! + fraction * (offsets[i + 1]! - offsets[i]!)
}

/** The (fractional) source line shown at a preview scroll position. */
export function lineForPreviewTop(scroller: HTMLElement, view: PreviewView, top: number): number {
  const { blocks, offsets, start, end, article } = view
  const body = bodyLength(blocks)
  if (body === 0) return 1
  const scrollerTop = scroller.getBoundingClientRect().top
  const drawn = drawnBlocks(article)
  const model = (from: number, to: number, base: number): number => {
    const relative = top - base
    const i = Math.max(from, Math.min(to - 1, indexAtOffset(offsets, to, relative)))
    const block = blocks[i]!
    const height = offsets[i + 1]! - offsets[i]!
    const fraction = height > 0 ? Math.min(1, Math.max(0, (relative - offsets[i]!) / height)) : 0
    return block.line + fraction * (nextLine(blocks, body, i) - block.line)
  }
  const first = drawn[0]
  if (start > 0 && (!first || top + 1 < topIn(scroller, first, scrollerTop))) return model(0, start, topIn(scroller, article, scrollerTop))
  if (end < body) {
    const spacer = article.querySelector(':scope > [data-spacer="bottom"]')
    const spacerTop = spacer ? topIn(scroller, spacer, scrollerTop) : Infinity
    if (top >= spacerTop) return model(end, body, spacerTop - offsets[end]!)
  }
  if (drawn.length === 0) return 1
  const i = lastIndex(drawn, (block) => topIn(scroller, block, scrollerTop) <= top + 1)
  if (i < 0) return start === 0 ? 1 : lineOf(drawn[0]!)
  return interpolate(anchorsOf(scroller, drawn[i]!, drawn[i + 1], scrollerTop), top, 'top', 'line')
}
