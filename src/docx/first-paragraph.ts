/**
 * What the first paragraph written inside a container receives: a list item's number (and a
 * task item's checkbox), or the space after a footnote's mark. The container sets a token;
 * the first paragraph written anywhere inside it — even inside a nested quote — takes it.
 */
import type { ParagraphChild } from 'docx'
import type { NumberingRef } from './context.js'

export interface FirstParagraphToken {
  /** The list number, for a list item. */
  readonly numbering?: NumberingRef
  /** Indent of the content the list stands in (its items' numbers hang from here + LIST_INDENT). */
  readonly indent: number
  /** Inline content put before the paragraph's own. */
  readonly prefix: ParagraphChild[]
  used: boolean
}
