import { TableCell, WidthType } from 'docx'
import type { TableCell as MdTableCell } from 'mdast'
import { nodeDirection } from '../text/rtl.js'
import type { Handler } from './types.js'

/** Cell padding (left + right) from the Table style, taken off the width images may use. */
const CELL_PADDING = 2 * 86

/** A table cell: one Compact paragraph, aligned as its column (the Table style bolds the header row). */
export const tableCell: Handler<MdTableCell> = (state, node, context) => {
  const column = context.column ?? 0
  const width = context.table?.widths[column] ?? context.width
  const align = context.table?.align[column] ?? undefined
  const inner = {
    ...context,
    width: Math.max(width - CELL_PADDING, 200),
    alignment: align ?? undefined,
    direction: nodeDirection(node),
  }
  const children = state.inlines(node, inner)
  return [new TableCell({ width: { size: width, type: WidthType.DXA }, children: [state.paragraph(inner, children)] })]
}
