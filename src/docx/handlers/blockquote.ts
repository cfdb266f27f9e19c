import type { Blockquote } from 'mdast'
import { calloutBlocks } from '../callouts.js'
import { STYLE_INDENT } from '../styles/styles.js'
import type { Handler } from './types.js'

const QUOTE_INDENT = STYLE_INDENT.BlockText ?? 720

/** The style of a quote's first paragraph right after another quote (src/import/style-map.ts reads it). */
export const QUOTE_START = 'Block Text First'

/** A plain quote (a callout's title already starts a box of its own). */
function follows(previous: unknown): boolean {
  const node = previous as Blockquote | undefined
  return node?.type === 'blockquote' && !node.data?.callout
}

/**
 * Block quotes: Block Text paragraphs, indented one step per level of nesting; lists, code
 * and tables inside keep their own styles at the quote's indent.
 * Callouts (`> [!NOTE]`, see markdown/syntax/callouts.ts): a title paragraph and the content in the
 * kind's Callout styles — one bordered, filled box (callouts.ts); in a table cell or a footnote,
 * where a box does not fit, a quote with the title in bold.
 */
export const blockquote: Handler<Blockquote> = (state, node, context) => {
  const callout = node.data?.callout
  const box = callout ? calloutBlocks(state, node, callout, context) : undefined
  if (box) return box
  const quote = {
    ...context,
    indent: context.indent + QUOTE_INDENT,
    width: Math.max(context.width - QUOTE_INDENT, 1440),
    quoteDepth: context.quoteDepth + 1,
    paragraphStyle: context.inFootnote ? context.paragraphStyle : 'BlockText',
  }
  // The title first: the first paragraph written takes a list item's number or a footnote's mark.
  const title = callout ? [state.paragraph(quote, state.text(callout.title, { ...quote, run: { ...quote.run, bold: true } }, node))] : []
  const [first, ...rest] = node.children
  if (!callout && !context.inFootnote && first?.type === 'paragraph' && follows(state.previousSibling)) {
    // Right after another quote, Word would show one run of Block Text: the first paragraph
    // takes "Block Text First", a style that changes nothing, so the import keeps two quotes.
    const start = { ...quote, paragraphStyle: state.customStyles.derived(QUOTE_START, 'BlockText') }
    return [...state.blocks({ ...node, children: [first] }, start), ...state.blocks({ ...node, children: rest }, quote)]
  }
  return [...title, ...state.blocks(node, quote)]
}
