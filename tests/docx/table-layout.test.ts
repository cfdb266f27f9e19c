import { u } from 'unist-builder'
import type { Table } from 'mdast'
import { describe, expect, it } from 'vitest'
import { columnCount, columnWidths, MAX_COLUMNS } from '../../src/docx/tables/table-layout.js'

const table = (...rows: string[][]) => u('table', { align: [] }, rows.map((cells) => u('tableRow', cells.map((c) => u('tableCell', [u('text', c)]))))) as Table

describe('table layout', () => {
  it('counts the widest row (ragged rows are padded), capped at Word’s 63 columns', () => {
    expect(columnCount(table(['a'], ['a', 'b', 'c'], ['a', 'b']))).toBe(3)
    expect(columnCount(table(Array.from({ length: 80 }, () => 'x')))).toBe(MAX_COLUMNS)
    expect(columnCount(table())).toBe(1)
  })

  it('fills the width exactly, wider content getting wider columns, none under half an inch', () => {
    const widths = columnWidths(table(['id', 'a much longer description of the thing']), 2, 9026)
    expect(widths.reduce((a, b) => a + b, 0)).toBe(9026)
    expect(widths[1]!).toBeGreaterThan(widths[0]!)
    expect(Math.min(...widths)).toBeGreaterThanOrEqual(720)
  })

  it('bounds one very long cell so the other columns keep room', () => {
    const widths = columnWidths(table(['short', 'x'.repeat(5000)]), 2, 9026)
    expect(widths[0]!).toBeGreaterThan(9026 / 10)
  })

  it('shares the width evenly when there are too many columns for half an inch each', () => {
    const widths = columnWidths(table(Array.from({ length: 20 }, (_, i) => `col${i}`)), 20, 9026)
    expect(widths.reduce((a, b) => a + b, 0)).toBe(9026)
    expect(Math.max(...widths) - Math.min(...widths)).toBeLessThanOrEqual(1)
  })
})
