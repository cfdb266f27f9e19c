import { TextRun, type Paragraph } from 'docx'
import type { Parents } from 'mdast'
import type { CriticComment, CriticHighlight } from '../../mdast/nodes.js'
import { annotationMark, commentAnchor } from '../comments.js'
import type { Context } from '../context.js'
import { nodeDirection } from '../text/rtl.js'
import type { State } from '../state.js'
import type { Handler } from './types.js'

/**
 * CriticMarkup `{==marked==}{>>comment<<}` → a Word comment anchored to the marked text (the
 * review pane shows it); `{==marked==}` alone → highlighted text.
 */
export const criticHighlight: Handler<CriticHighlight> = (state, node, context, parent) => {
  const next = sibling(parent, node, 1)
  if (next?.type === 'criticComment') {
    const id = state.comments.next()
    const content = state.inlines(node, context)
    state.comments.setBody(id, commentBody(state, next))
    return commentAnchor(id, content)
  }
  return state.inlines(node, { ...context, run: { ...context.run, highlight: true } })
}

/** A lone `{>>comment<<}` → a Word comment at that point (its marked text, if any, anchors it instead). */
export const criticComment: Handler<CriticComment> = (state, node, _context, parent) => {
  if (sibling(parent, node, -1)?.type === 'criticHighlight') return []
  const id = state.comments.next()
  state.comments.setBody(id, commentBody(state, node))
  return commentAnchor(id, [])
}

function commentBody(state: State, node: CriticComment): Paragraph[] {
  // A comment is its own little document: no links (their relationships live per part), no
  // footnotes, and never a list number pending where it stands.
  const context: Context = { ...state.rootContext, inLink: true, inFootnote: true, paragraphStyle: 'CommentText', direction: nodeDirection(node) }
  const children = state.inlines(node, context)
  return [state.withFirstParagraph(undefined, () => state.paragraph(context, [annotationMark(), new TextRun(' '), ...children], { style: 'CommentText' }))]
}

/** Each parent's children by position, built once: a paragraph may hold thousands of comments. */
const positions = new WeakMap<Parents, Map<unknown, number>>()

function sibling(parent: Parents | undefined, node: unknown, offset: 1 | -1) {
  if (!parent) return undefined
  const children = parent.children as Array<{ type: string }>
  let indexes = positions.get(parent)
  if (!indexes || indexes.size !== children.length) {
    indexes = new Map(children.map((child, at) => [child, at]))
    positions.set(parent, indexes)
  }
  const index = indexes.get(node) ?? -1
  return index === -1 ? undefined : (children[index + offset] as CriticComment | CriticHighlight | undefined)
}
