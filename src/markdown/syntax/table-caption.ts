/**
 * Table captions, pandoc-style: a paragraph starting with `Table:` (or `table:`, or just
 * `:`) right before or after a table becomes that table's caption — a `tableCaption` node
 * placed just before the table (Word's convention, and pandoc's in .docx). A caption line
 * written straight under the table, without a blank line, is read by GFM as a last row with
 * one cell; that row is taken back as the caption too.
 */
import type { Paragraph, Parent, PhrasingContent, Root, RootContent, Table, TableRow } from 'mdast'
import type { VFile } from 'vfile'
import type { TableCaption } from '../../mdast/nodes.js'

const PREFIX = /^(?:[Tt]able:|:)(?=\s|$)[ \t]*/

export function remarkTableCaption() {
  return (tree: Root, file: VFile) => {
    const source = String(file.value ?? '')
    const stack: Parent[] = [tree]
    while (stack.length > 0) {
      const parent = stack.pop()!
      captionTables(parent, source)
      for (const child of parent.children) if ('children' in child && child.type !== 'table') stack.push(child)
    }
  }
}

function captionTables(parent: Parent, source: string): void {
  const children = parent.children as RootContent[]
  for (let index = 0; index < children.length; index++) {
    const table = children[index]
    if (table?.type !== 'table') continue
    const before = children[index - 1]
    const after = children[index + 1]
    let caption = before?.type === 'paragraph' ? captionOf(before) : undefined
    if (caption) {
      children[index - 1] = caption
      continue
    }
    caption = lazyRowCaption(table, source)
    if (!caption && after?.type === 'paragraph') {
      caption = captionOf(after)
      if (caption) children.splice(index + 1, 1)
    }
    if (caption) {
      children.splice(index, 0, caption)
      index++
    }
  }
}

/**
 * Whether a top-level node is a paragraph the transform would take as the caption of a table
 * beside it: the chunked parser cuts between a table and a paragraph only when it is not.
 */
export function isCaptionParagraph(node: RootContent): boolean {
  return node.type === 'paragraph' && captionOf(node) !== undefined
}

/**
 * Whether a paragraph starts with the caption prefix, whatever follows it: a piece of a
 * paragraph cut in two (chunked parser) may hold `Table:` alone, and the whole a caption.
 */
export function startsLikeCaption(node: RootContent): boolean {
  const first = node.type === 'paragraph' ? node.children[0] : undefined
  return first?.type === 'text' && PREFIX.test(first.value)
}

/** The caption a paragraph holds, if it starts with the caption prefix and has text after it. */
function captionOf(paragraph: Paragraph): TableCaption | undefined {
  const first = paragraph.children[0]
  if (first?.type !== 'text') return undefined
  const match = PREFIX.exec(first.value)
  if (!match) return undefined
  const rest = first.value.slice(match[0].length)
  const children: PhrasingContent[] = rest ? [{ ...first, value: rest }, ...paragraph.children.slice(1)] : paragraph.children.slice(1)
  if (children.length === 0) return undefined
  return makeCaption(children, paragraph)
}

/** A last row of one non-empty cell, written without any `|`, that starts with `Table:`. */
function lazyRowCaption(table: Table, source: string): TableCaption | undefined {
  if (table.children.length < 3) return undefined
  const row: TableRow | undefined = table.children[table.children.length - 1]
  const start = row?.position?.start.offset
  const end = row?.position?.end.offset
  if (!row || start === undefined || end === undefined || source.slice(start, end).includes('|')) return undefined
  if (row.children.slice(1).some((cell) => cell.children.length > 0)) return undefined
  const cell = row.children[0]
  if (!cell) return undefined
  const caption = captionOf({ type: 'paragraph', children: cell.children, ...(row.position ? { position: row.position } : {}) })
  if (!caption) return undefined
  table.children.pop()
  const last = table.children[table.children.length - 1]
  if (table.position && last?.position) table.position = { start: table.position.start, end: last.position.end }
  return caption
}

function makeCaption(children: PhrasingContent[], from: { position?: Paragraph['position'] }): TableCaption {
  return {
    type: 'tableCaption',
    children,
    ...(from.position ? { position: from.position } : {}),
    data: { hName: 'p', hProperties: { className: ['table-caption'] } },
  }
}
