import type { Text } from 'mdast'
import type { Handler } from './types.js'

/** Text: soft line breaks (a newline and the spaces around it) become one space, as in HTML. */
export const text: Handler<Text> = (state, node, context) => state.text(node.value.replace(/[ \t]*\r?\n[ \t]*/g, ' '), context, node)
