/**
 * An HTML table written across HTML blocks with Markdown in its cells — the README idiom
 * (GitHub renders it, the unified collective's readmes are full of it):
 *
 * ```markdown
 * <table>
 * <tr>
 * <td>
 *
 * ```js
 * code
 * ```
 *
 * </td>
 * </tr>
 * </table>
 * ```
 *
 * CommonMark reads the tags as HTML blocks and the Markdown between them as blocks of their
 * own, so each tag block alone is a fragment of a table. From the `<table>` block to the one
 * closing it, the tags are read in order (a small part of HTML's table algorithm: a cell or
 * row closes the one before, `</td>` and `</tr>` may be missing) and everything between a
 * cell's tags — HTML and Markdown blocks alike — goes into the cell, giving the same
 * `htmlElement` table a one-block HTML table gives (to-mdast.ts), so html/table.ts makes a
 * Word table of it. Content outside cells goes before the table, as browsers put it. A table
 * nested across blocks, or one never closed, is left as it was.
 */
import type { BlockContent, Html, RootContent } from 'mdast'
import { toString } from 'mdast-util-to-string'
import type { Position } from 'unist'
import { htmlAnchors } from './anchor.js'
import type { HtmlElement } from './node.js'
import { hastToFlow, htmlContent, type HtmlConversion } from './to-mdast.js'
import { append } from '../../util/append.js'

const TABLE_TAG = /<(\/)?(table|thead|tbody|tfoot|tr|td|th|caption|colgroup|col)\b((?:[^<>"']|"[^"]*"|'[^']*')*)>/gi

type Piece = { kind: 'tag'; name: string; closing: boolean; attributes: Record<string, string>; node: Html } | { kind: 'html'; html: string; node: Html } | { kind: 'block'; node: RootContent }

/** The children with each table written across HTML blocks made one table element. */
export function groupBlockTables(children: RootContent[]): RootContent[] {
  if (!children.some((child) => child.type === 'html' && opensTable(child.value))) return children
  const out: RootContent[] = []
  for (let index = 0; index < children.length; index++) {
    const child = children[index]!
    const end = child.type === 'html' && opensTable(child.value) ? closingBlock(children, index) : -1
    if (end === -1) {
      out.push(child)
      continue
    }
    const built = buildTable(children.slice(index, end + 1))
    if (!built) {
      out.push(child)
      continue
    }
    append(out, built)
    index = end
  }
  return out
}

/** Whether an HTML block starts a table it does not close. */
function opensTable(html: string): boolean {
  return /^\s*<table\b/i.test(html) && depthChange(html) > 0
}

/** `<table>` tags opened minus closed in a piece of HTML. */
function depthChange(html: string): number {
  let depth = 0
  for (const match of html.matchAll(/<(\/)?table\b[^<>]*>/gi)) depth += match[1] ? -1 : 1
  return depth
}

/** The index of the HTML block that closes the table opened at `start`; -1 when none does, or a table nests across blocks. */
function closingBlock(children: RootContent[], start: number): number {
  let depth = 0
  for (let index = start; index < children.length; index++) {
    const child = children[index]!
    if (child.type !== 'html') continue
    let level = depth
    for (const match of child.value.matchAll(/<(\/)?table\b[^<>]*>/gi)) {
      level += match[1] ? -1 : 1
      // A second table opened inside this one, across blocks: left alone.
      if (level > 1 && index !== start) return -1
      if (level === 0) return index
    }
    depth = level
  }
  return -1
}

/** The pieces of the blocks: table tags, HTML between them, and Markdown blocks. */
function pieces(blocks: RootContent[]): Piece[] {
  const out: Piece[] = []
  for (const node of blocks) {
    if (node.type !== 'html') {
      out.push({ kind: 'block', node })
      continue
    }
    let last = 0
    for (const match of node.value.matchAll(TABLE_TAG)) {
      if (match.index > last) out.push({ kind: 'html', html: node.value.slice(last, match.index), node })
      out.push({ kind: 'tag', name: match[2]!.toLowerCase(), closing: match[1] === '/', attributes: attributesOf(match[3] ?? ''), node })
      last = match.index + match[0].length
    }
    if (last < node.value.length) out.push({ kind: 'html', html: node.value.slice(last), node })
  }
  return out
}

function attributesOf(text: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const match of text.matchAll(/([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    out[match[1]!.toLowerCase()] = match[2] ?? match[3] ?? match[4] ?? ''
  }
  return out
}

/** The table element (and whatever stood outside its cells, before it, and after its closing tag); undefined when it holds no cell. */
function buildTable(blocks: RootContent[]): RootContent[] | undefined {
  const first = blocks[0]!
  const last = blocks[blocks.length - 1]!
  const position: Position | undefined = first.position && last.position ? { start: first.position.start, end: last.position.end } : first.position
  const table: HtmlElement = { type: 'htmlElement', tagName: 'table', attributes: {}, children: [], block: true, ...(position ? { position } : {}) }
  const before: RootContent[] = []
  const after: RootContent[] = []
  const unsupported = new Set<string>()
  let header = false
  let row: HtmlElement | undefined
  let cell: HtmlElement | undefined
  let caption: BlockContent[] | undefined
  const captions: BlockContent[] = []
  let depth = 0
  let closed = false
  const convert = (html: string, node: Html): Array<BlockContent | HtmlElement> => {
    if (html.trim() === '') return []
    const conversion: HtmlConversion = { unsupported, position: node.position }
    return hastToFlow(htmlContent(html), conversion)
  }
  const closeCell = () => {
    cell = undefined
  }
  const closeRow = () => {
    closeCell()
    if (row && row.children.length > 0) {
      if (header || row.children.every((c) => c.type === 'htmlElement' && c.tagName === 'th')) row.attributes['data-header'] = ''
      table.children.push(row)
    }
    row = undefined
  }
  for (const piece of pieces(blocks)) {
    if (closed) {
      // After `</table>`: HTML stays an HTML block, as it was.
      if (piece.kind === 'html' && piece.html.trim() !== '') after.push({ ...piece.node, value: piece.html })
      else if (piece.kind === 'tag') after.push({ ...piece.node, value: `<${piece.closing ? '/' : ''}${piece.name}>` })
      continue
    }
    if (piece.kind === 'tag') {
      const at = piece.node.position
      switch (piece.name) {
        case 'table':
          if (piece.closing) {
            depth--
            if (depth === 0) {
              closeRow()
              closed = true
            }
          } else {
            depth++
            if (depth === 1) table.attributes = piece.attributes
          }
          break
        case 'thead':
          closeRow()
          header = !piece.closing
          break
        case 'tbody':
        case 'tfoot':
          closeRow()
          header = false
          break
        case 'tr':
          closeRow()
          if (!piece.closing) row = { type: 'htmlElement', tagName: 'tr', attributes: piece.attributes, children: [], block: true, ...(at ? { position: at } : {}) }
          break
        case 'td':
        case 'th':
          closeCell()
          caption = undefined
          if (piece.closing) break
          row ??= { type: 'htmlElement', tagName: 'tr', attributes: {}, children: [], block: true, ...(at ? { position: at } : {}) }
          cell = { type: 'htmlElement', tagName: piece.name, attributes: piece.attributes, children: [], block: true, ...(at ? { position: at } : {}) }
          cell.children.push(...htmlAnchors({ tagName: piece.name, properties: piece.attributes }, true, at))
          row.children.push(cell)
          break
        case 'caption':
          closeCell()
          caption = piece.closing ? undefined : captions
          break
        default:
          // colgroup, col: nothing to show.
          break
      }
      continue
    }
    const content = piece.kind === 'html' ? convert(piece.html, piece.node) : [piece.node as BlockContent]
    if (content.length === 0) continue
    if (cell) append(cell.children, content)
    else if (caption) append(caption, content as BlockContent[])
    // Outside any cell: browsers show it before the table.
    else append(before, content as RootContent[])
  }
  closeRow()
  if (table.children.length === 0) return undefined
  if (captions.length > 0) table.attributes['data-caption'] = captions.map((block) => toString(block)).join(' ')
  if (unsupported.size > 0) table.data = { unsupported: [...unsupported] }
  return [...before, table, ...after]
}
