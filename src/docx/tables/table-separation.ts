/**
 * Word and LibreOffice join two tables that touch — nothing between them — into one table
 * (a table right after a table, or a table that opens a quote or list item after one). An
 * empty paragraph between them keeps them apart, as the Markdown has them.
 */
import { Paragraph, Table, type FileChild } from 'docx'

export function separateTables(blocks: FileChild[]): FileChild[] {
  const out: FileChild[] = []
  for (const block of blocks) {
    if (block instanceof Table && out[out.length - 1] instanceof Table) out.push(new Paragraph({ style: 'BodyText' }))
    out.push(block)
  }
  return out
}
