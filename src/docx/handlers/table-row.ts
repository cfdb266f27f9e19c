import { TableCell, TableRow } from 'docx'
import type { Nodes, TableCell as MdTableCell, TableRow as MdTableRow } from 'mdast'
import { toString } from 'mdast-util-to-string'
import { trackedRow } from '../changes.js'
import type { State } from '../state.js'
import { MAX_COLUMNS } from '../tables/table-layout.js'
import type { Handler } from './types.js'
import { append } from '../../util/append.js'

/**
 * A table row, padded to the table's columns so the grid is whole (Word repairs ragged
 * rows); past Word's 63 columns, the extra cells' content joins the last cell. The header
 * row is marked to repeat at the top of every page. Rows are kept whole on a page when they
 * are short; a tall one may break, since Word cuts off a row that cannot break and does not fit.
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
  const whole = keepsWhole(state, cells, context.table?.widths ?? [])
  // Rows of a table inside a CriticMarkup change are inserted or deleted rows (changes.ts).
  return [new TableRow({ children, ...(context.headerRow ? { tableHeader: true } : {}), ...(whole ? { cantSplit: true } : {}), ...trackedRow(state, context.change) })]
}

/** Cell padding (left + right) from the Table style. */
const CELL_PADDING = 2 * 86

/** Whether the row's estimated height (text wrapped at its column width, line breaks, images) is under a third of the page. */
function keepsWhole(state: State, cells: MdTableCell[], widths: readonly number[]): boolean {
  const size = state.options.fontSize
  // Twips: an average character is about half an em wide; a line about 1.2 em high.
  const charWidth = size * 10
  const lineHeight = size * 24
  let tallest = 0
  cells.forEach((cell, column) => {
    const width = Math.max((widths[column] ?? state.textArea.width) - CELL_PADDING, 200)
    const perLine = Math.max(1, Math.floor(width / charWidth))
    let lines = Math.ceil(toString(cell).length / perLine)
    const stack: Nodes[] = [...cell.children]
    while (stack.length > 0) {
      const node = stack.pop()!
      if (node.type === 'break') lines++
      else if (node.type === 'image' || node.type === 'imageReference') lines += 10
      else if ('children' in node) append(stack, node.children as Nodes[])
    }
    tallest = Math.max(tallest, lines)
  })
  return tallest * lineHeight <= state.textArea.height / 3
}
