/**
 * Tables too wide for the page. A table needs at least its longest word per column (words
 * do not wrap) plus cell padding; when that does not fit, it gets a smaller type through the
 * Wide Table / Very Wide Table styles (restylable in Word), or — with `wideTables:
 * 'landscape'` — a landscape page of its own (a section), with its caption.
 */
import type { Parents, Table } from 'mdast'
import { toString } from 'mdast-util-to-string'
import type { Node } from 'unist'
import type { Context } from '../context.js'
import { WIDE_TABLE_STYLES } from '../styles/feature-styles.js'
import { SectionBreak } from './sections.js'
import type { State } from '../state.js'
import { columnCount } from '../tables/table-layout.js'

export interface TablePlan {
  /** The table style: Table, Wide Table or Very Wide Table. */
  style: string
  /** Width the table may take, in twips. */
  width: number
  /** In a landscape section of its own. */
  landscape: boolean
}

/** Cell padding left and right (the Table style's margins) and a little air, in twips. */
const CELL_ROOM = 2 * 86 + 60
/** Average advance of a character, in ems. */
const CHAR_EM = 0.55

export function planTable(state: State, node: Table, context: Context): TablePlan {
  const need = neededWidth(node, state.options.fontSize)
  const portrait = state.options.page.width < state.options.page.height
  const canTurn = state.features.wideTables === 'landscape' && portrait && !context.inFootnote && !context.inTable && !context.landscape
  const landscape = canTurn && need > context.width
  const width = landscape ? Math.max(state.options.page.height - state.options.margins.left - state.options.margins.right - context.indent, context.width) : context.width
  const ratio = need / width
  const [wide, veryWide] = WIDE_TABLE_STYLES
  const style = ratio <= 1 ? 'Table' : ratio <= 1 / wide.scale ? wide.id : veryWide.id
  return { style, width, landscape }
}

/** The section break a caption puts before itself when the table after it goes landscape. */
export function landscapeOpening(state: State, node: Node, context: Context, parent: Parents | undefined): SectionBreak[] {
  const siblings = parent?.children as Node[] | undefined
  const next = siblings?.[siblings.indexOf(node) + 1]
  return next?.type === 'table' && planTable(state, next as Table, context).landscape ? [new SectionBreak('landscape')] : []
}

/** Twips a table needs at the body size: per column, its longest word, plus padding. */
export function neededWidth(node: Table, fontSize: number): number {
  const columns = columnCount(node)
  const longest = new Array<number>(columns).fill(1)
  for (const row of node.children) {
    row.children.forEach((cell, index) => {
      const column = Math.min(index, columns - 1)
      for (const word of toString(cell).split(/\s+/)) longest[column] = Math.max(longest[column]!, [...word].length)
    })
  }
  const charTwips = CHAR_EM * fontSize * 20
  return longest.reduce((sum, chars) => sum + Math.min(chars, 40) * charTwips + CELL_ROOM, 0)
}
