import type { DefListDescriptionNode, DefListNode, DefListTermNode } from 'mdast-util-definition-list'
import { nodeDirection } from '../text/rtl.js'
import { STYLE_INDENT } from '../styles/styles.js'
import type { Handler } from './types.js'

const DEFINITION_INDENT = STYLE_INDENT.Definition ?? 720

/**
 * Definition lists (pandoc's `Term` / `: definition`): each term a Definition Term paragraph
 * (bold, kept with its definition), each definition's blocks in the Definition style,
 * indented under it — pandoc's style names, so a reference .docx restyles them.
 */
export const defList: Handler<DefListNode> = (state, node, context) => state.blocks(node, context)

export const defListTerm: Handler<DefListTermNode> = (state, node, context) => {
  const inner = { ...context, direction: nodeDirection(node) }
  // Footnotes have one paragraph style; a term there is a bold line.
  if (context.inFootnote) return [state.paragraph(inner, state.inlines(node, { ...inner, run: { ...inner.run, bold: true } }))]
  return [state.paragraph(inner, state.inlines(node, inner), { style: 'DefinitionTerm' })]
}

export const defListDescription: Handler<DefListDescriptionNode> = (state, node, context) =>
  state.blocks(node, {
    ...context,
    indent: context.indent + DEFINITION_INDENT,
    width: Math.max(context.width - DEFINITION_INDENT, 1440),
    paragraphStyle: context.inFootnote ? context.paragraphStyle : 'Definition',
  })
