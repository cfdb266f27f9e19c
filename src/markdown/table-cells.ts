/**
 * GFM's rule for a row with more cells than the header: "the excess is ignored" — the table has
 * as many columns as its delimiter row. remark keeps the extra cells in the tree, and a writer
 * that counts cells per row would widen the whole table by them; so they are taken off here, for
 * the preview and the export alike, each row's with a message that quotes what was left out
 * (the text is still the author's: the message says where it is).
 */
import type { Nodes, Root, Table } from 'mdast'
import { toString } from 'mdast-util-to-string'
import type { VFile } from 'vfile'

/** Longest quote of dropped text in a message. */
const QUOTE = 60

export function remarkTableCells() {
  return (tree: Root, file: VFile) => {
    // Iterative (containers can nest deeply in hostile input), in document order for the messages.
    const stack: Nodes[] = [tree]
    while (stack.length > 0) {
      const node = stack.pop()!
      if (node.type === 'table') trimRows(node, file)
      else if ('children' in node) for (let index = node.children.length - 1; index >= 0; index--) stack.push(node.children[index]!)
    }
  }
}

function trimRows(table: Table, file: VFile): void {
  const columns = table.align?.length ?? table.children[0]?.children.length ?? 0
  if (columns === 0) return
  for (const row of table.children) {
    if (row.children.length <= columns) continue
    const dropped = row.children.splice(columns)
    const text = dropped.map((cell) => toString(cell)).filter((value) => value.trim() !== '').join(' | ')
    const quoted = text.length > QUOTE ? `${text.slice(0, QUOTE - 1)}…` : text
    file.message(
      `This row has ${columns + dropped.length} cells but the table ${columns} column${columns === 1 ? '' : 's'}: the last ${dropped.length} ${dropped.length === 1 ? 'is' : 'are'} left out, as GFM does${quoted ? ` ("${quoted}")` : ''}`,
      { place: dropped[0]?.position ?? row.position, ruleId: 'table-cells-dropped', source: 'markdocx' },
    )
  }
}
