import type { Link } from 'mdast'
import { hyperlink } from '../text/hyperlink.js'
import type { Handler } from './types.js'

/** A link (also GFM autolink literals and emails, which the parser gives as links); its title becomes the ScreenTip. */
export const link: Handler<Link> = (state, node, context) => hyperlink(state, node, node.url, context, (inner) => state.inlines(node, inner), node.title)
