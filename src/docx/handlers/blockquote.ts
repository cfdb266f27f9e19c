import type { Blockquote } from 'mdast'
import { STYLE_INDENT } from '../styles.js'
import type { Handler } from './types.js'

const QUOTE_INDENT = STYLE_INDENT.BlockText ?? 720

/**
 * Block quotes: Block Text paragraphs, indented one step per level of nesting; lists, code
 * and tables inside keep their own styles at the quote's indent.
 */
export const blockquote: Handler<Blockquote> = (state, node, context) =>
  state.blocks(node, {
    ...context,
    indent: context.indent + QUOTE_INDENT,
    width: Math.max(context.width - QUOTE_INDENT, 1440),
    quoteDepth: context.quoteDepth + 1,
    paragraphStyle: context.inFootnote ? context.paragraphStyle : 'BlockText',
  })
