/**
 * A row with more cells than the header: the table keeps as many columns as its delimiter row
 * (GFM's rule — a writer that counts cells per row would widen the whole table by them), and the
 * extra cells' text goes into the row's last cell, after a ` | ` as written, rather than being
 * dropped as GFM drops it: nothing the author typed is lost. The preview and the export both
 * read the table from here; a message says where it happened.
 */
import type { Nodes, Root, Table } from 'mdast'
import { toString } from 'mdast-util-to-string'
import type { VFile } from 'vfile'
import { append } from '../../util/append.js'

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
    const extra = row.children.splice(columns)
    const last = row.children[columns - 1]!
    for (const cell of extra) {
      last.children.push({ type: 'text', value: ' | ' })
      append(last.children, cell.children)
    }
    if (extra[extra.length - 1]?.position && last.position) last.position = { ...last.position, end: extra[extra.length - 1]!.position!.end }
    const text = extra.map((cell) => toString(cell)).filter((value) => value.trim() !== '').join(' | ')
    const quoted = text.length > QUOTE ? `${text.slice(0, QUOTE - 1)}…` : text
    file.message(
      `This row has ${columns + extra.length} cells but the table ${columns} column${columns === 1 ? '' : 's'}: the last ${extra.length} ${extra.length === 1 ? 'is' : 'are'} joined into the row's last cell (GFM would drop ${extra.length === 1 ? 'it' : 'them'})${quoted ? ` ("${quoted}")` : ''}`,
      { place: extra[0]?.position ?? row.position, ruleId: 'table-cells-joined', source: 'markdocx' },
    )
  }
}
