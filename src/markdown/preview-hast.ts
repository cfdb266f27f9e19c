/**
 * mdast → the preview's hast: sanitised, URL-checked, heading ids from the shared slugs, and a
 * `data-line` (1-based source line) on every block element.
 *
 * The app renders block by block (preview/blocks.ts, laid out incrementally by preview/layout.ts)
 * so an edit re-renders only what changed;
 * `toPreviewHast` joins the same blocks into one tree for tests, fixtures and other callers.
 */
import type { Element, Root as HastRoot, RootContent as HastContent } from 'hast'
import type { Root } from 'mdast'
import { PreviewCache } from './preview/blocks.js'
import { layoutPreview } from './preview/layout.js'
import { append } from '../util/append.js'

export { PreviewCache, type OutlineEntry, type PreviewBlock, type PreviewLayout, type RenderedBlock } from './preview/blocks.js'
export { layoutPreview, PreviewLayouter, type LayoutStats } from './preview/layout.js'
export { headingsUpTo, limitOutline, OUTLINE_LIMIT, samePageOutline, topDepth, type PageOutline } from './preview/outline-limit.js'
export { applyBlockPatch, bodyLength, diffBlocks, fullPatch, patchChanges, type BlockPatch } from './preview/patch.js'
export { CLOBBER_PREFIX, previewSchema } from './preview/schema.js'

/** The whole document's preview as one hast tree, with absolute `dataLine` on block elements. */
export function toPreviewHast(tree: Root, text: string): HastRoot {
  const cache = new PreviewCache()
  const { blocks } = layoutPreview(tree, text, cache)
  const children: HastContent[] = []
  for (const block of blocks) {
    const rendered = cache.get(block.key)
    if (!rendered) continue
    const copy = structuredClone(rendered.hast)
    withAbsoluteLines(copy, block.line)
    append(children, copy.children)
  }
  return { type: 'root', children }
}

/** Turns relative lines (`dataRel`) into absolute ones (`dataLine`) for a block starting at `line`. */
export function withAbsoluteLines(node: HastRoot | HastContent, line: number): void {
  if (node.type === 'element') {
    const element: Element = node
    // A number, or a string once raw HTML went through the HTML parser.
    const rel = Number(element.properties.dataRel)
    if (element.properties.dataRel !== undefined && Number.isFinite(rel)) {
      element.properties.dataLine = line + rel
      delete element.properties.dataRel
    }
  }
  if ('children' in node) for (const child of node.children) withAbsoluteLines(child, line)
}
