/**
 * Whether the parser's guard (guards/guard.ts) would change anything in the part of a text
 * around an offset. The guard's limits hold per paragraph (delimiters, brackets, backtick runs,
 * `:` lines, a table's cells), so a piece of a paragraph can be under a limit the whole
 * paragraph is over, and would then read as syntax what the whole parse takes literally. The
 * chunked parser cuts inside a paragraph only where this says the guard leaves it alone.
 *
 * The region is the run of lines between blank lines around the offset: the guard counts from
 * a blank line on and never past one, and its counts only grow with the lines counted, so a
 * region it leaves alone has no part it would touch.
 */
import { guardMarkdown } from '../guards/guard.js'
import { isBlankFrom } from './chunk-scan.js'

export class GuardedRegions {
  private last: { start: number; end: number; touched: boolean } | undefined

  constructor(private readonly text: string) {}

  /** Whether the guard finds anything in the region of `offset` (asked in increasing order, mostly). */
  touched(offset: number): boolean {
    const last = this.last
    if (last && offset >= last.start && offset < last.end) return last.touched
    const start = regionStart(this.text, offset)
    const end = nextBlankLine(this.text, offset)
    const region = this.text.slice(start, end)
    let touched = false
    if (mayTouch(region)) {
      const guarded = guardMarkdown(region)
      touched = guarded.findings.length > 0 || guarded.text !== region
    }
    this.last = { start, end, touched }
    return touched
  }
}

/**
 * Whether the guard could touch the text at all: it counts emphasis and strikethrough markers,
 * brackets, backticks, `<!`/`<?` openers, `:` lines and tables, and looks at long runs of
 * container markers and indentation at a line's start. A text without those characters, or
 * such a run, is left alone, and the guard (over 100 ms a MB) need not run: a giant paragraph
 * of plain lines is checked on every keystroke in it.
 */
export function mayTouch(text: string): boolean {
  return GUARDED_CHARACTERS.test(text) || LONG_LINE_PREFIX.test(text)
}

const GUARDED_CHARACTERS = /[*_~[\]`<:|>]/
/** 33 characters of white space or list markers at a line's start: over 128 columns, or over 32 markers. */
const LONG_LINE_PREFIX = /(?:^|[\n\r])[ \t+\-0-9.)]{33}/

/** The start of the first line after the last blank line before `offset` (a line start), or 0. */
function regionStart(text: string, offset: number): number {
  let lineStart = offset
  while (lineStart > 0) {
    // The previous line: from after the line ending before it to `lineStart`'s line ending.
    let end = lineStart - 1
    if (text.charCodeAt(end) === 10 && text.charCodeAt(end - 1) === 13) end--
    let start = end
    while (start > 0 && text.charCodeAt(start - 1) !== 10 && text.charCodeAt(start - 1) !== 13) start--
    if (isBlankFrom(text, start, end)) return lineStart
    lineStart = start
  }
  return 0
}

/** The start of the next blank line from `offset` (a line start) on, or the text's end. */
export function nextBlankLine(text: string, offset: number): number {
  let start = offset
  while (start < text.length) {
    let end = start
    while (end < text.length && text.charCodeAt(end) !== 10 && text.charCodeAt(end) !== 13) end++
    if (isBlankFrom(text, start, end)) return start
    start = end < text.length && text.charCodeAt(end) === 13 && text.charCodeAt(end + 1) === 10 ? end + 2 : end + 1
  }
  return text.length
}
