/**
 * A fast line scan for the places where a Markdown document may be cut into chunks that parse
 * on their own: before a line that starts at the left margin after a blank line (every block
 * open before it has ended), after an ATX heading line that itself starts at such a place (a
 * heading is one line and ends there: 100 000 headings without blank lines between were one
 * chunk, parsed whole on every edit), after a setext underline (`===`, `---`) under a line that
 * starts at such a place, between two link reference definitions on lines of their own that
 * start at such places (50 000 definitions in a row were one chunk: micromark's events for
 * them took 1.5 GB), inside a long top-level list, before the line that
 * starts its next item, inside a long line of a top-level paragraph or a long top-level
 * fenced code or HTML block (one-off parses: `spaceCuts`, `fenceCuts`), and inside a long top-level paragraph, before a line of plain text
 * (micromark holds a few KB per line of a paragraph until it ends: 100 000 lines took 1.5 GB). The scan is deliberately simple — it only has to be good at guessing; the chunked
 * parser checks every cut against the parsed chunks (chunk-stitch.ts) and undoes the wrong ones.
 *
 * It follows top-level fenced code, `$$` math, HTML blocks that may contain blank lines (comments,
 * `<script>`, `<pre>`…), front matter and fenced divs, so that it does not offer cuts inside them.
 */

export type CutKind = 'blank' | 'heading' | 'definition' | 'item' | 'list' | 'line' | 'row' | 'space' | 'fence'

export interface ScanOptions {
  /**
   * Lines a top-level paragraph runs before cuts are offered inside it (default 64): only huge
   * paragraphs are cut, so the paragraphs of real documents are never parsed in pieces.
   */
  readonly paragraphLines?: number
  /**
   * Offer cuts inside a long line of a top-level paragraph (kind `space`). Only for one-off
   * parses: an editor's incremental scan (`rescanCuts`) knows nothing of them.
   */
  readonly spaceCuts?: boolean | SpaceCuts
  /**
   * Offer cuts inside a long top-level fenced code block, or HTML block that ends only at its
   * closer (kind `fence`), past `paragraphLines` of its lines. Only for one-off parses, as `spaceCuts`.
   */
  readonly fenceCuts?: boolean
}

/** How long a line is before it is cut inside, and about how often (tests make them small). */
export interface SpaceCuts {
  readonly longLine: number
  readonly every: number
}

/** Lines of a paragraph before the scan offers cuts inside it. */
const PARAGRAPH_LINES_UNCUT = 64

/**
 * A paragraph line longer than `longLine` is offered `space` cuts inside it, about every
 * `every` characters: micromark holds some 500 bytes per inline token of a paragraph
 * until it ends, so one line of 500 000 character references took 2.4 GB.
 */
const DEFAULT_SPACE_CUTS: SpaceCuts = { longLine: 16_384, every: 2048 }

/**
 * Where a long line may be cut: after white space (which reads as the line's start does, for
 * emphasis and autolinks), before any other character — one that begins a block at a line's
 * start (`#`, `>`, `- `, `<div>`…) makes the piece after the cut start with that block, which
 * the cut's check refuses — or between two character references (`;&`).
 */
// A run of white space is matched whole, once (the lookbehind and the captured lookahead keep
// the engine from trying it again from each of its characters).
const SPACE_CUT = /(?<![ \t])(?=([ \t]+))\1(?=\S)|;(?=&)/gu

/** Where a chunk may start, and why. */
export interface Cut {
  /** Offset of the line's first character. */
  readonly offset: number
  /** 1-based line number. */
  readonly line: number
  /**
   * `blank`: the line follows a blank line and starts at the margin.
   * `heading`: the line starts at the margin right after a top-level heading (an ATX heading's
   *   line, or a setext heading's underline).
   * `definition`: the line starts with `[` (not `[^`) at the margin right after a link reference
   *   definition that is its line's whole (`[label]: destination "title"`) and started at such a place.
   * `item`: the line starts the next item of a top-level list, right after its previous item.
   * `list`: the line starts a top-level list with another marker right after a top-level list's
   *   item (`- a` then `+ b`: 20 000 one-item lists with no blank line between were one chunk).
   * `line`: the line, at the margin and starting like plain text, goes on a top-level paragraph
   *   that has already run for `paragraphLines` lines (scan options).
   * `row`: the line, at the margin and starting with `|`, is a row of a top-level table that
   *   has already run for `paragraphLines` rows. The piece after it is parsed under
   *   the table's header and delimiter rows (chunked.ts).
   * `fence`: the line is inside a top-level fenced code block (backticks or tildes), or an HTML
   *   block that ends only at its closer (a comment, `<pre>`, `<script>`…), that has already run
   *   for `paragraphLines` lines (`fenceCuts`). The piece after it is parsed under a copy of the
   *   block's opening line (`header`), and its code or HTML goes on the block's.
   * `space`: not a line's start but a character after white space (or a `&` after a `;`)
   *   inside a long line of a top-level paragraph (`spaceCuts`); `column` says where. chunk-stitch.ts joins the two
   *   pieces with that white space, and checks that no inline syntax runs across the cut.
   */
  readonly kind: CutKind
  /** For a `space` cut: its 1-based column (micromark's: a tab counts as one). */
  readonly column?: number
  /** A small hash of the line's start, for content-defined grouping. */
  readonly hash: number
  /** List item lines (at any depth) since the previous cut: remark's cost grows with their square. */
  readonly items: number
  /** For a `row` cut: where the table's header line starts (its delimiter row is the next line); for a `fence` cut, the opening fence's line. */
  readonly header?: LinePlace
}

/** A line's start: its offset and 1-based number. */
export interface LinePlace {
  readonly offset: number
  readonly line: number
}

import { fenceOf } from '../syntax/fenced-divs.js'
import { lastIndexWhere } from '../../util/last-index.js'
import { lineHash } from '../../util/hash.js'

type Marker = string

/** `-`, `+`, `*` for bullets; `.` or `)` for ordered lists (the numbers do not matter). */
function listMarker(text: string, start: number, end: number): Marker | undefined {
  const first = text.charCodeAt(start)
  let at = start
  let marker: Marker
  if (first === 45 /* - */ || first === 43 /* + */ || first === 42 /* * */) {
    at = start + 1
    marker = text[start]!
  } else if (first >= 48 && first <= 57) {
    while (at < end && at - start < 10 && isDigit(text.charCodeAt(at))) at++
    if (at - start > 9) return undefined
    const delimiter = text.charCodeAt(at)
    if (delimiter !== 46 /* . */ && delimiter !== 41 /* ) */) return undefined
    marker = text[at]!
    at++
  } else return undefined
  if (at < end) {
    const next = text.charCodeAt(at)
    if (next !== 32 && next !== 9) return undefined
  }
  if ((marker === '-' || marker === '*') && isThematicBreak(text, start, end)) return undefined
  return marker
}

/**
 * Whether a list item line could interrupt a paragraph, so that it starts a new list whatever
 * the last item's content: a bullet with content, or an ordered item numbered 1. Otherwise
 * (`+` alone, `2)`) it may be a lazy continuation of the item's paragraph.
 */
function interruptsParagraph(text: string, start: number, end: number, marker: Marker): boolean {
  const ordered = marker === '.' || marker === ')'
  // `listMarker` read the line: an ordered item's delimiter right after a lone 1 makes it item 1.
  if (ordered && !(text.charCodeAt(start) === 49 /* 1 */ && text[start + 1] === marker)) return false
  return !isBlankFrom(text, start + (ordered ? 2 : 1), end)
}

/** Whether the text from `from` to `end` holds only spaces and tabs. */
export function isBlankFrom(text: string, from: number, end: number): boolean {
  for (let at = from; at < end; at++) {
    const code = text.charCodeAt(at)
    if (code !== 32 && code !== 9) return false
  }
  return true
}

/** Whether the line is a setext heading's underline (`===` or `---`, then only blanks), from its content on. */
function isSetextUnderline(text: string, start: number, end: number): boolean {
  const marker = text.charCodeAt(start)
  if (marker !== 61 /* = */ && marker !== 45 /* - */) return false
  let at = start + runLength(text, start, end, marker)
  while (at < end && (text.charCodeAt(at) === 32 || text.charCodeAt(at) === 9)) at++
  return at === end
}

/**
 * Whether a line that starts where nothing is open can only be a paragraph's first line, so an
 * underline next would make it a setext heading: not a list item, heading, quote, fence, HTML,
 * table, definition, math, div or definition-list line.
 */
function mayBeSetextText(first: number, marker: Marker | undefined): boolean {
  return marker === undefined && !SETEXT_EXCLUDED.has(first)
}

/**
 * Whether a line at the margin that starts with inline syntax rather than text (where
 * `mayBeSetextText` says no) can only go on a paragraph it follows: inline math (not `$$`),
 * emphasis (not a thematic break or a list item), a code span or strikethrough (fewer than three
 * backticks or tildes), inline HTML, a `{`. Not `[`: after a definition's line, a line of `[` is
 * the scan's `definition` cut, which an incremental scan restarting inside a paragraph would
 * not know. A guess, as the scan's are: where such a line
 * starts a block after all (`<div>`), the piece after the cut starts with it, and the cut's
 * check refuses it.
 */
function continuesParagraph(text: string, content: number, end: number, first: number, marker: Marker | undefined): boolean {
  if (marker !== undefined) return false
  switch (first) {
    case 36 /* $ */:
      return text.charCodeAt(content + 1) !== 36
    case 42 /* * */:
    case 95 /* _ */:
      return !isThematicBreak(text, content, end)
    case 96 /* ` */:
    case 126 /* ~ */:
      return runLength(text, content, end, first) < 3
    case 60 /* < */:
    case 123 /* { */:
    case 43 /* + */:
      return true
    default:
      return false
  }
}

/** `#`, `>`, `` ` ``, `~`, `<`, `|`, `[`, `$`, `:`, `=`, `-`, `*`, `_`, `+`, `{`, a tab, a byte order mark. */
const SETEXT_EXCLUDED = new Set([35, 62, 96, 126, 60, 124, 91, 36, 58, 61, 45, 42, 95, 43, 123, 9, 0xfeff])

/**
 * Whether a line starting with `|` (its content from `content` to `end`, the next line from
 * `next`) goes on a paragraph as text: it is no delimiter row, and the line after it is none,
 * which would make it a table's header (a table may interrupt a paragraph).
 */
function pipeText(text: string, start: number, lineEnd: number, next: number): boolean {
  if (text.charCodeAt(start) !== 124 || isDelimiterRow(text, start, lineEnd)) return false
  return !delimiterRowAt(text, next)
}

/** Whether the line starting at `start` is a table's delimiter row (after any indent). */
function delimiterRowAt(text: string, start: number): boolean {
  let content = start
  while (content < text.length && (text.charCodeAt(content) === 32 || text.charCodeAt(content) === 9)) content++
  let end = content
  while (end < text.length && text.charCodeAt(end) !== 10 && text.charCodeAt(end) !== 13) end++
  return isDelimiterRow(text, content, end)
}

/**
 * Whether the line is a table's delimiter row: only `|`, `:`, `-` and blanks, with a `|` and a
 * `-` (the parse decides; a guess that a row is a header the check then refuses costs a merge).
 */
export function isDelimiterRow(text: string, start: number, end: number): boolean {
  let pipe = false
  let dash = false
  for (let at = start; at < end; at++) {
    const code = text.charCodeAt(at)
    if (code === 124) pipe = true
    else if (code === 45) dash = true
    else if (code !== 58 && code !== 32 && code !== 9) return false
  }
  return pipe && dash
}

/** Whether the line is an ATX heading (`#` to `######`, then a space, a tab or the line's end). */
function isAtxHeading(text: string, start: number, end: number): boolean {
  const size = runLength(text, start, end, 35 /* # */)
  if (size < 1 || size > 6) return false
  if (start + size === end) return true
  const next = text.charCodeAt(start + size)
  return next === 32 || next === 9
}

/**
 * Whether the line is one whole link reference definition: `[label]:`, a destination, and
 * optionally a title closed on the same line. A guess the chunked parser checks (chunk-stitch.ts);
 * a title that goes on to the next line fails it (its quote is not closed here).
 */
const ONE_LINE_DEFINITION = /^\[(?:[^\\\[\]]|\\.){1,999}\]:[ \t]*(?:<[^<>\n]*>|[^\s<][^\s]*)(?:[ \t]+(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\((?:[^()\\]|\\.)*\)))?[ \t]*$/
function isOneLineDefinition(text: string, start: number, end: number): boolean {
  // Cheap checks first: most lines that start with `[` are links in a paragraph.
  if (end - start > 4000) return false
  const line = text.slice(start, end)
  return line.includes(']:') && ONE_LINE_DEFINITION.test(line)
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57
}

function isThematicBreak(text: string, start: number, end: number): boolean {
  const marker = text.charCodeAt(start)
  let count = 0
  for (let at = start; at < end; at++) {
    const code = text.charCodeAt(at)
    if (code === marker) count++
    else if (code !== 32 && code !== 9) return false
  }
  return count >= 3
}

/** What an open leaf block that may hold blank lines is waiting for. */
type Open =
  | { kind: 'fence'; char: number; size: number }
  | { kind: 'math'; size: number }
  | { kind: 'html'; end: RegExp }
  | { kind: 'front-matter' }

const HTML_OPENERS: ReadonlyArray<[RegExp, RegExp]> = [
  [/^<(?:script|pre|style|textarea)(?:[\s>]|$)/i, /<\/(?:script|pre|style|textarea)>/i],
  [/^<!--/, /-->/],
  [/^<\?/, /\?>/],
  [/^<![A-Za-z]/, />/],
  [/^<!\[CDATA\[/, /\]\]>/],
]

/** The open block a line (from `start`, after at most three columns of indent) starts, if any. */
function opener(text: string, start: number, end: number): Open | undefined {
  const first = text.charCodeAt(start)
  if (first === 96 /* ` */ || first === 126 /* ~ */) {
    const size = runLength(text, start, end, first)
    if (size < 3) return undefined
    if (first === 96 && text.indexOf('`', start + size) !== -1 && text.indexOf('`', start + size) < end) return undefined
    return { kind: 'fence', char: first, size }
  }
  if (first === 36 /* $ */) {
    const size = runLength(text, start, end, first)
    const dollar = text.indexOf('$', start + size)
    if (size < 2 || (dollar !== -1 && dollar < end)) return undefined
    return { kind: 'math', size }
  }
  if (first === 60 /* < */) {
    const line = text.slice(start, end)
    for (const [open, close] of HTML_OPENERS) {
      const match = open.exec(line)
      if (match) return close.test(line.slice(match[0].length)) ? undefined : { kind: 'html', end: close }
    }
  }
  return undefined
}

function runLength(text: string, start: number, end: number, code: number): number {
  let at = start
  while (at < end && text.charCodeAt(at) === code) at++
  return at - start
}

/** Whether the line from `start` (after `indent` columns) ends the open block. */
function closes(open: Open, text: string, start: number, end: number, indent: number): boolean {
  switch (open.kind) {
    case 'fence':
    case 'math': {
      if (indent > 3) return false
      const char = open.kind === 'fence' ? open.char : 36
      const size = runLength(text, start, end, char)
      if (size < open.size) return false
      for (let at = start + size; at < end; at++) {
        const code = text.charCodeAt(at)
        if (code !== 32 && code !== 9) return false
      }
      return true
    }
    case 'html':
      return open.end.test(text.slice(start, end))
    case 'front-matter':
      // pandoc closes front matter with `---` or `...` (front-matter-dots.ts).
      return indent === 0 && (text.startsWith('---', start) || text.startsWith('...', start))
  }
}

/**
 * Offsets of the blocks whose lines are literal text — fenced code, `$$` math, HTML blocks that
 * close on a line of their own — that open at most three columns in, in order, each from its
 * opening line to the end of its closing line (or of the text). The same rules as the scanner's;
 * blocks inside containers (a quote, a list item) are not seen.
 */
export function literalBlockRanges(text: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = []
  let open: Open | undefined
  let openedAt = 0
  for (const line of text.matchAll(/^([ \t]*)([^\r\n]*)/gm)) {
    const [, space, rest] = line as unknown as [string, string, string]
    if (rest === '') continue
    let indent = 0
    for (const char of space) indent = char === '\t' ? indent + 4 - (indent % 4) : indent + 1
    const content = line.index + space.length
    const end = content + rest.length
    if (open) {
      if (closes(open, text, content, end, indent)) {
        ranges.push([openedAt, end])
        open = undefined
      }
    } else if (indent <= 3) {
      open = opener(text, content, end)
      openedAt = line.index
    }
  }
  if (open) ranges.push([openedAt, text.length])
  return ranges
}

/** `space` cuts inside the paragraph line from `lineStart` (its content from `content` to `end`). */
function pushSpaceCuts(text: string, content: number, end: number, lineStart: number, line: number, every: number, push: (cut: Cut) => boolean): boolean {
  // Searched within the line only (a slice is a view in V8, not a copy).
  const ownLine = text.slice(content, end)
  // A line with a `|` may be a table's header, delimiter row or row, which only the whole line
  // makes: cut, a piece with fewer cells might make none and read as a paragraph (a README's
  // long delimiter row did).
  if (ownLine.includes('|')) return false
  // Not at the line's second word: the first may be a list item's marker or a definition's `:`,
  // which interrupts a paragraph only with content after it — a piece holding `+ ` alone would
  // read the line as going on the paragraph (the property test found it).
  // A line without white space has no marker (one needs a space after it): its `;&` cuts stay.
  const firstWord = /^\S+[ \t]+/.exec(ownLine)
  let from = Math.max(every, firstWord ? firstWord[0].length + 1 : 1)
  while (from < ownLine.length) {
    SPACE_CUT.lastIndex = from
    const found = SPACE_CUT.exec(ownLine)
    if (!found) return false
    const at = found.index + found[0].length
    if (at >= ownLine.length - 1) return false
    const offset = content + at
    if (push({ offset, line, kind: 'space', column: offset - lineStart + 1, hash: lineHash(text, offset, end), items: 0 })) return true
    from = at + every
  }
  return false
}

export interface Scan {
  readonly cuts: Cut[]
  /** The line the end of the text is on. */
  readonly endLine: number
}

/** The scanner's state between lines. */
interface ScanState {
  /** Fenced divs open (`::: note` … `:::`, fenced-divs.ts): no cuts inside one. */
  divs: number
  open: Open | undefined
  previousBlank: boolean
  /** The previous line was a top-level ATX heading that started at a cut (or on line 1): nothing is open after it. */
  afterHeading: boolean
  /** The previous line was a one-line link reference definition that started at a cut (or on line 1). */
  afterDefinition: boolean
  list: Marker | undefined
  items: number
  /** Lines of the top-level paragraph the scan believes it is in (0: none). */
  paragraph: number
  /** Lines of the top-level table the scan believes it is in, from its delimiter row (0: none). */
  table: number
  /** Whether the previous line may be a table's header: it started where nothing was open, as text or with `|`. */
  tableHeader: boolean
  /** The header line of the table the scan is in (or of the table the previous line may head). */
  header: LinePlace | undefined
  /** The opening line of the top-level fenced code or HTML block the scan is in (fenceCuts), and its lines so far. */
  fence: { place: LinePlace; lines: number } | undefined
}

/**
 * Every place the text may be cut, in order. Lines end at `\n`, `\r\n` or `\r`, as in micromark.
 */
export function scanCuts(text: string, options: ScanOptions = {}): Scan {
  const state: ScanState = { divs: 0, open: undefined, previousBlank: false, afterHeading: false, afterDefinition: false, list: undefined, items: 0, paragraph: 0, table: 0, tableHeader: false, header: undefined, fence: undefined }
  if (/^(?:\uFEFF)?---[ \t]*(?:\r\n?|\n)/.test(text)) state.open = { kind: 'front-matter' }
  const cuts: Cut[] = []
  const { lineNumber } = scanLines(text, 0, 0, state, cuts, options)
  return { cuts, endLine: endLineOf(text, lineNumber) }
}

/** What a text's edit left unchanged: `prefix` characters at its start, `suffix` at its end (never overlapping). */
export interface Unchanged {
  prefix: number
  suffix: number
}

/**
 * The cuts of a text that differs from an earlier one (of `previousLength` characters, whose
 * scan is `previous`) only between its unchanged start and end: the earlier cuts before the
 * change are kept, the text is scanned again from the last blank-line, paragraph or table cut
 * before the change until the scan meets, past the change, a line that was a cut in the earlier text, and the earlier cuts
 * from there on are taken over, moved. The state of the scan after a cut's line depends on that
 * line alone (no leaf block is open at a cut; the list marker, any block the line opens and
 * whether it is a heading come from the line), so from a common cut on both scans are the same. Equal to `scanCuts(text)`.
 */
export function rescanCuts(text: string, previous: Scan, previousLength: number, unchanged: Unchanged, options: ScanOptions = {}): Scan {
  const { cuts: old } = previous
  const changeEnd = text.length - unchanged.suffix
  const delta = text.length - previousLength
  if (unchanged.prefix < 0 || unchanged.suffix < 0 || unchanged.prefix > Math.min(text.length, previousLength) || changeEnd < unchanged.prefix) return scanCuts(text, options)
  // The last blank-line cut whose whole line is before the change: the scan restarts there,
  // after a blank line and with no block open (front matter always closes before the first cut).
  let restart = lastIndexBefore(old, unchanged.prefix)
  // Or the last cut inside a paragraph or a table: its state is known too (a paragraph or a
  // table past `paragraphLines` lines, nothing else open), and a keystroke in a giant paragraph
  // then scans from the cut before it, not from the paragraph's start.
  while (restart >= 0) {
    const cut = old[restart]!
    if ((cut.kind === 'blank' || cut.kind === 'line' || cut.kind === 'row') && lineEndsBefore(text, cut.offset, unchanged.prefix)) break
    restart--
  }
  if (restart < 0) return scanCuts(text, options)
  const from = old[restart]!
  const cuts = old.slice(0, restart)
  const past = options.paragraphLines ?? PARAGRAPH_LINES_UNCUT
  const state: ScanState = { divs: 0, open: undefined, previousBlank: from.kind === 'blank', afterHeading: false, afterDefinition: false, list: undefined, items: 0, paragraph: from.kind === 'line' ? past : 0, table: from.kind === 'row' ? past : 0, tableHeader: false, header: from.kind === 'row' ? from.header : undefined, fence: undefined }
  let lineDelta = 0
  let resumeAt = -1
  // A `line` cut met in both scans is as good a place to stop as any: both have a paragraph
  // of at least `paragraphLines` lines open there, and offer the same cuts from there on.
  // Old cuts' table headers after the change's old end have moved with the text.
  const oldChangeEnd = previousLength - unchanged.suffix
  const { lineNumber } = scanLines(text, from.offset, from.line - 1, state, cuts, options, (cut) => {
    if (cut.offset < changeEnd) return false
    const at = indexOfOffset(old, cut.offset - delta)
    if (at === -1) return false
    // A row's piece is parsed under its header: the old cut must name the same header.
    const oldHeader = old[at]!.header
    if ((cut.header !== undefined || oldHeader !== undefined) && cut.header?.offset !== (oldHeader && (oldHeader.offset >= oldChangeEnd ? oldHeader.offset + delta : oldHeader.offset))) return false
    lineDelta = cut.line - old[at]!.line
    resumeAt = at + 1
    return true
  })
  // The restart cut counts the list items since the cut before it, as it did.
  if (cuts[restart]?.offset === from.offset) cuts[restart] = from
  if (resumeAt === -1) return { cuts, endLine: endLineOf(text, lineNumber) }
  for (let index = resumeAt; index < old.length; index++) {
    const cut = old[index]!
    if (delta === 0 && lineDelta === 0) {
      cuts.push(cut)
      continue
    }
    const moved: Cut = { ...cut, offset: cut.offset + delta, line: cut.line + lineDelta }
    if (cut.header && cut.header.offset >= oldChangeEnd) cuts.push({ ...moved, header: { offset: cut.header.offset + delta, line: cut.header.line + lineDelta } })
    else cuts.push(moved)
  }
  return { cuts, endLine: previous.endLine + lineDelta }
}

/** Whether the line starting at `start` ends (its line ending included) before `limit`. */
function lineEndsBefore(text: string, start: number, limit: number): boolean {
  for (let at = start; at < limit; at++) {
    const code = text.charCodeAt(at)
    if (code === 10) return true
    // A lone CR ends the line; CRLF ends at its LF, which must be before the limit too.
    if (code === 13) return text.charCodeAt(at + 1) === 10 ? at + 1 < limit : true
  }
  return false
}

/** Index of the last cut starting before `offset`, or -1. */
function lastIndexBefore(cuts: readonly Cut[], offset: number): number {
  return lastIndexWhere(cuts.length, (index) => cuts[index]!.offset < offset)
}

/** Index of the cut at exactly `offset`, or -1. */
function indexOfOffset(cuts: readonly Cut[], offset: number): number {
  const index = lastIndexBefore(cuts, offset + 1)
  return index >= 0 && cuts[index]!.offset === offset ? index : -1
}

function endLineOf(text: string, lineNumber: number): number {
  const length = text.length
  const endsWithLineEnding = length > 0 && (text.charCodeAt(length - 1) === 10 || text.charCodeAt(length - 1) === 13)
  return lineNumber + (endsWithLineEnding || length === 0 ? 1 : 0)
}

/**
 * Scans lines from `start` (the start of line `lineNumber + 1`), pushing cuts; stops after a
 * cut for which `stop` returns true. Returns the number of the last line scanned.
 */
function scanLines(text: string, start: number, lineNumber: number, state: ScanState, cuts: Cut[], options: ScanOptions, stop?: (cut: Cut) => boolean): { lineNumber: number } {
  const length = text.length
  const plainNewlines = text.indexOf('\r', start) === -1
  const paragraphLines = options.paragraphLines ?? PARAGRAPH_LINES_UNCUT
  const spaceCuts = options.spaceCuts === true ? DEFAULT_SPACE_CUTS : options.spaceCuts || undefined
  let { open, previousBlank, afterHeading, afterDefinition, list, items, divs, paragraph, table, tableHeader, header, fence: codeFence } = state
  // Whether the previous line could be a setext heading's text (it started where nothing was open).
  let setextText = false
  const push = (cut: Cut): boolean => {
    cuts.push(cut)
    items = 0
    return stop !== undefined && stop(cut)
  }
  while (start < length) {
    lineNumber++
    let end: number
    let next: number
    if (plainNewlines) {
      end = text.indexOf('\n', start)
      if (end === -1) end = next = length
      else next = end + 1
    } else {
      end = start
      while (end < length && text.charCodeAt(end) !== 10 && text.charCodeAt(end) !== 13) end++
      next = end < length && text.charCodeAt(end) === 13 && text.charCodeAt(end + 1) === 10 ? end + 2 : end + 1
    }
    // Indentation, in columns (a tab goes to the next multiple of four).
    let content = start
    let indent = 0
    while (content < end) {
      const code = text.charCodeAt(content)
      if (code === 32) indent++
      else if (code === 9) indent += 4 - (indent % 4)
      else break
      content++
    }
    const blank = content === end
    let stopped = false
    if (!blank && !open && listMarker(text, content, end) !== undefined) items++
    if (open) {
      // Inside fenced code, math, an HTML block or front matter: no cuts until it closes, but
      // inside a long top-level fenced code or HTML block (fenceCuts).
      if (lineNumber > 1 && !blank && closes(open, text, content, end, indent)) {
        open = undefined
        codeFence = undefined
      } else if (codeFence && ++codeFence.lines > paragraphLines) {
        stopped = push({ offset: start, line: lineNumber, kind: 'fence', hash: lineHash(text, content, end), items, header: codeFence.place })
      }
      previousBlank = false
      paragraph = 0
      table = 0
      tableHeader = false
      afterHeading = false
      afterDefinition = false
      start = next
      if (stopped) break
      continue
    }
    // After a one-line definition, only a line that starts with `[` (no title going on) starts clean.
    const definitionBefore = afterDefinition && indent === 0 && text.charCodeAt(content) === 91 /* [ */ && text.charCodeAt(content + 1) !== 94 /* ^ */
    // Whether this line starts where nothing is open: a cut may go after it if it is a heading.
    const clean = previousBlank || afterHeading || definitionBefore || lineNumber === 1
    afterHeading = false
    afterDefinition = false
    // A setext underline under such a line: the heading ends here, as an ATX heading's line does.
    const underline = setextText && !blank && indent <= 3 && divs === 0 && isSetextUnderline(text, content, end)
    setextText = false
    // A div's fences (at most three columns in): the lines from an opening fence to its closing
    // one stay in one chunk. The opening line may start a chunk; the count goes up after it.
    const fence = !blank && indent <= 3 && text.charCodeAt(content) === 58 /* : */ ? fenceOf(text.slice(content, end)) : undefined
    const mayBeHeader = tableHeader
    tableHeader = false
    if (blank) {
      previousBlank = true
      paragraph = 0
      table = 0
    } else if (divs > 0) {
      if (indent <= 3) open = opener(text, content, end)
      previousBlank = false
      list = undefined
      paragraph = 0
      table = 0
    } else if (indent === 0) {
      const marker = listMarker(text, content, end)
      const first = text.charCodeAt(content)
      // A table's row: it starts with `|` or as text (a line that reads as another block ends the table).
      const row = table > 0 && (first === 124 || mayBeSetextText(first, marker))
      const opensTable = table === 0 && mayBeHeader && !clean && isDelimiterRow(text, content, end)
      // Whether the line can be a paragraph's text: plain text, or a line of `|` that no delimiter row follows.
      const paragraphText = mayBeSetextText(first, marker) || pipeText(text, content, end, next)
      // A line going on a paragraph may also start with inline syntax (`$x$`, `*a*`, `<b>`…).
      const goesOn = paragraphText || (paragraph > 0 && continuesParagraph(text, content, end, first, marker))
      if (clean) {
        // `:` may continue a definition list; at a chunk's start `---` would read as front
        // matter and a byte order mark would be dropped.
        const allowed = first !== 58 /* : */ && first !== 0xfeff && !(first === 45 && text.startsWith('---', content))
        if (allowed && lineNumber > 1) stopped = push({ offset: start, line: lineNumber, kind: previousBlank ? 'blank' : definitionBefore ? 'definition' : 'heading', hash: lineHash(text, content, end), items })
        // A heading ends on its line; HTML blocks that end only at a blank line (`<div>`) start
        // with `<`, never `#`, so after this line nothing is open.
        afterHeading = first === 35 && isAtxHeading(text, content, end)
        afterDefinition = first === 91 && text.charCodeAt(content + 1) !== 94 /* ^ */ && isOneLineDefinition(text, content, end)
        setextText = !afterHeading && mayBeSetextText(first, marker)
        list = marker
        // A line that can only start a paragraph starts one here (nothing is open before it), as
        // does a line of `|` that no delimiter row follows (a table kept as text by the guard).
        paragraph = !afterHeading && (paragraphText || continuesParagraph(text, content, end, first, marker)) ? 1 : 0
        tableHeader = setextText || first === 124
        if (tableHeader) header = { offset: start, line: lineNumber }
      } else if (row) {
        // A row of a long table: the piece after the cut is parsed under the table's header.
        table++
        if (first === 124) list = undefined
        // Only before a row that starts with `|`: a row of text may be a `Table:` caption, which
        // the caption transform takes from a table's end only when other rows come before it.
        if (table > paragraphLines && header && first === 124) stopped = push({ offset: start, line: lineNumber, kind: 'row', hash: lineHash(text, content, end), items, header })
      } else if (paragraph > 0 && goesOn) {
        // Plain text going on a paragraph: cut inside it once it is long (chunk-stitch.ts joins
        // the pieces, and checks that no inline syntax runs across the cut).
        paragraph++
        if (paragraph > paragraphLines) stopped = push({ offset: start, line: lineNumber, kind: 'line', hash: lineHash(text, content, end), items })
      } else if (marker !== undefined && list === marker && lineNumber > 1) {
        stopped = push({ offset: start, line: lineNumber, kind: 'item', hash: lineHash(text, content, end), items })
      } else if (marker !== undefined && list !== undefined && lineNumber > 1 && interruptsParagraph(text, content, end, marker)) {
        // Another marker starts another list; it would close the last one's item even mid-paragraph.
        stopped = push({ offset: start, line: lineNumber, kind: 'list', hash: lineHash(text, content, end), items })
        list = marker
      } else if (marker !== undefined) {
        list = marker
      } else if (first === 35 /* # */ || first === 62 /* > */ || first === 96 || first === 126 || first === 60 || first === 124 /* | */) {
        list = undefined
      }
      open = opener(text, content, end)
      previousBlank = false
      if (!clean && !goesOn) paragraph = 0
      if (opensTable) table = 1
      else if (!row) table = 0
    } else {
      if (indent <= 3) open = opener(text, content, end)
      previousBlank = false
      const first = text.charCodeAt(content)
      const marker = listMarker(text, content, end)
      // Indented four columns or more, a line goes on a paragraph; less, it must read as text.
      if (paragraph > 0 && (indent >= 4 || mayBeSetextText(first, marker))) paragraph++
      else paragraph = 0
      // An indented row goes on a table (no cut before it); an indented delimiter row opens none here.
      if (table > 0 && indent <= 3 && (first === 124 || mayBeSetextText(first, marker))) table++
      else table = 0
    }
    // A top-level fenced code block, or HTML block that ends only at its closer (`-->`, `</pre>`…),
    // opened on this line: cuts may come inside it (fenceCuts).
    if (options.fenceCuts && (open?.kind === 'fence' || open?.kind === 'html') && divs === 0 && codeFence === undefined && indent === 0) codeFence = { place: { offset: start, line: lineNumber }, lines: 0 }
    if (fence?.kind === 'open') divs++
    else if (fence?.kind === 'close' && divs > 0) divs--
    if (underline && open === undefined) {
      afterHeading = true
      list = undefined
    }
    // Any long line outside an open block: the cut's check (chunk-stitch.ts) accepts it only
    // where both pieces read the line as one top-level paragraph (a line of `$x$` or `<img>`
    // begins one too, though the scan takes only a line starting as plain text for one).
    // Not before a delimiter row: the whole line heads a table there, where the piece after a
    // cut, with fewer cells, might head none and read as a paragraph.
    if (spaceCuts && !stopped && !blank && divs === 0 && open === undefined && end - content > spaceCuts.longLine && !delimiterRowAt(text, next)) {
      stopped = pushSpaceCuts(text, content, end, start, lineNumber, spaceCuts.every, push)
    }
    start = next
    if (stopped) break
  }
  state.divs = divs
  state.open = open
  state.previousBlank = previousBlank
  state.afterHeading = afterHeading
  state.afterDefinition = afterDefinition
  state.list = list
  state.items = items
  state.paragraph = paragraph
  state.table = table
  state.tableHeader = tableHeader
  state.header = header
  state.fence = codeFence
  return { lineNumber }
}

