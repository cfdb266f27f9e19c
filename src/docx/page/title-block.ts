/**
 * The title block pandoc writes from front matter: Title, Subtitle, one Author paragraph per
 * author, Date and the Abstract — in those styles, so a reference .docx restyles them. Title,
 * subtitle and abstract are Markdown (emphasis, code, links…), as in pandoc.
 */
import type { Paragraph, ParagraphChild } from 'docx'
import type { Nodes, PhrasingContent, Root, RootContent } from 'mdast'
import type { Position } from 'unist'
import type { Context } from '../context.js'
import { nodeDirection, textDirection } from '../text/rtl.js'
import type { Block, State } from '../state.js'
import { append } from '../../util/append.js'

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
    const tree = fragment(state, metadata.abstract, place)
    blocks.push(...state.withFirstParagraph(undefined, () => state.blocks(tree, { ...context, paragraphStyle: 'Abstract' })))
  }
  return blocks
}

function paragraph(state: State, context: Context, children: ParagraphChild[], style: string): Paragraph {
  return state.withFirstParagraph(undefined, () => state.paragraph(context, children, { style }))
}

/** A one-line Markdown value (title, subtitle) as inline content. */
function inlineMarkdown(state: State, text: string, context: Context, place: Position | undefined): ParagraphChild[] {
  const tree = fragment(state, text, place)
  const first = tree.children[0]
  // Anything but a single paragraph (a title such as "# x" or "- x") is taken as written.
  if (tree.children.length !== 1 || first?.type !== 'paragraph') return state.text(text, context)
  return state.inlines(first, { ...context, direction: nodeDirection(first) })
}

/**
 * Markdown from front matter, parsed with the document's parser (the `parseMarkdown` option:
 * the compiler itself reads only trees); messages point at the front matter. Without a parser
 * the value is one paragraph of plain text.
 */
function fragment(state: State, text: string, place: Position | undefined): Root {
  const parse = state.options.parseMarkdown
  const tree: Root = parse ? parse(text) : { type: 'root', children: text.split(/\n[ \t]*\n/).filter((part) => part.trim()).map((part) => ({ type: 'paragraph', children: [{ type: 'text', value: part.trim() }] })) }
  const stack: Nodes[] = [tree]
  while (stack.length > 0) {
    const node = stack.pop()!
    if (place) node.position = place
    else delete node.position
    if ('children' in node) append(stack, node.children as Array<RootContent | PhrasingContent>)
  }
  return tree
}
