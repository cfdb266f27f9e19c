import type { ThematicBreak } from 'mdast'
import type { Handler } from './types.js'

/** A horizontal rule: an empty paragraph whose style draws a bottom border (not a page break). */
export const thematicBreak: Handler<ThematicBreak> = (state, _node, context) => [state.paragraph(context, [], { style: 'HorizontalRule' })]
