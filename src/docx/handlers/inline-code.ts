import type { InlineCode } from 'mdast'
import type { Handler } from './types.js'

/** Inline code: the Verbatim Char style (monospace), keeping bold/italic around it. */
export const inlineCode: Handler<InlineCode> = (state, node, context) => state.text(node.value, { ...context, run: { ...context.run, style: 'VerbatimChar' } }, node)
