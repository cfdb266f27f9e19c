import { PageBreak as WordPageBreak } from 'docx'
import type { PageBreak } from '../../mdast/nodes.js'
import type { Handler } from './types.js'

/**
 * A page break (`\newpage`, `\pagebreak`, a form feed, HTML's `page-break-before`): a paragraph
 * holding Word's page break, as pandoc writes it. In a table cell or a footnote, where Word has
 * no pages to break, it is left out with a note.
 */
export const pageBreak: Handler<PageBreak> = (state, node, context) => {
  if (context.inTable || context.inFootnote) {
    state.info(node, `A page break inside a ${context.inTable ? 'table cell' : 'footnote'} has no meaning in Word and was left out`, 'page-break-ignored')
    return []
  }
  return [state.paragraph(context, [new WordPageBreak()])]
}
