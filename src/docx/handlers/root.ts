import type { Root } from 'mdast'
import { SectionBreak } from '../sections.js'
import { tableOfContents } from '../toc.js'
import { titleBlock } from '../title-block.js'
import type { Handler } from './types.js'

/**
 * The document: the title block from front matter, the table of contents, then its children
 * as blocks. With a title page, the title block is a section of its own (no header or
 * footer), and the rest starts on the next page.
 */
export const root: Handler<Root> = (state, node, context) => {
  const title = titleBlock(state, context)
  const front = state.features.titlePage && title.length > 0 ? [...title, new SectionBreak('body')] : title
  if (state.features.titlePage && title.length === 0) state.info(undefined, 'A title page was asked for, but the document has no title, subtitle, author, date or abstract to put on it', 'title-page-empty')
  return [...front, ...tableOfContents(state, context), ...state.blocks(node, context)]
}
