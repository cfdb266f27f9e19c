/**
 * Anchors a `#fragment` link can point at besides headings: the ids and names of raw HTML
 * (`<a name="x">`, `<a id="x">`, `id="x"` on any element — README authors' way of making a
 * target, which pandoc keeps) and pandoc ids written with the Markdown itself (`{#fig:x}`, on
 * any node as `data.attributes.id`). Found in one pass before compiling, so a link may point
 * forward; each becomes a bookmark where its element is written.
 */
import type { ElementContent } from 'hast'
import type { Html, Nodes, Root } from 'mdast'
import { attributesOf } from '../mdast/attributes.js'
import { walk } from '../mdast/walk.js'
import { htmlAnchorIds } from './html/anchor.js'
import { htmlNodeContent } from './html/to-mdast.js'

/** Every explicit anchor id of the document, in document order (duplicates kept: the first wins). */
export function explicitAnchorIds(tree: Root): string[] {
  const ids: string[] = []
  walk(tree, (visited) => {
    const node = visited as Nodes
    // A heading's id is its slug (slugs.ts), bookmarked as headings are.
    const id = node.type === 'heading' ? undefined : attributesOf(node)?.id
    if (id) ids.push(id)
    if (node.type === 'html' && /\s(?:id|name)\s*=/i.test(node.value)) collectHtml(htmlNodeContent(node as Html), ids)
    // Raw HTML joined before compiling (html/prepare.ts) keeps its anchors as nodes.
    else if (node.type === 'htmlAnchor') ids.push(node.identifier)
  })
  return ids
}

function collectHtml(nodes: readonly ElementContent[], ids: string[]): void {
  // Iterative: HTML can nest deeply in hostile input.
  const stack = [...nodes].reverse()
  while (stack.length > 0) {
    const node = stack.pop()!
    if (node.type !== 'element') continue
    ids.push(...htmlAnchorIds(node))
    for (let index = node.children.length - 1; index >= 0; index--) stack.push(node.children[index]!)
  }
}
