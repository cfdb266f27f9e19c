/**
 * A listing as markdocx writes it (pandoc-crossref's ```` ```{#lst:x caption="…"} ````): a
 * "Listing N: …" paragraph in the Caption style, holding the label's bookmark, right above the
 * code. The caption goes back into the code block's attributes (the code's language is not in
 * the .docx); a caption without a label, or not above code, stays a paragraph.
 */
import type { Nodes, Paragraph, PhrasingContent, RootContent } from 'mdast'
import { toString } from 'mdast-util-to-string'
import type { Marker } from './markers.js'

/** Whether `caption` (its words in `text`) was taken into `next`, a code block. */
export function listingCaption(caption: Paragraph, next: RootContent | undefined, text: PhrasingContent[], markerOf: (node: Nodes) => Marker | undefined): boolean {
  if (next?.type !== 'code' || next.lang) return false
  const label = caption.children.map((child) => markerOf(child)).find((found) => found?.kind === 'a' && /^lst[_:]/i.test(found.payload))?.payload
  const words = toString({ type: 'paragraph', children: text }).trim()
  // A caption the attribute could not hold as written (quotes, braces) stays a paragraph.
  if (label === undefined || words === '' || /[\n{}"\\]/.test(words)) return false
  // The bookmark's name (`lst_model`) is named back to the label by bookmark-names.ts.
  next.lang = `{#${label}`
  next.meta = `caption="${words}"}`
  return true
}
