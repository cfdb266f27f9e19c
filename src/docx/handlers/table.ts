import { TableLayoutType, TableRow, WidthType } from 'docx'
import { MarkdocxTable } from '../ooxml/long-table.js'
import type { Table as MdTable } from 'mdast'
import { toString } from 'mdast-util-to-string'
import { nodeDirection } from '../text/rtl.js'
import { SectionBreak } from '../page/sections.js'
import { columnCount, columnWidths, MAX_COLUMNS } from '../tables/table-layout.js'
import { planTable } from '../page/wide-tables.js'
import type { Handler } from './types.js'

/**
 * A GFM table → a Word table in the "Table" style: fixed column widths that fill the text
 * width (so it never runs off the page), a header row that repeats on every page, column
 * alignment on every cell. In a footnote, where Word allows no tables, rows become lines.
 */
export const table: Handler<MdTable> = (state, node, context) => {
  if (node.children.length === 0) return []
  if (context.inFootnote) {
    state.warn(node, 'Tables cannot go in Word footnotes; its rows are written as lines of text', 'table-in-footnote')
    return node.children.map((row) => state.paragraph(context, state.text(row.children.map((cell) => toString(cell)).join(' | '), context, row)))
  }
  const widest = node.children.reduce((max, row) => Math.max(max, row.children.length), 0)
  if (widest > MAX_COLUMNS) {
    state.warn(node, `Table has ${widest} columns; Word allows ${MAX_COLUMNS}, so columns ${MAX_COLUMNS} and up share the last one`, 'table-too-wide')
  }
  const columns = columnCount(node)
  // Too wide for the page: smaller type, or a landscape section (wide-tables.ts).
  const plan = planTable(state, node, context)
  const widths = columnWidths(node, columns, plan.width)
  const layout = { widths, align: node.align ?? [] }
  // Cells are a world of their own: a list item's pending number must not land inside one.
  const rows = state.withFirstParagraph(undefined, () =>
    node.children.flatMap((row, index) =>
      state.one(row, { ...context, table: layout, headerRow: index === 0, indent: 0, listDepth: 0, quoteDepth: 0, inTable: true, paragraphStyle: 'Compact' }, node),
    ),
  )
  const tableRows = rows.filter((row): row is TableRow => row instanceof TableRow)
  const built = new MarkdocxTable({
      rows: tableRows,
      style: plan.style,
      // Mostly right-to-left content: columns run from the right, as the text does.
      ...(nodeDirection(node) === 'rtl' ? { visuallyRightToLeft: true } : {}),
      width: { size: widths.reduce((a, b) => a + b, 0), type: WidthType.DXA },
      columnWidths: widths,
      layout: TableLayoutType.FIXED,
      ...(context.indent > 0 ? { indent: { size: context.indent, type: WidthType.DXA } } : {}),
    })
  if (!plan.landscape) return [built]
  // A caption right before the table already opened the landscape section, to stay with it.
  const opened = state.previousSibling?.type === 'tableCaption'
  state.info(node, 'Table is too wide for a portrait page; it is on a landscape page of its own', 'table-landscape')
  return [...(opened ? [] : [new SectionBreak('landscape')]), built, new SectionBreak('portrait')]
}
