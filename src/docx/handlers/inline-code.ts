import type { InlineCode } from 'mdast'
import { codeRunInCell } from '../tables/table-cell-fonts.js'
import type { Handler } from './types.js'

/** Inline code: the Verbatim Char style (monospace), keeping bold/italic around it. */
export const inlineCode: Handler<InlineCode> = (state, node, context) => {
  const run = { ...context.run, style: 'VerbatimChar' }
  return state.text(node.value, { ...context, run: context.inTable ? codeRunInCell(state, run) : run }, node)
}
