import type { BracketedSpan } from '../../mdast/nodes.js'
import { attributeValue, hasClass } from '../../mdast/attributes.js'
import type { RunFormat } from '../context.js'
import type { Handler } from './types.js'

/**
 * pandoc's bracketed span (`[text]{#id .class key=value}`): its text, with what pandoc's docx
 * writer makes of its attributes — `.underline`, `.smallcaps`, `.mark` (highlighted), and
 * `custom-style="Name"` (the character style Name, defined when no style has it); an id is a
 * bookmark around it. Other attributes change nothing in Word.
 */
export const bracketedSpan: Handler<BracketedSpan> = (state, node, context) => {
  const attributes = node.data?.attributes
  const run: { -readonly [K in keyof RunFormat]: RunFormat[K] } = { ...context.run }
  if (hasClass(attributes, 'underline')) run.underline = true
  if (hasClass(attributes, 'smallcaps')) run.smallCaps = true
  if (hasClass(attributes, 'mark')) run.highlight = true
  const style = attributeValue(attributes, 'custom-style')?.trim()
  // A run has one character style: inside a link or code, theirs stays.
  if (style && !run.style) run.style = state.customStyles.id(style, 'character')
  const children = state.inlines(node, { ...context, run })
  const id = attributes?.id ? state.bookmarks.place(attributes.id) : undefined
  return id ? state.bookmarks.wrap(id, children) : children
}
