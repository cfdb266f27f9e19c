import type { Heading } from 'mdast'
import { isUnnumbered } from '../../mdast/section-numbers.js'
import { nodeDirection } from '../text/rtl.js'
import { referenceMark } from '../source-fields.js'
import type { Handler } from './types.js'

/**
 * Headings 1–6 → Word's Heading 1–6 styles (outline levels in the style, so the navigation
 * pane and a TOC see them), each inside a bookmark named by its slug for `#slug` links.
 * In a footnote a heading would pollute the navigation pane, so it is a bold line there.
 * With `numberSections`, headings are numbered by Word's list tied to the Heading styles.
 */
export const heading: Handler<Heading> = (state, node, outer) => {
  const context = { ...outer, direction: nodeDirection(node) }
  const name = state.bookmarks.headingName(node)
  if (context.inFootnote) {
    state.info(node, 'A heading inside a footnote is written as a bold line (a Heading style there would show in the navigation pane and contents)', 'heading-in-footnote')
    const children = state.crossReferences.wrapNumber(node.data?.attributes?.id, node, state.inlines(node, { ...context, run: { ...context.run, bold: true } }))
    // Still bookmarked, so a `#slug` link to it lands there.
    return [state.paragraph(context, name ? state.bookmarks.wrap(name, children) : children, { mark: node.data?.criticMark })]
  }
  const depth = Math.min(Math.max(node.depth, 1), 6)
  // A `{#sec:x}` heading: its text in the bookmark `@sec:x` references point at (cross-references.ts).
  const shown = state.crossReferences.wrapNumber(node.data?.attributes?.id, node, state.inlines(node, { ...context, run: {} }))
  // The reference list's own heading (made with it) is marked as its entries are, for an import to leave out.
  const children = node.data?.referenceHeading ? [...referenceMark('REFS_ENTRY'), ...shown] : shown
  // Numbered headings: the Heading style carries the list (heading-numbering.ts); `{-}` ones step out (numId 0).
  if (state.features.numberSections) state.numbering.numberHeadings()
  const unnumbered = state.features.numberSections && isUnnumbered(node)
  return [state.paragraph(context, name ? state.bookmarks.wrap(name, children) : children, { style: `Heading${depth}`, ...(unnumbered ? { numbering: false } : {}), mark: node.data?.criticMark })]
}
