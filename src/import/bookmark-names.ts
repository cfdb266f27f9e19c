/**
 * Bookmark names back to the ids they were made from: Word names hold only letters, digits, `_`
 * and `-`, so markdocx writes `{#sec:intro}` as the bookmark `sec_intro` and keeps the pair in
 * docProps/custom.xml (markdocx-properties.ts). Ids (`{#…}` on headings, spans, divs, images,
 * equations, a listing's code block) and the `#…` links to them are renamed after the bookmarks are resolved; a name without a
 * kept pair stays as it is (another tool's document, or one markdocx did not rename).
 */
import type { Nodes, Root } from 'mdast'
import type { Attributes } from '../mdast/attributes.js'

export function renameBookmarks(tree: Root, names: ReadonlyMap<string, string>): void {
  if (names.size === 0) return
  const stack: Nodes[] = [tree]
  while (stack.length > 0) {
    const node = stack.pop()!
    const attributes = (node.data as { attributes?: Attributes } | undefined)?.attributes
    const id = attributes?.id
    if (attributes && id !== undefined && names.has(id)) attributes.id = names.get(id)!
    // A listing's label, in its code block's attributes (listings.ts).
    if (node.type === 'code' && node.lang?.startsWith('{#') && names.has(node.lang.slice(2))) node.lang = `{#${names.get(node.lang.slice(2))}`
    if (node.type === 'link' && node.url.startsWith('#')) {
      const original = names.get(decoded(node.url.slice(1)))
      if (original !== undefined) node.url = `#${original}`
    }
    if ('children' in node) for (const child of node.children) stack.push(child as Nodes)
  }
}

function decoded(fragment: string): string {
  try {
    return decodeURIComponent(fragment)
  } catch {
    return fragment
  }
}
