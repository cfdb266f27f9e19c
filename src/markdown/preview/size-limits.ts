/**
 * What one preview block may hold before the page would freeze laying it out. The page draws a
 * block in one go (React, then Chromium's layout): a 200 × 200 table took 1.8 s of main thread,
 * a 5 MB paragraph 0.8 s. A block over a limit shows its beginning and a note saying how much
 * more there is; the export keeps everything (the limits are the preview's only). The layouter
 * turns each cut into a message with the block's source line (layout.ts).
 *
 * The limits were measured with tests/e2e/robustness.test.ts (the longest main-thread task per
 * pathological input) and Chromium traces of it on the loaded two-core VM: 2 000 table cells
 * took 150 ms of React and layout, 3 000 elements of nested list 350 ms, 60 000 characters of
 * words 80 ms (a quarter of that idle); these limits keep a block near 100 ms under load.
 */
import { MAX_HTML_TABLE_CELLS } from '../../mdast/table-limits.js'
import type { Element, ElementContent, Root as HastRoot, RootContent as HastContent } from 'hast'

export interface PreviewLimits {
  /** Cells of one table. */
  cells: number
  /** Cells of one table of more than WIDE_TABLE_COLUMNS columns. */
  wideCells: number
  /** Elements of one block (list items, line breaks, links, spans…). */
  elements: number
  /** Characters of text of one block. */
  characters: number
  /** Elements nested in one another (Chromium's layout of 1 000 nested quotes took 0.4 s). */
  depth: number
}

/**
 * Raised from the traces' 1 000 cells and 2 000 elements: those cut ordinary documents' tables
 * (84 rows of 12 columns) and long lists in the preview (long lists are now laid out in parts,
 * list-parts.ts). 2 000 cells (166 rows of 12 columns) rather than 3 000: a cut 200 × 200 table
 * laid out 6 000 objects in 52 ms, in a task of 106 ms. These keep every hostile family cut
 * (tests/e2e/robustness.test.ts).
 */
export const PREVIEW_LIMITS: PreviewLimits = { cells: 2_000, wideCells: 1_000, elements: 4_000, characters: 60_000, depth: 60 }

/**
 * Tables of more columns than this scroll sideways in the preview, their words whole (class
 * WIDE_TABLE, preview.css): squeezed to the page, a table of 200 columns broke every character
 * onto a line of its own, and Chromium took 185 ms to lay out 3 000 of its cells. Word squeezes
 * such a table too, past legibility; narrower tables keep the page's width, as in Word. Such a
 * table keeps half as many cells in the preview (`wideCells`): laid out at their natural width,
 * its 2 000 cells still took a frame of 65–93 ms to lay out and paint (179–235 with the CPU
 * slowed down twice; 104–146 at 1 000 cells), and a reader sees a few of its columns at a time.
 */
export const WIDE_TABLE_COLUMNS = 30
export const WIDE_TABLE = 'wide-table'

export interface PreviewCut {
  ruleId: 'preview-table-cut' | 'preview-block-cut'
  reason: string
  /** Source line of the element where the preview stops, relative to the block's first line. */
  rel: number
}

/** Combining marks in a row the preview shows at most (more than any script stacks on a letter). */
const MARKS = 32
const MARK_RUN = new RegExp(`\\p{M}{${MARKS + 1}}`, 'u')

/** The class of the note the preview shows where it stops (styled in src/preview/preview.css). */
export const CUT_CLASS = 'preview-cut'

/**
 * What an inline element (a link, a footnote call, a line break) counts for against the elements
 * limit. Block elements are laid out each on its own; inline ones share their paragraph's one
 * inline layout, which Chromium does whole, in the task that draws it: a paragraph of 20 000
 * footnote calls, cut at 4 000 elements, held the page 140–240 ms, and at 2 000 (each counting
 * 2) still 130 ms; at about 1 300 it stays under 100.
 */
const PHRASING_COST = 3
const PHRASING = new Set(['a', 'abbr', 'b', 'bdi', 'bdo', 'br', 'cite', 'code', 'data', 'del', 'dfn', 'em', 'i', 'img', 'input', 'ins', 'kbd', 'mark', 'q', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var', 'wbr'])

/** Cuts `tree` (a block's sanitised hast) down to the limits, in place; what was cut, in order. */
export function limitBlock(tree: HastRoot, limits: PreviewLimits = PREVIEW_LIMITS): PreviewCut[] {
  const cuts: PreviewCut[] = []
  limitTables(tree, limits, 0, cuts)
  const state: WalkState = { elements: 0, characters: 0, limits, dropped: { elements: 0, characters: 0 }, rel: 0, deep: false }
  if (limitWalk(tree, state, 0, 0)) {
    const { elements, characters } = state.dropped
    const parts = [elements > 0 ? `${group(elements)} more elements` : '', characters > 0 ? `${group(characters)} more characters` : ''].filter(Boolean)
    const deep = state.deep ? `nested over ${limits.depth} deep` : ''
    tree.children.push(note(`… ${parts.join(' and ')} of this block${deep ? `, ${deep}` : ''} — shown in the export`))
    cuts.push({
      ruleId: 'preview-block-cut',
      reason: `The preview shows only the beginning of this block (the rest, ${parts.join(' and ')}${deep ? `, ${deep}` : ''}, would freeze the page); the export has all of it`,
      rel: state.rel,
    })
  }
  return cuts
}

/** Tables over the cell limit keep their head and the body rows that fit, and a note after them. */
function limitTables(parent: HastRoot | Element, limits: PreviewLimits, rel: number, cuts: PreviewCut[]): void {
  const children = parent.children
  for (let index = 0; index < children.length; index++) {
    const child = children[index]!
    if (child.type !== 'element') continue
    const line = relOf(child, rel)
    if (child.tagName !== 'table') {
      limitTables(child, limits, line, cuts)
      continue
    }
    const rows = tableRows(child)
    const total = rows.reduce((sum, row) => sum + cellsOf(row.row), 0)
    const cap = rows[0] && cellsOf(rows[0].row) > WIDE_TABLE_COLUMNS ? limits.wideCells : limits.cells
    if (total <= cap) continue
    let kept = 0
    let body = 0
    // Rows dropped, by their section: each section is filtered once (filtering it per dropped
    // row was quadratic — 25 000 rows took 50 s).
    const dropped = new Map<Element, Set<Element>>()
    for (const { row, group: section } of rows) {
      const cells = cellsOf(row)
      const head = section.tagName === 'thead'
      // The head always, and at least one body row, so the table's shape shows.
      if (!head && body > 0 && kept + cells > cap) {
        const set = dropped.get(section) ?? new Set<Element>()
        dropped.set(section, set.add(row))
        continue
      }
      if (!head) body++
      kept += cells
    }
    for (const [section, rowsOut] of dropped) section.children = section.children.filter((item) => item.type !== 'element' || !rowsOut.has(item))
    const more = total - kept
    // A raw HTML table that large is no Word table either (docx/html/table.ts): say what the export does.
    const asLines = total > MAX_HTML_TABLE_CELLS
    children.splice(index + 1, 0, note(`… ${group(more)} more cells — shown in the export${asLines ? ', as lines of text' : ''}`))
    index++
    cuts.push({ ruleId: 'preview-table-cut', reason: `The preview shows ${group(kept)} of this table's ${group(total)} cells (more would freeze the page); the export has all of them${asLines ? `, written as lines of text, a row a line (over ${group(MAX_HTML_TABLE_CELLS)} cells is more than a Word table can hold usefully)` : ''}`, rel: line })
  }
}

interface TableRow {
  row: Element
  group: Element
}

function tableRows(table: Element): TableRow[] {
  const rows: TableRow[] = []
  for (const section of table.children) {
    if (section.type !== 'element') continue
    if (section.tagName === 'tr') rows.push({ row: section, group: table })
    else for (const row of section.children) if (row.type === 'element' && row.tagName === 'tr') rows.push({ row, group: section })
  }
  return rows
}

function cellsOf(row: Element): number {
  let cells = 0
  for (const cell of row.children) if (cell.type === 'element') cells++
  return cells
}

interface WalkState {
  elements: number
  characters: number
  limits: PreviewLimits
  dropped: { elements: number; characters: number }
  /** Relative line of the innermost lined element around the cut. */
  rel: number
  /** Whether the cut is for nesting. */
  deep: boolean
}

/** Counts elements and characters in document order; at the first over a limit, drops everything after it. True when it cut. */
function limitWalk(parent: HastRoot | Element, state: WalkState, rel: number, depth: number): boolean {
  const children = parent.children
  for (let index = 0; index < children.length; index++) {
    const child = children[index]!
    if (child.type === 'text') {
      const left = state.limits.characters - state.characters
      // A letter under thousands of combining marks costs Chromium's text shaping more than a
      // page of words (60 000 marks: 0.4 s of layout): the preview stops after the first MARKS.
      const marks = child.value.length > MARKS ? MARK_RUN.exec(child.value) : null
      const cost = textCost(child.value)
      if (cost > left || marks) {
        const keep = Math.min(cutPoint(child.value, indexAtCost(child.value, Math.max(0, left))), marks ? marks.index + MARKS : Infinity)
        state.dropped.characters += child.value.length - keep
        child.value = `${child.value.slice(0, keep)}…`
        drop(children, index + 1, state)
        state.rel = rel
        return true
      }
      state.characters += cost
    } else if (child.type === 'element') {
      if (child.properties.className !== undefined && String(child.properties.className).includes(CUT_CLASS)) continue
      state.elements += PHRASING.has(child.tagName) ? PHRASING_COST : 1
      const deep = depth >= state.limits.depth
      if (state.elements > state.limits.elements || deep) {
        drop(children, index, state)
        // Where the preview stops: the first element left out, when it has a line of its own.
        state.rel = relOf(child, rel)
        state.deep = deep
        return true
      }
      if (limitWalk(child, state, relOf(child, rel), depth + 1)) {
        drop(children, index + 1, state)
        return true
      }
    }
  }
  return false
}

/** Removes children[from…], counting what they held. */
function drop(children: (HastContent | ElementContent)[], from: number, state: WalkState): void {
  const stack = children.splice(from)
  while (stack.length > 0) {
    const node = stack.pop()!
    if (node.type === 'text') state.dropped.characters += node.value.length
    else if (node.type === 'element') {
      state.dropped.elements++
      // One by one: a spread of 250 000 line breaks would overflow the call's arguments.
      for (const child of node.children) stack.push(child)
    }
  }
}

/**
 * What a character outside the Basic Multilingual Plane (a surrogate pair: emoji, mostly) counts
 * for, against the characters limit: Chromium shapes each through a fallback font, and 50 000
 * entities, a third of them 😀, took 200 ms to lay out 239 objects at the plain limit; at 16
 * (some 2 800 emoji in the block) still 90–135 ms; at 32, half that. No real paragraph holds
 * the 1 800 emoji that still fit.
 */
const ASTRAL_COST = 32
const HIGH_SURROGATE = /[\uD800-\uDBFF]/g

/**
 * What a letter of a right-to-left script (Hebrew, Arabic, Syriac, Thaana…, and their
 * presentation forms) or U+FFFD counts for. Chromium lays out a paragraph of them in time that
 * grows faster than its length (bidi runs, fallback fonts): at the plain limit, 60 000
 * characters of Hebrew words took the page 474 ms, Arabic 372 ms, Hebrew mixed with Latin
 * 844 ms, U+FFFD (what NUL becomes) 1 978 ms; CJK 89 ms, so it stays at 1. At 8, a block shows
 * some 7 500 such letters, several times a long real paragraph.
 */
const COSTLY_COST = 8
const COSTLY = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefe\ufffd]/g

const isCostly = (code: number) => (code >= 0x0590 && code <= 0x08ff) || (code >= 0xfb1d && code <= 0xfdff) || (code >= 0xfe70 && code <= 0xfefe) || code === 0xfffd

/**
 * What a bidi formatting character (embeddings, overrides, isolates, marks) counts for. Each
 * opens or closes a run that Chromium's bidi resolution and shaping handle apart: 100 000
 * repeats of `RLO א RLM LRI x PDI`, cut at the plain cost of their letters (some 4 300 repeats
 * shown), held the page 118–201 ms; counted at 16, about 800 repeats are shown and it stays
 * under 100 ms. Real text holds a few of them in a paragraph.
 */
const BIDI_COST = 16
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g
const isBidi = (code: number) => code === 0x061c || code === 0x200e || code === 0x200f || (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069)

/** A text's cost against the characters limit: its length, surrogate pairs counting ASTRAL_COST, RTL letters COSTLY_COST and bidi controls BIDI_COST. */
function textCost(text: string): number {
  const pairs = text.match(HIGH_SURROGATE)?.length ?? 0
  const costly = text.match(COSTLY)?.length ?? 0
  const bidi = text.match(BIDI)?.length ?? 0
  return text.length + pairs * (ASTRAL_COST - 2) + costly * (COSTLY_COST - 1) + bidi * (BIDI_COST - 1)
}

/** The index up to which `text` costs at most `budget`. */
function indexAtCost(text: string, budget: number): number {
  if (textCost(text) <= budget) return text.length
  let cost = 0
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    cost += code >= 0xd800 && code <= 0xdbff ? ASTRAL_COST - 1 : isCostly(code) ? COSTLY_COST : isBidi(code) ? BIDI_COST : 1
    if (cost > budget) return index
  }
  return text.length
}

/** Where to cut text to at most `limit` characters: at a space near the end if there is one, never inside a surrogate pair. */
function cutPoint(text: string, limit: number): number {
  let at = limit
  const space = text.lastIndexOf(' ', at)
  if (space > at - 80 && space > 0) at = space
  const code = text.charCodeAt(at - 1)
  if (code >= 0xd800 && code <= 0xdbff) at--
  return Math.max(0, at)
}

function relOf(element: Element, rel: number): number {
  const value = Number(element.properties.dataRel)
  return element.properties.dataRel !== undefined && Number.isFinite(value) ? value : rel
}

function note(text: string): Element {
  return { type: 'element', tagName: 'p', properties: { className: [CUT_CLASS] }, children: [{ type: 'text', value: text }] }
}

/** 39800 → "39 800": digits grouped by threes with a no-break space, the same in every locale. */
export function group(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')
}
