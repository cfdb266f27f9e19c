/**
 * An HTML `<table>` as a real Word table: `colspan` as w:gridSpan, `rowspan` as w:vMerge (a
 * restart cell, then continue cells below it), header rows (`<thead>`, or rows of `<th>`)
 * repeating on every page, `<th>` cells bold, `align`/`valign` honoured. The grid is computed
 * as browsers compute it, so every row spans exactly the table's columns.
 */
import { Paragraph, Table, TableCell, TableLayoutType, TableRow, VerticalAlign, VerticalMergeType, WidthType } from 'docx'
import { MarkdocxTable } from '../ooxml/long-table.js'
import type { PhrasingContent } from 'mdast'
import type { Context } from '../context.js'
import type { Output } from '../handlers/types.js'
import type { State } from '../state.js'
import { MAX_COLUMNS } from '../tables/table-layout.js'
import type { HtmlElement } from './node.js'
import { MAX_HTML_TABLE_CELLS } from '../../mdast/table-limits.js'

/** The message for HTML over the cell budget, whichever way it was found; `size` says how large, when counted. */
export function tableTooLargeReason(size = ''): string {
  return `This HTML table${size} is written as lines of text, a row a line: over ${MAX_HTML_TABLE_CELLS.toLocaleString('en')} cells is more than a Word table can hold usefully`
}

/** Cell padding (left + right) from the Table style, taken off the width content may use. */
const CELL_PADDING = 2 * 86

interface Placement {
  cell: HtmlElement
  row: number
  column: number
  columns: number
  rows: number
}

const span = (value: string | undefined, fallback: number) => {
  const number = Number.parseInt(value ?? '', 10)
  return Number.isFinite(number) ? number : fallback
}

function isElement(node: HtmlElement['children'][number], ...names: string[]): node is HtmlElement {
  return node.type === 'htmlElement' && names.includes(node.tagName)
}

export function htmlTable(state: State, node: HtmlElement, context: Context): Output[] {
  const rows = node.children.filter((row): row is HtmlElement => isElement(row, 'tr'))
  if (rows.length === 0) return []
  if (context.inFootnote) {
    state.warn(node, 'Tables cannot go in Word footnotes; its rows are written as lines of text', 'table-in-footnote')
    return rowsAsLines(state, rows, context)
  }
  let cellCount = 0
  for (const row of rows) for (const cell of row.children) if (isElement(cell, 'td', 'th')) cellCount++
  if (cellCount > MAX_HTML_TABLE_CELLS) {
    state.warn(node, tableTooLargeReason(` (${rows.length.toLocaleString('en')} rows, ${cellCount.toLocaleString('en')} cells)`), 'table-too-large')
    return rowsAsLines(state, rows, context)
  }
  // Place every cell on the grid, skipping columns that rowspans from above occupy.
  const occupied = rows.map(() => new Set<number>())
  const placements: Placement[][] = rows.map(() => [])
  // Which placement from a row above covers a row's column (for its vMerge continue cells).
  const coveredBy: Map<number, Placement>[] = rows.map(() => new Map())
  let columns = 0
  let clipped = false
  rows.forEach((row, r) => {
    let column = 0
    for (const cell of row.children.filter((c): c is HtmlElement => isElement(c, 'td', 'th'))) {
      while (occupied[r]!.has(column)) column++
      const wide = Math.max(1, Math.min(span(cell.attributes.colspan, 1), 1000))
      const rowspan = span(cell.attributes.rowspan, 1)
      const tall = rowspan === 0 ? rows.length - r : Math.max(1, Math.min(rowspan, rows.length - r))
      if (column >= MAX_COLUMNS) {
        clipped = true
        continue
      }
      const fits = Math.min(wide, MAX_COLUMNS - column)
      if (fits < wide) clipped = true
      const placement: Placement = { cell, row: r, column, columns: fits, rows: tall }
      placements[r]!.push(placement)
      for (let dr = 0; dr < tall; dr++) {
        for (let dc = 0; dc < fits; dc++) {
          occupied[r + dr]!.add(column + dc)
          if (dr > 0) coveredBy[r + dr]!.set(column + dc, placement)
        }
      }
      column += fits
      columns = Math.max(columns, column)
    }
  })
  if (clipped) state.warn(node, `HTML table is wider than Word's ${MAX_COLUMNS} columns; the cells beyond were left out`, 'table-too-wide')
  if (columns === 0) return []
  const columnWidth = Math.max(Math.floor(context.width / columns), 200)
  const widths = Array.from({ length: columns }, () => columnWidth)
  const header = rows.findIndex((row) => !('data-header' in row.attributes))
  const headerRows = header === -1 ? rows.length : header
  const out = state.withFirstParagraph(undefined, () =>
    rows.map((row, r) => {
      const cells: TableCell[] = []
      const starts: (Placement | undefined)[] = []
      for (const placement of placements[r]!) starts[placement.column] = placement
      for (let column = 0; column < columns; ) {
        const start = starts[column]
        const above = start ? undefined : coveredBy[r]!.get(column)
        if (start) {
          cells.push(cell(state, start, r < headerRows, row, columnWidth, context))
          column += start.columns
        } else if (above) {
          // The rest of the span (all of it, unless a cell of this row overlapped its start).
          const wide = Math.min(above.column + above.columns - column, columns - column)
          cells.push(new TableCell({ width: { size: columnWidth * wide, type: WidthType.DXA }, ...(wide > 1 ? { columnSpan: wide } : {}), verticalMerge: VerticalMergeType.CONTINUE, children: [new Paragraph({ style: 'Compact' })] }))
          column += wide
        } else {
          cells.push(new TableCell({ width: { size: columnWidth, type: WidthType.DXA }, children: [new Paragraph({ style: 'Compact' })] }))
          column += 1
        }
      }
      return new TableRow({ children: cells, ...(r < headerRows ? { tableHeader: true } : {}), cantSplit: true })
    }),
  )
  return [
    new MarkdocxTable({
      rows: out,
      style: 'Table',
      width: { size: columnWidth * columns, type: WidthType.DXA },
      columnWidths: widths,
      layout: TableLayoutType.FIXED,
      // The Table style shades and bolds the first row: only when the HTML says it is a header.
      tableLook: { firstRow: headerRows > 0, lastRow: false, firstColumn: false, lastColumn: false, noHBand: true, noVBand: true },
      ...(context.indent > 0 ? { indent: { size: context.indent, type: WidthType.DXA } } : {}),
    }),
  ]
}

function cell(state: State, placement: Placement, headerRow: boolean, row: HtmlElement, columnWidth: number, context: Context): TableCell {
  const { cell: node } = placement
  const width = columnWidth * placement.columns
  const align = alignment(node.attributes.align ?? row.attributes.align, node.attributes.style)
  const inner: Context = {
    ...context,
    run: node.tagName === 'th' ? { ...context.run, bold: true } : context.run,
    table: undefined,
    headerRow,
    indent: 0,
    listDepth: 0,
    quoteDepth: 0,
    inTable: true,
    paragraphStyle: 'Compact',
    width: Math.max(width - CELL_PADDING, 200),
    ...(align ? { alignment: align } : { alignment: undefined }),
  }
  const blocks = state.blocks(node, inner).filter((block): block is Paragraph | Table => block instanceof Paragraph || block instanceof Table)
  if (blocks.length === 0 || !(blocks[blocks.length - 1] instanceof Paragraph)) blocks.push(state.paragraph(inner, []))
  const valign = (node.attributes.valign ?? row.attributes.valign)?.toLowerCase()
  return new TableCell({
    width: { size: width, type: WidthType.DXA },
    ...(placement.columns > 1 ? { columnSpan: placement.columns } : {}),
    ...(placement.rows > 1 ? { verticalMerge: VerticalMergeType.RESTART } : {}),
    ...(valign === 'middle' || valign === 'center' ? { verticalAlign: VerticalAlign.CENTER } : valign === 'bottom' ? { verticalAlign: VerticalAlign.BOTTOM } : {}),
    children: blocks,
  })
}

function alignment(align: string | undefined, style: string | undefined): 'left' | 'center' | 'right' | undefined {
  const value = (align ?? /text-align\s*:\s*(\w+)/i.exec(style ?? '')?.[1] ?? '').toLowerCase()
  return value === 'left' || value === 'center' || value === 'right' ? value : undefined
}

/** The rows as paragraphs of their cells' text, ` | ` between cells: for where a Word table cannot go. */
function rowsAsLines(state: State, rows: HtmlElement[], context: Context): Output[] {
  return rows.map((row) => state.paragraph(context, row.children.flatMap((cell, index) => [...(index > 0 ? state.text(' | ', context, row) : []), ...(cell.type === 'htmlElement' ? state.inlines({ type: 'paragraph', children: flatText(cell) }, context) : [])])))
}

function flatText(cell: HtmlElement): PhrasingContent[] {
  const out: PhrasingContent[] = []
  const visit = (nodes: HtmlElement['children']) => {
    for (const node of nodes) {
      if (node.type === 'text') out.push(node)
      else if ('children' in node) {
        if (out.length > 0 && node.type === 'paragraph') out.push({ type: 'text', value: ' ' })
        visit(node.children as HtmlElement['children'])
      }
    }
  }
  visit(cell.children)
  return out
}
