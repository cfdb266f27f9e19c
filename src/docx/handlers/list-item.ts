import { TextRun, type ParagraphChild } from 'docx'
import type { ListItem } from 'mdast'
import { checkbox } from '../text/checkbox.js'
import type { FirstParagraphToken } from '../first-paragraph.js'
import { LIST_INDENT } from '../numbering.js'
import type { Handler } from './types.js'

/** Blocks drawn in a box or behind a rule: a number inside them would sit in the box. */
const BOXED = new Set(['code', 'math', 'blockquote', 'thematicBreak'])

/**
 * A list item: only its first paragraph carries the number (or bullet, or task checkbox);
 * later paragraphs, code, quotes and tables are indented to the item's text. An item that
 * starts with something else — a table, or a code block or quote (whose box would take the
 * number in) — gets an empty numbered paragraph first, so the number still shows on its own.
 */
export const listItem: Handler<ListItem> = (state, node, context) => {
  const numbering = context.list ?? state.numbering.list({ type: 'list', children: [] }, 'bullet', Math.min(context.listDepth, 8))
  const prefix: ParagraphChild[] = []
  if (typeof node.checked === 'boolean') {
    // A real checkbox content control (w14:checkbox) Word users can tick; readers without it see ☐/☒.
    prefix.push(checkbox(node.checked), new TextRun(' '))
  }
  const token: FirstParagraphToken = { numbering, indent: context.indent, prefix, used: false }
  const inner = { ...context, indent: context.indent + LIST_INDENT, width: Math.max(context.width - LIST_INDENT, 1440), list: undefined }
  const lead = BOXED.has(node.children[0]?.type ?? '') ? [state.withFirstParagraph(token, () => state.paragraph(context, []))] : []
  const blocks = state.withFirstParagraph(token, () => state.blocks(node, inner))
  if (!token.used) blocks.unshift(state.withFirstParagraph(token, () => state.paragraph(context, [])))
  return [...lead, ...blocks]
}
