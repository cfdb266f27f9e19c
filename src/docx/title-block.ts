/**
 * The title block pandoc writes from front matter: Title, Subtitle, one Author paragraph per
 * author, Date and the Abstract — in those styles, so a reference .docx restyles them. Title,
 * subtitle and abstract are Markdown (emphasis, code, links…), as in pandoc.
 */
import type { Paragraph, ParagraphChild } from 'docx'
import type { Nodes, PhrasingContent, Root, RootContent } from 'mdast'
import type { Position } from 'unist'
import { parseMarkdown } from '../markdown/parse.js'
import type { Context } from './context.js'
import { nodeDirection, textDirection } from './rtl.js'
import type { Block, State } from './state.js'

export function titleBlock(state: State, context: Context): Block[] {
  if (!state.features.titleBlock) return []
  const { metadata } = state
  const place = state.tree.children[0]?.type === 'yaml' ? state.tree.children[0].position : undefined
  const blocks: Block[] = []
  const line = (text: string, style: string, markdown: boolean) => {
    const inner: Context = { ...context, run: {}, direction: textDirection(text) }
    const children: ParagraphChild[] = markdown ? inlineMarkdown(state, text, inner, place) : state.text(text, inner)
    blocks.push(paragraph(state, inner, children, style))
  }
  const title = state.features.title
  if (title) line(title, 'Title', true)
  if (metadata.subtitle) line(metadata.subtitle, 'Subtitle', true)
  for (const author of metadata.authors) line(author, 'Author', false)
  if (metadata.date) line(metadata.date, 'Date', false)
  if (metadata.abstract) {
    const tree = fragment(metadata.abstract, place)
    blocks.push(...state.withFirstParagraph(undefined, () => state.blocks(tree, { ...context, paragraphStyle: 'Abstract' })))
  }
  return blocks
}

function paragraph(state: State, context: Context, children: ParagraphChild[], style: string): Paragraph {
  return state.withFirstParagraph(undefined, () => state.paragraph(context, children, { style }))
}

/** A one-line Markdown value (title, subtitle) as inline content. */
function inlineMarkdown(state: State, text: string, context: Context, place: Position | undefined): ParagraphChild[] {
  const tree = fragment(text, place)
  const first = tree.children[0]
  // Anything but a single paragraph (a title such as "# x" or "- x") is taken as written.
  if (tree.children.length !== 1 || first?.type !== 'paragraph') return state.text(text, context)
  return state.inlines(first, { ...context, direction: nodeDirection(first) })
}

/** Markdown from front matter, parsed with the document's parser; messages point at the front matter. */
function fragment(text: string, place: Position | undefined): Root {
  const { tree } = parseMarkdown(text)
  const stack: Nodes[] = [tree]
  while (stack.length > 0) {
    const node = stack.pop()!
    if (place) node.position = place
    else delete node.position
    if ('children' in node) stack.push(...(node.children as Array<RootContent | PhrasingContent>))
  }
  return tree
}
