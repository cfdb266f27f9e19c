import type { Root } from 'mdast'
import { SectionBreak } from '../page/sections.js'
import type { State } from '../state.js'
import { runSteps, type Steps } from '../steps.js'
import type { Context } from '../context.js'
import { tableOfContents } from '../page/toc.js'
import { titleBlock } from '../page/title-block.js'
import type { Handler, Output } from './types.js'

/**
 * The document: the title block from front matter, the table of contents, then its children
 * as blocks. With a title page, the title block is a section of its own (no header or
 * footer), and the rest starts on the next page.
 */
export const root: Handler<Root> = (state, node, context) => runSteps(rootSteps(state, node, context))

/** `root` a top-level block at a time (compileSteps drives it). */
export function* rootSteps(state: State, node: Root, context: Context): Steps<Output[]> {
  const title = titleBlock(state, context)
  const front = state.features.titlePage && title.length > 0 ? [...title, new SectionBreak('body')] : title
  if (state.features.titlePage && title.length === 0) state.info(undefined, 'A title page was asked for, but the document has no title, subtitle, author, date or abstract to put on it', 'title-page-empty')
  const toc = tableOfContents(state, context)
  const body = yield* state.blockSteps(node, context)
  return [...front, ...toc, ...body, ...state.flushBookmarks(context)]
}
