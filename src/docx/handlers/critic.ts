import { TextRun, type Paragraph, type ParagraphChild } from 'docx'
import type { Parents } from 'mdast'
import type { ChangeKind, CriticChangeBlock, CriticComment, CriticDeletion, CriticHighlight, CriticInsertion } from '../../mdast/nodes.js'
import { changeStamp, combine, holdsMath, tracked } from '../changes.js'
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

/** CriticMarkup `{++inserted++}` → its runs as a Word insertion (`w:ins`). */
export const criticInsertion: Handler<CriticInsertion> = (state, node, context) => change(state, node, 'insertion', state.inlines(node, context))

/** CriticMarkup `{--deleted--}` → its runs as a Word deletion (`w:del`, text as `w:delText`). */
export const criticDeletion: Handler<CriticDeletion> = (state, node, context) => change(state, node, 'deletion', state.inlines(node, context))

/** Whole blocks inside a change spanning paragraphs: every paragraph in them tracked, runs and mark; table rows too. */
export const criticChangeBlock: Handler<CriticChangeBlock> = (state, node, context) => {
  untrackedMath(state, node)
  return state.blocks(node, { ...context, change: combine(context.change, node.change) })
}

function change(state: State, node: CriticInsertion | CriticDeletion, kind: ChangeKind, children: ParagraphChild[]): ParagraphChild[] {
  untrackedMath(state, node)
  return tracked(kind, children, () => changeStamp(state))
}

function untrackedMath(state: State, node: CriticInsertion | CriticDeletion | CriticChangeBlock): void {
  if (!holdsMath(node)) return
  const kind = node.type === 'criticChangeBlock' ? node.change : node.type === 'criticInsertion' ? 'insertion' : 'deletion'
  state.info(node, `An equation inside a tracked ${kind} stays outside the change in Word (pandoc drops an equation inside a change, LibreOffice does not track one); it shows whether the change is accepted or rejected`, 'critic-math-untracked')
}
