/** The preview's layout of a Markdown text, with each block's rendering, for tests of blocks and parts. */
import type { Element, Root as HastRoot, RootContent } from 'hast'
import { parseMarkdown } from '../../src/markdown/parse.js'
import { layoutPreview, PreviewCache, type PreviewLayout } from '../../src/markdown/preview-hast.js'

/** Lays `text` out as the worker does; `hast[i]` is the rendering of `blocks[i]`. */
export function layout(text: string): PreviewLayout & { hast: HastRoot[] } {
  const cache = new PreviewCache()
  const { tree } = parseMarkdown(text)
  const result = layoutPreview(tree, text, cache)
  return { ...result, hast: result.blocks.map((block) => cache.get(block.key)!.hast) }
}

/** Every element named `tagName` in `node`, in document order. */
export function elementsNamed(node: HastRoot | RootContent, tagName: string, out: Element[] = []): Element[] {
  if (node.type === 'element' && node.tagName === tagName) out.push(node)
  if ('children' in node) for (const child of node.children) elementsNamed(child, tagName, out)
  return out
}
