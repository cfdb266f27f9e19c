import type { Root } from 'mdast'
import type { Handler } from './types.js'

/** The document: its children as blocks. */
export const root: Handler<Root> = (state, node, context) => state.blocks(node, context)
