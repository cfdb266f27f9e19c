/**
 * The reference list, as markdocx marks it (src/docx/source-fields.ts): a paragraph holding an
 * `E` marker is an entry the bibliography made (or the heading made with it) — left out, since
 * the Markdown makes it again from its citations — and one holding an `R` marker is where the author wrote `::: {#refs}`,
 * which comes back as that (empty) div. A reference list from another tool has no marks and
 * stays text.
 */
import type { Nodes, RootContent } from 'mdast'
import type { FencedDiv } from '../mdast/nodes.js'
import type { Marker } from './markers.js'

export function restoreReferenceList(children: RootContent[], markerOf: (node: Nodes) => Marker | undefined): RootContent[] {
  if (!children.some((child) => kinds(child, markerOf).size > 0)) return children
  const out: RootContent[] = []
  for (const child of children) {
    const found = kinds(child, markerOf)
    if (found.has('R')) out.push({ type: 'fencedDiv', children: [], data: { attributes: { id: 'refs', classes: [], pairs: [] } } } as FencedDiv)
    if (found.size === 0) out.push(child)
  }
  return out
}

/** The reference-list markers directly in a paragraph (or the list's own heading). */
function kinds(node: RootContent, markerOf: (node: Nodes) => Marker | undefined): Set<string> {
  const found = new Set<string>()
  if (node.type !== 'paragraph' && node.type !== 'heading') return found
  for (const child of node.children) {
    const kind = markerOf(child)?.kind
    if (kind === 'R' || kind === 'E') found.add(kind)
  }
  return found
}
