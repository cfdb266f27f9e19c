import { TextRun } from 'docx'
import type { Html } from 'mdast'
import { htmlTagNames, htmlToText, isHtmlComment } from '../html-text.js'
import type { Handler } from './types.js'

/**
 * Raw HTML. Word cannot hold HTML, so its text is kept and the tags are dropped, with a
 * message naming them; `<br>` becomes a line break and comments vanish quietly.
 */
export const html: Handler<Html> = (state, node, context, parent) => {
  if (isHtmlComment(node.value)) return []
  const inline = parent !== undefined && parent.type !== 'root' && parent.type !== 'blockquote' && parent.type !== 'listItem' && parent.type !== 'footnoteDefinition'
  if (inline && /^<br\s*\/?>$/i.test(node.value.trim())) return [new TextRun({ break: 1 })]
  // A closing tag was reported with its opening one.
  if (inline && /^<\/[A-Za-z][^>]*>$/.test(node.value.trim())) return []
  const tags = htmlTagNames(node.value)
  if (tags.length > 0) {
    state.warn(node, `HTML <${tags.join('>, <')}> is not converted to Word; its text is kept`, 'html-not-converted')
  }
  const text = htmlToText(node.value)
  if (inline) return state.text(text.replace(/\n/g, ' '), context, node)
  const lines = text.split('\n').map((line) => line.trim()).filter((line) => line !== '')
  return lines.map((line) => state.paragraph(context, state.text(line, context, node)))
}
