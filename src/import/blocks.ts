/**
 * Word's flat run of paragraphs → Markdown's nested blocks, from the facts the pre-pass wrote
 * on each paragraph (list instance, level, number, indentation, alignment, style):
 *
 * - lists: consecutive list paragraphs nest by level; a new list begins where the instance
 *   changes and the numbering does not continue, or restarts (its own start), or looks
 *   different (`1.` after `a)`); `start` is the first item's number; a paragraph, code block or
 *   quote indented at least as far as an open item's text belongs to that item (pandoc and
 *   markdocx write an item's later paragraphs so); a list is loose when its items are written
 *   as body text (pandoc's and markdocx's loose lists) or an item holds two paragraphs;
 * - quotes nest by their indentation (markdocx indents each level one step more), and the
 *   Callout styles make a callout (`> [!NOTE]`);
 * - tables: a GFM table when every cell holds one paragraph (or a few, joined by `<br>`) and no
 *   cell spans others; else an HTML table, which markdocx also turns into a Word table;
 *   alignment from the cells' paragraphs; a table without a header row takes its first row
 *   as the header (GFM needs one);
 * - captions: an Image Caption (or Word's Caption) right after a lone picture becomes its title,
 *   a Table Caption (or Caption) next to a table a `Table: …` caption — without the number,
 *   which Word keeps in a SEQ field the pre-pass marked.
 */
import type { BlockContent, Blockquote, Html, List, ListItem, Nodes, Paragraph, PhrasingContent, RootContent, Table, TableCell, TableRow } from 'mdast'
import { toHast } from 'mdast-util-to-hast'
import { toString } from 'mdast-util-to-string'
import type { CalloutKind, ChangeKind, TableCaption } from '../mdast/nodes.js'
import { figureImage, figureTitle, TYPED_CAPTION_NUMBER } from './figures.js'
import { listingCaption } from './listings.js'
import { htmlOf } from './html-serialize.js'
import type { TableModel } from './html-to-mdast.js'
import type { Marker } from './markers.js'
import { calloutTypeOf } from './custom-styles.js'
import { changeBlock } from './tracked-blocks.js'
import { append } from '../util/append.js'
import { extent } from '../util/extent.js'

export interface BlockContext {
  factsOf(node: Nodes): Map<string, string> | undefined
  setFacts(node: Nodes, facts: Map<string, string>): void
  classesOf(node: Nodes): string[]
  markerOf(node: Nodes): Marker | undefined
  tableOf(node: Html): TableModel | undefined
  /** The change a table is wholly in (every row tracked so: tracked-blocks.ts). */
  changeOf?(node: Html): ChangeKind | undefined
}

type Flow = RootContent

/** Restructures a container's blocks (root, note, quote, item, cell) and, recursively, theirs. */
export function structure(blocks: Flow[], context: BlockContext): Flow[] {
  let out = absorb(blocks, context).flatMap((block): Flow[] => {
    if (block.type === 'blockquote') return [quote(block, context)]
    if (block.type === 'html') {
      const table = context.tableOf(block)
      if (table) {
        if (table.rows.length === 0) return []
        const made = tableNode(table, context)
        const change = context.changeOf?.(block)
        return [change ? changeBlock(change, [made]) : made]
      }
    }
    if (block.type === 'footnoteDefinition') block.children = structure(block.children, context) as typeof block.children
    return [block]
  })
  out = captions(out, context)
  return lists(out, context)
}

// What belongs in a quote

/**
 * The blocks after a quote that belong in it: markdocx writes a quote's lists, code and
 * headings in their own styles, indented one step (720 twips) more than they would be outside
 * it — a callout's with its coloured rule at the left (and 240 twips in). They go into the quote,
 * their indentation less that step, and a quote that the absorbed blocks had split is one again.
 */
function absorb(blocks: Flow[], context: BlockContext): Flow[] {
  const out: Flow[] = []
  let absorbed = false
  for (const block of blocks) {
    const last = out[out.length - 1]
    if (last?.type === 'blockquote') {
      const callout = context.classesOf(last).some((name) => name.startsWith('md-callout-'))
      const facts = placeFacts(block, context)
      const x = Number(facts?.get('x') ?? facts?.get('t') ?? '0')
      const excess = x - Number(facts?.get('li') ?? '0')
      const inside = block.type !== 'blockquote' && facts !== undefined && (facts.get('bl') === '1' || (!callout && excess >= 700))
      if (inside) {
        const step = callout ? 240 : 720
        const own = placeFacts(block, context)!
        const moved = new Map(own)
        if (moved.has('x')) moved.set('x', String(Number(moved.get('x')) - step))
        if (moved.has('t')) moved.set('t', String(Number(moved.get('t')) - step))
        moved.delete('bl')
        setPlaceFacts(block, moved, context)
        last.children.push(block as BlockContent)
        absorbed = true
        continue
      }
      if (absorbed && block.type === 'blockquote' && context.classesOf(block).join(' ') === context.classesOf(last).join(' ') && !callout) {
        append(last.children, block.children)
        continue
      }
    }
    absorbed = false
    out.push(block)
  }
  return out
}

/** A block's facts, a table's being its first paragraph's. */
function placeFacts(block: Flow, context: BlockContext): Map<string, string> | undefined {
  if (block.type === 'html') {
    const first = context.tableOf(block)?.rows[0]?.cells[0]?.children[0]
    return first ? context.factsOf(first) : undefined
  }
  return context.factsOf(block)
}

function setPlaceFacts(block: Flow, facts: Map<string, string>, context: BlockContext): void {
  if (block.type === 'html') {
    const first = context.tableOf(block)?.rows[0]?.cells[0]?.children[0]
    if (first) context.setFacts(first, facts)
  } else context.setFacts(block, facts)
}

// Lists

interface OpenList {
  list: List
  item: ListItem
  level: number
  numId: string
  look: string
  value: number
  /** Where the item's text starts (twips), for the blocks that continue it. */
  indent: number
  /** Paragraphs in the current item (two make the list loose). */
  paragraphs: number
}

function lists(blocks: Flow[], context: BlockContext): Flow[] {
  const out: Flow[] = []
  const open: OpenList[] = []
  for (const block of blocks) {
    let facts = blockFacts(block, context)
    if (facts?.get('iv') === '1' && checkbox(block, context, true) === undefined) {
      // A paragraph under an invisible bullet with no box: only indented (continues an item).
      facts = new Map([...facts].filter(([key]) => key === 'x' || key === 's' || key === 'xi'))
    }
    const numId = facts?.get('n')
    // Numbered headings are headings (the front matter's number-sections), never list items.
    if (facts && numId !== undefined && block.type !== 'heading') {
      const level = Number(facts.get('l') ?? '0')
      const value = Number(facts.get('v') ?? '1')
      const look = facts.get('k') ?? ''
      const ordered = facts.get('o') === '1'
      const indent = Number(facts.get('x') ?? String((level + 1) * 720))
      while (open.length > 0 && open[open.length - 1]!.level > level) open.pop()
      let top = open[open.length - 1]
      if (top && top.level === level) {
        const continues = top.numId === numId ? facts.get('r') !== '1' : facts.get('r') !== '1' && top.look === look && value === top.value + 1
        if (!continues) {
          open.pop()
          top = open[open.length - 1]
        }
      }
      const item: ListItem = { type: 'listItem', spread: false, checked: null, children: [] }
      const first = checkbox(block, context)
      if (first !== undefined) item.checked = first
      item.children.push(block as BlockContent)
      if (top && top.level === level) {
        top.list.children.push(item)
        top.item = item
        top.value = value
        top.indent = indent
        top.paragraphs = block.type === 'paragraph' ? 1 : 0
      } else {
        const list: List = { type: 'list', ordered, spread: false, children: [item] }
        if (ordered) list.start = value
        if (top) top.item.children.push(list)
        else out.push(list)
        open.push({ list, item, level, numId, look, value, indent, paragraphs: block.type === 'paragraph' ? 1 : 0 })
      }
      if (block.type === 'paragraph' && isLooseStyle(facts.get('s'))) markLoose(open)
      continue
    }
    // A block indented under an open item continues it.
    const indent = Number(facts?.get('x') ?? facts?.get('t') ?? 'NaN')
    if (open.length > 0 && Number.isFinite(indent)) {
      let at = open.length - 1
      while (at >= 0 && open[at]!.indent > indent + 20) at--
      if (at >= 0) {
        open.length = at + 1
        const target = open[at]!
        target.item.children.push(block as BlockContent)
        if (block.type === 'paragraph' && ++target.paragraphs === 2) markLoose([target])
        continue
      }
    }
    open.length = 0
    out.push(block)
  }
  return out
}

/**
 * What a block says of its place: a paragraph's own facts; a quote's are its first paragraph's
 * (its indentation less the quote's own step), a table's its indentation.
 */
function blockFacts(block: Flow, context: BlockContext): Map<string, string> | undefined {
  if (block.type === 'blockquote') {
    const first = block.children[0]
    const facts = first ? context.factsOf(first) : undefined
    if (!facts) return undefined
    const copy = new Map(facts)
    if (copy.has('n')) {
      // A list item that begins with a quote: the number was on the quote's first paragraph.
      context.setFacts(first!, new Map([...facts].filter(([key]) => key === 'x' || key === 's')))
    } else if (facts.get('xi') !== '1') copy.set('x', String(Number(facts.get('x') ?? '720') - 720))
    // (pandoc indents a quote in a list item to the item's text only: its indentation is the item's.)
    return copy
  }
  return context.factsOf(block)
}

function isLooseStyle(style: string | undefined): boolean {
  return style === 'BodyText' || style === 'FirstParagraph'
}

function markLoose(open: OpenList[]): void {
  const last = open[open.length - 1]
  if (!last) return
  last.list.spread = true
  for (const item of last.list.children) item.spread = true
}

/** A checkbox at the start of a list paragraph: the item's task state (and the box taken out, unless only looking). */
function checkbox(block: Flow, context: BlockContext, look = false): boolean | undefined {
  if (block.type !== 'paragraph') return undefined
  const index = block.children.findIndex((child) => !(child.type === 'text' && child.value.trim() === '' && !context.markerOf(child)))
  const first = block.children[index]
  // pandoc writes a task's box as the character itself: ☐ or ☒ (☑).
  if (first?.type === 'text' && /^[\u2610\u2611\u2612] /.test(first.value)) {
    const checked = first.value[0] !== '\u2610'
    if (look) return checked
    first.value = first.value.slice(2)
    block.children.splice(0, index)
    return checked
  }
  const found = first ? context.markerOf(first) : undefined
  if (found?.kind !== 'k') return undefined
  if (look) return found.payload === '1'
  block.children.splice(0, index + 1)
  const next = block.children[0]
  if (next?.type === 'text') next.value = next.value.replace(/^\s+/, '')
  return found.payload === '1'
}

// Quotes and callouts

const CALLOUT_TITLES: Record<CalloutKind, string> = { note: 'Note', tip: 'Tip', important: 'Important', warning: 'Warning', caution: 'Caution' }

function quote(block: Blockquote, context: BlockContext): Blockquote {
  const classes = context.classesOf(block)
  const callout = classes.map((name) => /^md-callout-(note|tip|important|warning|caution)$/.exec(name)?.[1]).find((kind) => kind !== undefined) as CalloutKind | undefined
  const children = structure(block.children, context) as BlockContent[]
  if (callout) {
    let title = CALLOUT_TITLES[callout]
    let type: string = callout
    const first = children[0]
    if (first?.type === 'paragraph' && context.classesOf(first).includes('md-callout-title')) {
      title = toString(first).trim() || title
      // A type drawn as this kind (Obsidian's `faq`) keeps its name in the title's style.
      type = calloutTypeOf(context.classesOf(first))?.toLowerCase() ?? type
      children.shift()
    }
    return { type: 'blockquote', children, data: { callout: { kind: callout, title, type } } }
  }
  // Nested quotes: markdocx indents a quote one step (720 twips) more per level; the first
  // paragraph is at depth 1 (the quote may itself sit in a list item, indented further).
  const firstX = Number(context.factsOf(children[0]!)?.get('x') ?? '720')
  const base = firstX >= 1080 ? firstX - 720 : 0
  const depthOf = (child: BlockContent) => {
    const x = Number(context.factsOf(child)?.get('x') ?? '0') - base
    return x >= 1080 ? Math.min(9, Math.round(x / 720)) : 1
  }
  if (!children.some((child) => depthOf(child) > 1)) return { type: 'blockquote', children }
  const root: Blockquote = { type: 'blockquote', children: [] }
  const stack: Blockquote[] = [root]
  for (const child of children) {
    const depth = depthOf(child)
    while (stack.length > depth) stack.pop()
    while (stack.length < depth) {
      const inner: Blockquote = { type: 'blockquote', children: [] }
      stack[stack.length - 1]!.children.push(inner)
      stack.push(inner)
    }
    stack[stack.length - 1]!.children.push(child)
  }
  return root
}

// Tables

function tableNode(model: TableModel, context: BlockContext): Table | Html {
  // Each cell's blocks restructured first (lists, quotes inside cells).
  for (const row of model.rows) for (const cell of row.cells) cell.children = structure(cell.children, context) as BlockContent[]
  const simple = model.rows.length > 0 && model.rows.every((row) => row.cells.every((cell) => cell.colSpan === 1 && cell.rowSpan === 1 && cell.children.every((block) => block.type === 'paragraph')))
  const table = simple ? gfmTable(model, context) : htmlTable(model)
  const first = model.rows[0]?.cells[0]?.children[0]
  const indent = first ? context.factsOf(first)?.get('t') : undefined
  if (indent !== undefined) context.setFacts(table, new Map([['t', indent]]))
  return table
}

function gfmTable(model: TableModel, context: BlockContext): Table {
  const width = Math.max(1, extent(model.rows.map((row) => row.cells.length))?.max ?? 1)
  const align: Table['align'] = []
  for (let column = 0; column < width; column++) {
    let value: 'left' | 'center' | 'right' | null = null
    for (const row of model.rows) {
      const cell = row.cells[column]
      const alignment = cell?.children[0] ? context.factsOf(cell.children[0])?.get('j') : undefined
      if (alignment === 'center' || alignment === 'right') {
        value = alignment
        break
      }
      if (cell && cell.children.length > 0) break
    }
    align.push(value)
  }
  const rows: TableRow[] = model.rows.map((row, index) => {
    const cells: TableCell[] = row.cells.map((cell) => {
      const children = cellPhrasing(cell.children as Paragraph[])
      // A header cell set in bold (LibreOffice writes the table style's bold so) is bold as a header anyway.
      const only = children.length === 1 ? children[0] : undefined
      return { type: 'tableCell', children: index === 0 && only?.type === 'strong' ? only.children : children }
    })
    while (cells.length < width) cells.push({ type: 'tableCell', children: [] })
    return { type: 'tableRow', children: cells }
  })
  return { type: 'table', align, children: rows }
}

/** A cell's paragraphs as one line: joined by `<br>`. */
function cellPhrasing(paragraphs: Paragraph[]): PhrasingContent[] {
  const out: PhrasingContent[] = []
  for (const paragraph of paragraphs) {
    if (out.length > 0) out.push({ type: 'html', value: '<br>' })
    append(out, paragraph.children)
  }
  return out
}

function htmlTable(model: TableModel): Html {
  const lines: string[] = ['<table>']
  const head = model.rows.filter((row) => row.header)
  const body = model.rows.filter((row) => !row.header)
  const rowsHtml = (rows: TableModel['rows']) =>
    rows.map((row) => {
      const cells = row.cells.map((cell) => {
        const tag = cell.header ? 'th' : 'td'
        const spans = `${cell.colSpan > 1 ? ` colspan="${cell.colSpan}"` : ''}${cell.rowSpan > 1 ? ` rowspan="${cell.rowSpan}"` : ''}`
        const content = cell.children.length === 1 && cell.children[0]!.type === 'paragraph' ? htmlOf(toHast({ type: 'root', children: cell.children[0]!.children }, { allowDangerousHtml: true })) : htmlOf(toHast({ type: 'root', children: cell.children }, { allowDangerousHtml: true }))
        return `<${tag}${spans}>${content.replace(/\n+/g, ' ').trim()}</${tag}>`
      })
      return `<tr>${cells.join('')}</tr>`
    })
  // Appended, not spread: a table of 200 000 rows would overflow the call stack.
  if (head.length > 0) append(lines, ['<thead>', ...rowsHtml(head), '</thead>'])
  append(lines, ['<tbody>', ...rowsHtml(body), '</tbody>', '</table>'])
  return { type: 'html', value: lines.join('\n') }
}

// Captions

function captions(blocks: Flow[], context: BlockContext): Flow[] {
  const out: Flow[] = []
  for (let index = 0; index < blocks.length; index++) {
    const block = blocks[index]!
    const kind = block.type === 'paragraph' ? captionKind(context.classesOf(block)) : undefined
    if (!kind || block.type !== 'paragraph') {
      out.push(block)
      continue
    }
    const text = captionText(block.children, context)
    const previous = out[out.length - 1]
    const image = previous ? figureImage(previous, context.markerOf) : undefined
    if (image && (kind === 'image' || kind === 'any')) {
      image.title = figureTitle(toString({ type: 'paragraph', children: text }).trim(), image.alt)
      continue
    }
    const next = blocks[index + 1]
    const tableNext = next && (next.type === 'table' || (next.type === 'html' && next.value.startsWith('<table')))
    const tableBefore = previous && (previous.type === 'table' || (previous.type === 'html' && previous.value.startsWith('<table')))
    if ((kind === 'table' || kind === 'any') && (tableNext || tableBefore) && text.length > 0) {
      const caption: TableCaption = { type: 'tableCaption', children: text }
      if (tableNext) out.push(caption)
      else out.splice(out.length - 1, 0, caption)
      continue
    }
    if (kind === 'any' && listingCaption(block, next, text, context.markerOf)) continue
    out.push(block)
  }
  return out
}

function captionKind(classes: string[]): 'image' | 'table' | 'any' | undefined {
  if (classes.includes('md-image-caption')) return 'image'
  if (classes.includes('md-table-caption')) return 'table'
  if (classes.includes('md-caption')) return 'any'
  return undefined
}

/** A caption's words without its label and number ("Figure 3: "), which Word makes itself. */
function captionText(children: PhrasingContent[], context: BlockContext): PhrasingContent[] {
  const at = children.findIndex((child) => context.markerOf(child)?.kind === 'q')
  let rest = at === -1 ? [...children] : children.slice(at + 1)
  const first = rest[0]
  if (first?.type === 'text') {
    const stripped = at === -1 ? first.value.replace(TYPED_CAPTION_NUMBER, '') : first.value.replace(/^\s*[:.–—-]?\s*/, '')
    rest = stripped === '' ? rest.slice(1) : [{ ...first, value: stripped }, ...rest.slice(1)]
  }
  return rest
}
