import type { Text } from 'mdast'
import type { ParagraphChild } from 'docx'
import { splitReferences } from '../../mdast/implicit-links.js'
import { hyperlink } from '../text/hyperlink.js'
import type { Handler } from './types.js'

/**
 * Text: soft line breaks (a newline and the spaces around it) become one space, as in HTML.
 * `[Heading text]` naming a heading (pandoc's implicit heading references, implicit-links.ts)
 * links to it.
 */
export const text: Handler<Text> = (state, node, context) => {
  const value = node.value.replace(/[ \t]*\r?\n[ \t]*/g, ' ')
  const pieces = splitReferences(value, state.headingLabels)
  if (pieces.length === 1 && !('slug' in pieces[0]!)) return state.text(value, context, node)
  return pieces.flatMap((piece): ParagraphChild[] => ('slug' in piece ? hyperlink(state, node, `#${piece.slug}`, context, (inner) => state.text(piece.text, inner, node)) : state.text(piece.text, context, node)))
}
