import { TableCell, TableRow } from 'docx'
import type { TableCell as MdTableCell, TableRow as MdTableRow } from 'mdast'
import { MAX_COLUMNS } from '../table-layout.js'
import type { Handler } from './types.js'

/**
 * A table row, padded to the table's columns so the grid is whole (Word repairs ragged
 * rows); past Word's 63 columns, the extra cells' content joins the last cell. The header
 * row is marked to repeat at the top of every page.
 */
export const tableRow: Handler<MdTableRow> = (state, node, context) => {
  const columns = context.table?.widths.length ?? node.children.length
  const cells: MdTableCell[] = node.children.slice(0, Math.min(columns, MAX_COLUMNS))
  if (node.children.length > MAX_COLUMNS && columns === MAX_COLUMNS) {
    const overflow = node.children.slice(MAX_COLUMNS - 1)
    cells[MAX_COLUMNS - 1] = {
      type: 'tableCell',
      children: overflow.flatMap((cell, index) => (index === 0 ? cell.children : [{ type: 'text' as const, value: ' | ' }, ...cell.children])),
      ...(overflow[0]?.position ? { position: overflow[0].position } : {}),
    }
  }
  while (cells.length < columns) cells.push({ type: 'tableCell', children: [] })
  const children = cells.flatMap((cell, column) => state.one(cell, { ...context, column }, node)).filter((cell): cell is TableCell => cell instanceof TableCell)
  return [new TableRow({ children, ...(context.headerRow ? { tableHeader: true } : {}), cantSplit: true })]
}
