/**
 * A guard in front of the parser against inputs that make micromark take minutes or overflow
 * the stack: very long emphasis delimiter runs, thousands of emphasis delimiters or brackets in
 * one paragraph (its resolution is quadratic), and containers (quotes, lists) nested hundreds
 * deep on a line. Real documents never come close to these limits.
 *
 * The guard never changes positions: characters it takes out of the syntax are swapped for
 * private-use placeholders of the same UTF-16 length, which the parser reads as plain text,
 * and which are swapped back in every string of the tree after parsing. So the text survives
 * exactly; only its Markdown meaning is dropped, and a message says where and why.
 */

/** A delimiter run longer than this is taken literally (a run of 50 000 `*` took minutes). */
export const MAX_DELIMITER_RUN = 64
/** Emphasis delimiter runs in one paragraph before emphasis there is taken literally. */
export const MAX_DELIMITER_RUNS = 2000
/** Brackets in one paragraph before links there are taken literally. */
export const MAX_BRACKETS = 5000
/** Container markers (`>`, list bullets and numbers) opening on one line. */
export const MAX_CONTAINER_MARKERS = 32
/** Columns of indentation before a line's content (deep list nesting). */
export const MAX_INDENT_COLUMNS = 128
/**
 * Cells of one table (columns × rows, counted from the delimiter row to the paragraph's end)
 * before it is kept as text: a million-cell table took the CLI over 4 GB and minutes. Word
 * itself is unusable long before (it allows 63 columns).
 */
export const MAX_TABLE_CELLS = 100_000
/** Columns of one table before it is kept as text. */
export const MAX_TABLE_COLUMNS = 1000
/**
 * Backtick runs in one paragraph before the runs that cannot take part in a code span are taken
 * out of the syntax. micromark tries every run as an opener and scans the rest of the paragraph
 * for a closer of its length: runs of 3 000 different lengths took minutes.
 */
export const MAX_BACKTICK_RUNS = 1000
/**
 * Lines starting with `:` in one paragraph-sized region before their `:` is taken out of the
 * syntax. The definition-list extension looks back over the paragraph at each such line and
 * splices the document's event list for each description: 200 000 `: x` lines, or 100 000
 * `::: a` lines, took over 200 s. A fence (`:::`) loses nothing (fenced divs are found in the
 * text after parsing); definition descriptions past the limit become text, with a message.
 */
export const MAX_COLON_LINES = 500

export interface GuardFinding {
  line: number
  column: number
  reason: string
  ruleId: string
}

export interface GuardResult {
  /** The text to parse: the input, or the input with placeholders (same length). */
  text: string
  /** Placeholder → original character, when anything was replaced. */
  restore?: ReadonlyMap<string, string>
  findings: GuardFinding[]
}

/**
 * The offsets to take out of the syntax: one byte per character, allocated on first use (a
 * Map of offsets tops out at 16.7 million entries, which a 25 MB hostile input reaches).
 */
class Marks {
  private flags: Uint8Array | undefined
  count = 0

  constructor(private readonly length: number) {}

  set(index: number): void {
    this.flags ??= new Uint8Array(this.length)
    if (this.flags[index] === 0) {
      this.flags[index] = 1
      this.count++
    }
  }

  has(index: number): boolean {
    return this.flags !== undefined && this.flags[index] === 1
  }
}

const THEMATIC_BREAK = /^ {0,3}([*_-])(?:[ \t]*\1){2,}[ \t]*$/
const FENCE = /^ {0,3}(`{3,}|~{3,})/

/**
 * Checks a document (or chunk) and neutralises what the parser could not survive.
 *
 * `literal`: sorted, disjoint `[start, end)` offsets of text the parser reads as literal —
 * code spans, code blocks, math, raw HTML, as a first parse found them (guard-plugin.ts).
 * Delimiters and brackets there cost the parser nothing, so they count for nothing: a run of
 * asterisks in a code block is no `delimiter-run-too-long`.
 */
export function guardMarkdown(text: string, literal: ReadonlyArray<readonly [number, number]> = [], options: GuardOptions = {}): GuardResult {
  // Fast path: no limit can be crossed by a text this short.
  if (text.length <= Math.min(MAX_DELIMITER_RUN, MAX_CONTAINER_MARKERS)) return { text, findings: [] }
  const findings: GuardFinding[] = []
  const replace = new Marks(text.length)
  const lines = splitLines(text)
  let region: Line[] = []
  /** Whether the region began with a list item (a list is open: any ordered item starts one). */
  let regionIsList = false
  let inFence: string | undefined
  const isLiteral = literalTest(literal)
  const flushRegion = () => {
    if (region.length > 0) checkRegion(text, region, replace, findings, isLiteral)
    region = []
  }
  for (const line of lines) {
    const content = text.slice(line.start, line.end)
    // Fenced code is literal: count nothing inside it (its delimiters cost the parser nothing).
    const fence = FENCE.exec(content)
    if (inFence !== undefined) {
      if (fence && fence[1]![0] === inFence[0] && fence[1]!.length >= inFence.length && content.trim() === fence[1]) inFence = undefined
      continue
    }
    if (fence) {
      flushRegion()
      inFence = fence[1]
      continue
    }
    if (content.trim() === '') {
      flushRegion()
      continue
    }
    line.content = checkPrefix(text, line, replace, findings)
    // The parser reads inline syntax per paragraph, heading or list item: a line that starts one
    // of these starts a region of its own, so a long tight list or headings without blank lines
    // between the paragraphs are not counted as one paragraph. Only lines that really start a
    // block (no paragraph continuation can pose as one) split: an ordered item other than 1.
    // only inside a list, nothing indented four columns or more.
    const heading = (line.lead ?? 0) < 4 && ATX_HEADING.test(text.slice(line.content, line.content + 8))
    if (heading || line.item === 'bullet' || line.item === 'first' || (line.item === 'ordered' && regionIsList)) flushRegion()
    if (region.length === 0) regionIsList = line.item !== undefined
    region.push(line)
    if (heading) flushRegion()
  }
  flushRegion()
  if (replace.count === 0 || options.placeholdersFor?.(findings) === false) return { text, findings }
  return applyPlaceholders(text, replace, findings)
}

export interface GuardOptions {
  /** Whether the caller wants the text with placeholders, given the findings (a copy of the whole text: a caller that would drop it says no). */
  placeholdersFor?: (findings: readonly GuardFinding[]) => boolean
}

interface Line {
  start: number
  end: number
  number: number
  /** Where the line's content starts, after quote and list markers and indentation. */
  content?: number
  /** Columns of white space between the last marker (or the line's start) and the content. */
  lead?: number
  /** The list item the line opens, if any: a bullet, an ordered item numbered 1, or another. */
  item?: 'bullet' | 'first' | 'ordered'
}

/** An ATX heading's opening: one to six `#` and a space, a tab or the line's end. */
const ATX_HEADING = /^#{1,6}(?:[ \t]|$)/

function splitLines(text: string): Line[] {
  const lines: Line[] = []
  let start = 0
  let number = 1
  for (;;) {
    const newline = text.indexOf('\n', start)
    const end = newline === -1 ? text.length : newline
    lines.push({ start, end: end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end, number })
    if (newline === -1) break
    start = newline + 1
    number++
  }
  return lines
}

/** Container markers and indentation at the start of a line. */
function checkPrefix(text: string, line: Line, replace: Marks, findings: GuardFinding[]): number {
  let markers = 0
  let columns = 0
  let index = line.start
  let cut = -1
  let lead = 0
  while (index < line.end) {
    const code = text.charCodeAt(index)
    if (code === 32 || code === 9) {
      const width = code === 9 ? 4 - (columns % 4) : 1
      columns += width
      lead += width
      if (columns > MAX_INDENT_COLUMNS && cut === -1) cut = index
      index++
      continue
    }
    const marker = containerMarker(text, index, line.end)
    if (marker === 0) break
    // A list marker after less than four columns opens an item (more would be code or continuation text).
    if (code !== 62 && lead < 4 && line.item === undefined) line.item = code === 45 || code === 43 || code === 42 ? 'bullet' : marker === 2 && code === 49 ? 'first' : 'ordered'
    markers++
    if (markers > MAX_CONTAINER_MARKERS && cut === -1) cut = index
    columns += marker
    index += marker
    lead = 0
  }
  line.lead = lead
  if (cut === -1) return index
  for (let i = cut; i < index; i++) replace.set(i)
  findings.push({
    line: line.number,
    column: cut - line.start + 1,
    reason: `Quotes or lists nested deeper than ${MAX_CONTAINER_MARKERS} levels (or indented over ${MAX_INDENT_COLUMNS} columns) are kept as text from here`,
    ruleId: 'nesting-too-deep',
  })
  return index
}

/** Length of a container marker (`>`, `-`, `+`, `*`, `1.`, `1)`) followed by a space, tab or end of line at `i`; else 0. */
function containerMarker(text: string, i: number, end: number): number {
  const c = text[i]
  const spaced = (at: number) => at >= end || text[at] === ' ' || text[at] === '\t'
  if (c === '>') return 1
  if ((c === '-' || c === '+' || c === '*') && spaced(i + 1)) return 1
  let j = i
  while (j < end && j - i < 9 && text.charCodeAt(j) >= 48 && text.charCodeAt(j) <= 57) j++
  if (j > i && (text[j] === '.' || text[j] === ')') && spaced(j + 1)) return j + 1 - i
  return 0
}

/** Whether an offset is in literal text; asked for offsets in increasing order (a cursor walks the ranges once). */
function literalTest(literal: ReadonlyArray<readonly [number, number]>): (index: number) => boolean {
  if (literal.length === 0) return () => false
  let at = 0
  return (index) => {
    while (at < literal.length && literal[at]![1] <= index) at++
    const range = literal[at]
    return range !== undefined && range[0] <= index
  }
}

/** Delimiter runs and brackets in one paragraph-sized region (lines between blank lines); none in literal text. */
function checkRegion(text: string, region: Line[], replace: Marks, findings: GuardFinding[], isLiteral: (index: number) => boolean): void {
  checkTables(text, region, replace, findings)
  checkColonLines(text, region, replace, findings)
  const runs: Array<{ start: number; end: number; line: Line }> = []
  const criticRuns: Array<{ start: number; end: number; line: Line }> = []
  const brackets: number[] = []
  const backticks: BacktickRun[] = []
  const htmlOpeners: number[] = []
  // Brackets cost the parser in one paragraph's inline content, and definitions are blocks of
  // their own: a footnote definition (`[^a]: …`) always starts one, and a link definition
  // (`[a]: …`) does among definitions. Brackets are counted per such block, so a book's 20 000
  // notes defined line after line stay notes.
  let bracketsFrom = region[0]!
  let definitionsOnly = true
  const countBrackets = (line: Line) => {
    if (brackets.length > MAX_BRACKETS) guardBrackets(brackets, bracketsFrom, line, replace, findings)
    brackets.length = 0
  }
  let previous = region[0]!
  for (const line of region) {
    const definition = DEFINITION_START.exec(text.slice(line.content ?? line.start, Math.min(line.end, (line.content ?? line.start) + 1002)))
    if (definition && line !== region[0] && (definition[1] === '^' || (definitionsOnly && definition[2]))) {
      countBrackets(previous)
      bracketsFrom = line
    }
    if (!definition) definitionsOnly = false
    previous = line
    if (THEMATIC_BREAK.test(text.slice(line.start, line.end))) continue
    let i = line.start
    while (i < line.end) {
      const c = text[i]
      if (c === '`') {
        let j = i + 1
        while (j < line.end && text[j] === '`') j++
        let slashes = 0
        while (i - slashes > 0 && text[i - slashes - 1] === '\\') slashes++
        backticks.push({ start: i, end: j, escaped: slashes % 2 === 1 })
        i = j
        continue
      }
      if ((c === '*' || c === '_' || c === '~' || c === '[' || c === ']') && isLiteral(i)) {
        i++
        continue
      }
      if (c === '*' || c === '_' || c === '~') {
        let j = i + 1
        while (j < line.end && text[j] === c) j++
        // CriticMarkup's `{~~`, `~>` and `~~}` are found in the text after parsing: not counted.
        const critic = c === '~' && (text[i - 1] === '{' || text[j] === '}' || text[j] === '>')
        ;(critic ? criticRuns : runs).push({ start: i, end: j, line })
        i = j
        continue
      }
      if (c === '[' && text[i + 1] === '^') {
        // A footnote call is parsed on its own, never as a link's bracket (linear in their number).
        FOOTNOTE_CALL.lastIndex = i
        if (FOOTNOTE_CALL.test(text) && FOOTNOTE_CALL.lastIndex <= line.end) {
          i = FOOTNOTE_CALL.lastIndex
          continue
        }
      }
      if (c === '[' || c === ']') brackets.push(i)
      if (c === '<' && (text[i + 1] === '!' || text[i + 1] === '?') && !isLiteral(i)) htmlOpeners.push(i)
      i++
    }
  }
  const first = region[0]!
  const last = region[region.length - 1]!
  // Micromark still pairs the tildes of `{~~a~>b~~}` as strikethrough (critic-items.ts undoes
  // it), each pair splicing the paragraph's events: past the limit they leave the syntax,
  // without a message, as CriticMarkup reads them from the text all the same.
  if (runs.length + criticRuns.length > MAX_DELIMITER_RUNS) for (const run of criticRuns) for (let i = run.start; i < run.end; i++) replace.set(i)
  if (runs.length > MAX_DELIMITER_RUNS) {
    for (const run of runs) for (let i = run.start; i < run.end; i++) replace.set(i)
    findings.push({
      line: first.number,
      column: 1,
      reason: `${runs.length} emphasis and strikethrough markers in lines ${first.number}–${last.number} are kept as plain *, _ and ~: more than ${MAX_DELIMITER_RUNS} in one paragraph would take the parser minutes`,
      ruleId: 'too-many-delimiters',
    })
  } else {
    for (const run of runs) {
      if (run.end - run.start <= MAX_DELIMITER_RUN) continue
      for (let i = run.start; i < run.end; i++) replace.set(i)
      findings.push({
        line: run.line.number,
        column: run.start - run.line.start + 1,
        reason: `A run of ${run.end - run.start} "${text[run.start]}" is kept as text: runs over ${MAX_DELIMITER_RUN} cannot be emphasis and would take the parser minutes`,
        ruleId: 'delimiter-run-too-long',
      })
    }
  }
  countBrackets(last)
  if (backticks.length > MAX_BACKTICK_RUNS) dropUnmatchedBackticks(backticks, replace)
  if (htmlOpeners.length > MAX_HTML_OPENERS) dropUnclosedHtmlOpeners(text, htmlOpeners, first.start, last.end, replace)
}

/**
 * `<!--`, `<?` and `<!X` openers in one paragraph before the ones that cannot close are taken out
 * of the syntax. micromark reads each as the start of an inline comment, processing instruction
 * or declaration and scans the rest of the paragraph for its end (`-->`, `?>`, `>`): 10 000
 * `<!--` on a line took 15 s, and a document mixing them with backticks never finished.
 */
export const MAX_HTML_OPENERS = 100

/**
 * Takes out of the syntax the `<` of each opener with no possible end after it in the region.
 * Such an opener is text whatever happens, so nothing visible changes and no message is needed.
 */
function dropUnclosedHtmlOpeners(text: string, openers: readonly number[], from: number, to: number, replace: Marks): void {
  const region = text.slice(from, to)
  const lastEnd = { comment: region.lastIndexOf('-->'), instruction: region.lastIndexOf('?>'), declaration: region.lastIndexOf('>') }
  for (const at of openers) {
    const offset = at - from
    const kind = text.startsWith('<!--', at) ? 'comment' : text[at + 1] === '?' ? 'instruction' : /[A-Za-z]/.test(text[at + 2] ?? '') ? 'declaration' : undefined
    // `<!-->` and `<!--->` are whole comments: their `-->` starts two or three characters in.
    if (kind !== undefined && lastEnd[kind] < offset + 2) replace.set(at)
  }
}

/** micromark's footnote call: `[^` and a label without white space, brackets or backslashes. */
const FOOTNOTE_CALL = /\[\^[^\s[\]\\]{1,999}\]/y

/** `[label]: dest` or `[^label]:` at a line's content: a link or footnote definition starts there. */
const DEFINITION_START = /^\[(\^?)(?:[^\\\[\]]|\\.){1,999}\]:[ \t]*(\S?)/

/** Brackets of one block (lines `first`–`last`) taken out of the syntax. */
function guardBrackets(brackets: readonly number[], first: Line, last: Line, replace: Marks, findings: GuardFinding[]): void {
  for (const i of brackets) replace.set(i)
  findings.push({
    line: first.number,
    column: 1,
    reason: `${brackets.length} brackets in lines ${first.number}–${last.number} are kept as plain [ and ]: more than ${MAX_BRACKETS} in one paragraph would take the parser minutes`,
    ruleId: 'too-many-brackets',
  })
}

interface BacktickRun {
  start: number
  end: number
  /** After an odd number of backslashes: as an opener its first backtick is escaped. */
  escaped: boolean
}

/**
 * Takes out of the syntax the backtick runs that can neither open nor close a code span: no other
 * run in the paragraph-sized region has their length (as an opener, a run after an odd number of
 * backslashes is one shorter: its first backtick is escaped). micromark tries every run as an
 * opener and scans the rest of the paragraph for a closer of its length, so runs of thousands of
 * different lengths took minutes; these runs were text anyway, so nothing visible changes and no
 * message is needed. Whatever block structure the region has, a run with no partner in all of it
 * has none in its own block either. Only regions with over MAX_BACKTICK_RUNS runs are looked at.
 */
function dropUnmatchedBackticks(runs: BacktickRun[], replace: Marks): void {
  const count = new Map<number, number>()
  for (const run of runs) count.set(run.end - run.start, (count.get(run.end - run.start) ?? 0) + 1)
  for (const run of runs) {
    const length = run.end - run.start
    const partners = (count.get(length) ?? 0) - 1 + (run.escaped && length > 1 ? (count.get(length - 1) ?? 0) : 0)
    if (partners > 0) continue
    for (let at = run.start; at < run.end; at++) replace.set(at)
  }
}

/** Over MAX_COLON_LINES lines starting with `:` in a region: their first `:` leaves the syntax. */
function checkColonLines(text: string, region: Line[], replace: Marks, findings: GuardFinding[]): void {
  let count = 0
  for (const line of region) if (line.content !== undefined && text.charCodeAt(line.content) === 58) count++
  if (count <= MAX_COLON_LINES) return
  let descriptions = 0
  let first: Line | undefined
  for (const line of region) {
    const at = line.content
    if (at === undefined || text.charCodeAt(at) !== 58) continue
    replace.set(at)
    const next = at + 1 < line.end ? text.charCodeAt(at + 1) : 32
    if (next === 32 || next === 9) {
      descriptions++
      first ??= line
    }
  }
  if (descriptions === 0 || !first) return
  findings.push({
    line: first.number,
    column: 1,
    reason: `${descriptions} definition lines (\`: …\`) in one paragraph are kept as text: over ${MAX_COLON_LINES} without a blank line between would take the parser minutes`,
    ruleId: 'too-many-definitions',
  })
}

/**
 * A table whose delimiter row announces more than MAX_TABLE_COLUMNS columns, or more than
 * MAX_TABLE_CELLS cells down to the end of the paragraph, is kept as text: the delimiter row's
 * pipes are taken out of the syntax, so the lines read as a paragraph. A message says so.
 */
function checkTables(text: string, region: Line[], replace: Marks, findings: GuardFinding[]): void {
  // Pipes from each line to the region's end: rows may hold more cells than the header (GFM
  // drops them, but the parser builds them all first: 5 000 rows of up to 400 took minutes).
  let pipesFrom: Uint32Array | undefined
  for (let index = 1; index < region.length; index++) {
    const line = region[index]!
    const columns = delimiterRowColumns(text, line)
    if (columns === 0) continue
    const rows = region.length - index
    pipesFrom ??= suffixPipeCounts(text, region)
    if (columns <= MAX_TABLE_COLUMNS && columns * rows <= MAX_TABLE_CELLS && pipesFrom[index]! <= MAX_TABLE_CELLS + rows) continue
    for (let at = line.start; at < line.end; at++) if (text.charCodeAt(at) === 124) replace.set(at)
    const header = region[index - 1]!
    findings.push({
      line: header.number,
      column: 1,
      reason: `This table (${columns} columns, up to ${rows} rows) is kept as text: over ${MAX_TABLE_COLUMNS} columns or ${MAX_TABLE_CELLS.toLocaleString('en')} cells is more than a Word table can hold usefully`,
      ruleId: 'table-too-large',
    })
    return
  }
}

/** For each line of the region, the number of `|` in it and the lines after it. */
function suffixPipeCounts(text: string, region: Line[]): Uint32Array {
  const counts = new Uint32Array(region.length + 1)
  for (let index = region.length - 1; index >= 0; index--) {
    const line = region[index]!
    let pipes = 0
    for (let at = line.start; at < line.end; at++) if (text.charCodeAt(at) === 124) pipes++
    counts[index] = counts[index + 1]! + pipes
  }
  return counts
}

/** The number of cells of a GFM table delimiter row (`| --- | :-: |`), or 0 when the line is not one. */
function delimiterRowColumns(text: string, line: Line): number {
  let pipes = 0
  let dashes = false
  let cells = 0
  let inCell = false
  let i = line.start
  let indent = 0
  while (i < line.end && text.charCodeAt(i) === 32) {
    i++
    indent++
  }
  if (indent > 3) return 0
  for (; i < line.end; i++) {
    const c = text.charCodeAt(i)
    if (c === 124) {
      pipes++
      inCell = false
    } else if (c === 45 || c === 58) {
      if (c === 45) dashes = true
      if (!inCell) cells++
      inCell = true
    } else if (c !== 32 && c !== 9) return 0
  }
  return pipes > 0 && dashes ? cells : 0
}

/** Swaps each marked character for a private-use placeholder that does not occur in the text. */
function applyPlaceholders(text: string, replace: Marks, findings: GuardFinding[]): GuardResult {
  const originals = new Set<string>()
  for (let i = 0; i < text.length; i++) if (replace.has(i)) originals.add(text[i]!)
  const free = freePlaceholders(text, originals.size)
  if (!free) return { text, findings }
  const forward = new Map<string, string>()
  const restore = new Map<string, string>()
  let n = 0
  for (const original of originals) {
    forward.set(original, free[n]!)
    restore.set(free[n]!, original)
    n++
  }
  // Built from slices between replaced characters, not a char array: inputs can be huge.
  const parts: string[] = []
  let from = 0
  for (let i = 0; i < text.length; i++) {
    if (!replace.has(i)) continue
    if (i > from) parts.push(text.slice(from, i))
    parts.push(forward.get(text[i]!)!)
    from = i + 1
  }
  parts.push(text.slice(from))
  return { text: parts.join(''), restore, findings }
}

function freePlaceholders(text: string, count: number): string[] | undefined {
  const found: string[] = []
  for (let code = 0xe000; code <= 0xf8ff && found.length < count; code++) {
    const char = String.fromCharCode(code)
    if (!text.includes(char)) found.push(char)
  }
  return found.length === count ? found : undefined
}

const STRING_FIELDS = ['value', 'url', 'title', 'alt', 'label', 'identifier', 'lang', 'meta'] as const

/** Puts the original characters back into every string of the tree (iteratively: trees can be deep). */
export function restorePlaceholders(tree: object, restore: ReadonlyMap<string, string>): void {
  const pattern = new RegExp(`[${[...restore.keys()].join('')}]`, 'g')
  const stack: object[] = [tree]
  while (stack.length > 0) {
    const node = stack.pop() as Record<string, unknown>
    for (const field of STRING_FIELDS) {
      const value = node[field]
      if (typeof value === 'string' && pattern.test(value)) {
        pattern.lastIndex = 0
        node[field] = value.replace(pattern, (c) => restore.get(c)!)
      }
      pattern.lastIndex = 0
    }
    const children = node.children
    if (Array.isArray(children)) for (const child of children) stack.push(child as object)
  }
}
