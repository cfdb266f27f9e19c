import type { TableCaption } from '../../mdast/nodes.js'
import { captionParagraph, withoutTypedNumber } from '../captions.js'
import { nodeDirection } from '../text/rtl.js'
import { landscapeOpening } from '../page/wide-tables.js'
import type { Handler } from './types.js'

/**
 * A table caption (pandoc's `Table: …`, moved before its table by the parser) → "Table N: …"
 * in the Table Caption style (kept with the table), N a SEQ Table field. When its table goes
 * to a landscape page, the caption goes with it.
 */
export const tableCaption: Handler<TableCaption> = (state, node, context, parent) => {
  const inner = { ...context, run: {}, direction: nodeDirection(node) }
  const [first, ...rest] = node.children
  // "Table: Table 3. Costs" — the author's own number gives way to the field's.
  const children = first?.type === 'text' ? [{ ...first, value: withoutTypedNumber(first.value, 'table', state.features.labels.table) }, ...rest] : node.children
  // A `{#tbl:x}` label (cross-references.ts): its bookmark at the caption (`[see](#tbl:x)`), the number in the one references point at.
  const id = node.data?.attributes?.id
  const name = id ? state.bookmarks.place(id) : undefined
  if (name) state.bookmarkNextParagraph(name, inner)
  const paragraph = captionParagraph(state, inner, 'table', state.inlines({ ...node, children }, inner), 'TableCaption', { node, label: id })
  return [...landscapeOpening(state, node, context, parent), paragraph]
}
