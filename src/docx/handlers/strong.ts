import type { Strong } from 'mdast'
import type { Handler } from './types.js'

export const strong: Handler<Strong> = (state, node, context) => state.inlines(node, { ...context, run: { ...context.run, bold: true } })
