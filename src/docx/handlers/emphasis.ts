import type { Emphasis } from 'mdast'
import type { Handler } from './types.js'

export const emphasis: Handler<Emphasis> = (state, node, context) => state.inlines(node, { ...context, run: { ...context.run, italics: true } })
