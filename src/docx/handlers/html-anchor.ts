import type { HtmlAnchor } from '../html/anchor.js'
import type { Handler } from './types.js'

/**
 * An anchor of raw HTML (`<a name="x">`, `id="x"`): a bookmark, so `[text](#x)` links to it —
 * where it stands in a line of text, or at the start of the next paragraph when it stands
 * among blocks. An id given twice is a bookmark once (the first), with a note.
 */
export const htmlAnchor: Handler<HtmlAnchor> = (state, node, context) => {
  const name = state.bookmarks.place(node.identifier)
  if (!name) {
    state.info(node, `The anchor "${node.identifier}" is given more than once; links go to the first`, 'anchor-duplicate')
    return []
  }
  if (!node.block) return state.bookmarks.wrap(name, [])
  state.bookmarkNextParagraph(name, context)
  return []
}
