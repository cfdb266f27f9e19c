/**
 * Column widths for a table that fills the text width: each column's share follows the
 * length of its longest cell (bounded, so one long cell cannot squeeze the rest to nothing),
 * and no column is narrower than half an inch while the page allows it.
 */
import type { Table } from 'mdast'
import { toString } from 'mdast-util-to-string'

/** Word refuses tables wider than 63 columns. */
export const MAX_COLUMNS = 63

const MIN_COLUMN = 720
const MIN_WEIGHT = 3
const MAX_WEIGHT = 40

/** Number of columns of a table: its widest row (ragged rows are padded to it), at most 63. */
export function columnCount(node: Table): number {
  let columns = node.align?.length ?? 0
  for (const row of node.children) columns = Math.max(columns, row.children.length)
  return Math.min(Math.max(columns, 1), MAX_COLUMNS)
}

export function columnWidths(node: Table, columns: number, available: number): number[] {
  const weights = new Array<number>(columns).fill(MIN_WEIGHT)
  for (const row of node.children) {
    row.children.forEach((cell, index) => {
      const column = Math.min(index, columns - 1)
      const length = Math.min(longestLine(toString(cell)), MAX_WEIGHT)
      weights[column] = Math.max(weights[column]!, length)
    })
  }
  const total = Math.max(available, columns * 200)
  if (columns * MIN_COLUMN >= total) return spread(new Array<number>(columns).fill(1), total)
  // Give every column its minimum, then share the rest by weight.
  const rest = total - columns * MIN_COLUMN
  const shares = spread(weights, rest)
  return shares.map((share) => share + MIN_COLUMN)
}

/** Splits `total` in proportion to `weights`, in whole twips that add up exactly. */
function spread(weights: number[], total: number): number[] {
  const sum = weights.reduce((a, b) => a + b, 0) || 1
  const out = weights.map((w) => Math.floor((w * total) / sum))
  let left = total - out.reduce((a, b) => a + b, 0)
  for (let i = 0; left > 0; i = (i + 1) % out.length, left--) out[i]!++
  return out
}

function longestLine(text: string): number {
  // Words wrap, so a cell's need is closer to its longest word run than its whole length;
  // take the text length but let long prose count less than a long unbreakable token.
  const words = text.split(/\s+/)
  const longestWord = words.reduce((max, word) => Math.max(max, word.length), 0)
  return Math.max(longestWord, Math.round(Math.sqrt(text.length) * 3))
}
