import type { Subscript, Superscript } from '../../mdast/nodes.js'
import type { Handler } from './types.js'

/** pandoc's `^superscript^` and `~subscript~`: raised and lowered runs. */
export const superscript: Handler<Superscript> = (state, node, context) => state.inlines(node, { ...context, run: { ...context.run, superScript: true, subScript: false } })

export const subscript: Handler<Subscript> = (state, node, context) => state.inlines(node, { ...context, run: { ...context.run, subScript: true, superScript: false } })
