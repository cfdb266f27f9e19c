import type { Delete } from 'mdast'
import type { Handler } from './types.js'

/** GFM strikethrough. */
export const deleteHandler: Handler<Delete> = (state, node, context) => state.inlines(node, { ...context, run: { ...context.run, strike: true } })
