/**
 * The editor's syntax highlighter (@lezer/markdown, on the page's main thread) against the
 * hostile input the preview's parser guard (src/markdown/guards/guard.ts) already handles. Measured
 * in Chromium before this guard, pasting:
 * - 10 000 `*` around a word: a stack overflow inside the highlighter (its element tree is
 *   written recursively), which broke the editor's update — the preview never saw the text;
 * - tens of thousands of links or brackets in one paragraph: 4–9 s frozen (every `]` of a
 *   link marks all earlier `[` invalid, quadratic);
 * - a 5 MB line: 1.3 s of inline parsing on every change;
 * - 20 000 lines like `[^n1]: Note 1.` (footnotes, which the highlighter does not know): 5 s
 *   frozen — a paragraph that starts like a link reference definition is re-scanned whole on
 *   each of its lines while the definition stays possible.
 *
 * One inline parser, first in the list, takes such text as plain text, by the preview's
 * limits: runs of more than MAX_DELIMITER_RUN `*`, `_` or `~`; every emphasis marker of a
 * paragraph with more than MAX_DELIMITER_RUNS runs; every bracket of a paragraph with more
 * than MAX_HIGHLIGHTED_BRACKETS; and a paragraph over MAX_HIGHLIGHTED_INLINE characters is not
 * inline-highlighted at all. Ordinary text never comes near these limits; there the parser
 * only looks at the character it is given.
 */
import type { BlockContext, Element, InlineContext, LeafBlock, LeafBlockParser, Line, MarkdownConfig } from '@lezer/markdown'
import { MAX_CONTAINER_MARKERS, MAX_DELIMITER_RUN, MAX_DELIMITER_RUNS } from '../markdown/guards/guard.js'

/** Inline sections (paragraphs, headings, cells) longer than this are shown without inline highlighting. */
export const MAX_HIGHLIGHTED_INLINE = 50_000

/**
 * Brackets one inline section may hold and still be highlighted as links: fewer than the
 * preview's MAX_BRACKETS, because the highlighter's own link parser is quadratic in the links of
 * a section (each link walks every part before it, to mark earlier openers invalid). Measured in
 * node: 2 400 links in one paragraph took 28 ms, 1 000 links 6 ms, and three to five times
 * that on the page while it also handles a paste; 20 000 footnote definitions (which the
 * highlighter reads as paragraphs of links) held the page 100–200 ms per paragraph.
 */
export const MAX_HIGHLIGHTED_BRACKETS = 1_000

const STAR = 42
const UNDERSCORE = 95
const TILDE = 126
const OPEN = 91
const CLOSE = 93
const BANG = 33
const SPACE = 32

interface Counts {
  brackets: number
  runs: number
}

/** Bracket and delimiter-run counts of an inline section, counted once, when first needed. */
const counted = new WeakMap<InlineContext, Counts>()

function countsOf(cx: InlineContext): Counts {
  let counts = counted.get(cx)
  if (counts) return counts
  const text = cx.text
  let brackets = 0
  let runs = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === OPEN || c === CLOSE) brackets++
    else if ((c === STAR || c === UNDERSCORE || c === TILDE) && text.charCodeAt(i - 1) !== c) runs++
  }
  counts = { brackets, runs }
  counted.set(cx, counts)
  return counts
}

function guard(cx: InlineContext, next: number, pos: number): number {
  if (cx.text.length > MAX_HIGHLIGHTED_INLINE) return cx.end
  // A space inside a run of spaces: the highlighter's hard-break rule scans the rest of the run
  // from every space in it (quadratic: 10 000 lines indented up to 300 spaces held the page
  // 200–450 ms per step). The run's first space was scanned already and was no hard break, or
  // this space would be inside one; so it is plain text.
  if (next === SPACE) return cx.char(pos - 1) === SPACE ? pos + 1 : -1
  if (next === OPEN || next === CLOSE || (next === BANG && cx.char(pos + 1) === OPEN)) {
    return countsOf(cx).brackets > MAX_HIGHLIGHTED_BRACKETS ? pos + (next === BANG ? 2 : 1) : -1
  }
  if (next === STAR || next === UNDERSCORE || next === TILDE) {
    let end = pos + 1
    while (end < cx.end && cx.char(end) === next) end++
    return end - pos > MAX_DELIMITER_RUN || countsOf(cx).runs > MAX_DELIMITER_RUNS ? end : -1
  }
  return -1
}

/** A link reference definition still undecided after this many lines (or characters) is not one. */
export const MAX_DEFINITION_LINES = 64

/**
 * Rides along with the highlighter's link reference parser (created just before it for a
 * paragraph that starts with `[`) and switches it off once the paragraph is too long to be a
 * definition. The library has no option for this, and its parser class is not exported: the
 * workaround is to give that one parser object no-op methods, so it stops re-scanning.
 */
class DefinitionLimit implements LeafBlockParser {
  private lines = 1

  constructor(private readonly definition: LeafBlockParser) {}

  nextLine(_cx: BlockContext, _line: Line, leaf: LeafBlock): boolean {
    if (++this.lines > MAX_DEFINITION_LINES || leaf.content.length > MAX_HIGHLIGHTED_INLINE) {
      this.definition.nextLine = () => false
      this.definition.finish = () => false
    }
    return false
  }

  finish(): boolean {
    return false
  }
}

/**
 * A paragraph or table (a leaf block) that has grown past this many characters ends, and its
 * next line starts a new block. The highlighter reads a leaf whole in one step, and parses its
 * text at its end; CodeMirror checks its time budget only between steps, and after a paste it
 * finishes the step it is in within the paste's task. A 200 × 200 table or 1 000 lines of
 * deep quotes held the page 130–250 ms per step at 100 000 characters; 20 000 footnote
 * definitions in leaves of 20 000 characters still cost the paste 106 ms of parsing and a
 * later step 165 ms; with 5 000, 49 ms and no step over 60 ms. At 2 500, the keystroke right
 * after that paste, which finishes the step CodeMirror's parse is in before it can go on, took
 * 50–71 ms against 64–85 (three runs each). Past the limit the
 * highlighting may differ from the preview's (a long table's further rows read as a
 * paragraph); the preview and the export are unchanged.
 */
export const MAX_LEAF_LENGTH = 2_500

/**
 * Quotes and lists nested deeper than this are text to the highlighter: the rest of the line is
 * a paragraph of its own, not highlighted. Every line of a quote 1 000 deep made the highlighter
 * walk 1 000 open blocks (200 ms per step of its parse); at the preview's limit
 * (MAX_CONTAINER_MARKERS, 32) a keystroke after 1 000 lines of deep quotes still re-parsed and
 * balanced all of them in one step of 100–140 ms, as the whole quote is one block that no
 * earlier tree can be reused for. Half that depth halves it; no real document nests 16 deep.
 */
export const MAX_HIGHLIGHTED_DEPTH = Math.min(16, MAX_CONTAINER_MARKERS)

/** The rest of the line as a paragraph of plain text, the block read (for the rules that give up on a line). */
function restAsParagraph(cx: BlockContext, line: Line): true {
  cx.addElement(cx.elt('Paragraph', cx.lineStart + line.pos, cx.lineStart + line.text.length))
  cx.nextLine()
  return true
}

function tooDeep(cx: BlockContext, line: Line): boolean {
  if (cx.depth <= MAX_HIGHLIGHTED_DEPTH) return false
  const next = line.next
  const marker = next === GREATER || next === DASH || next === PLUS || next === STAR || (next >= DIGIT_0 && next <= DIGIT_9)
  if (!marker) return false
  return restAsParagraph(cx, line)
}

/**
 * A line of raw HTML longer than this is not highlighted as HTML: it is a paragraph of plain
 * text to the highlighter. Each HTML block is parsed again by the HTML language, and 10 000
 * nested `<div>` on one line never finished in a step's budget, so every keystroke parsed it
 * again from its start: 130–150 ms a keystroke. Such lines are generated or minified HTML.
 */
export const MAX_HTML_LINE = 5_000

/** Characters on a line from `line.pos` on. */
function restOf(line: Line): number {
  return line.text.length - line.pos
}

/**
 * A line too long to highlight (over MAX_HIGHLIGHTED_INLINE characters, or raw HTML over
 * MAX_HTML_LINE) is a paragraph of its own, read without the leaf parsers at all. Why: the
 * inline highlighting of such a line is off anyway, but the leaf parsers still scan it whole
 * (the table extension looks for a `|` in it), and CodeMirror re-reads the last line of a
 * partial tree on the next edit. The first keystroke after pasting 20 000 footnotes, whose
 * 290 KB first line was that last line, spent 20–25 ms of its task reading it again.
 */
function longLine(cx: BlockContext, line: Line): boolean {
  const rest = restOf(line)
  if (rest <= MAX_HIGHLIGHTED_INLINE && (line.next !== LESS || rest <= MAX_HTML_LINE)) return false
  return restAsParagraph(cx, line)
}

/** Ends a leaf block past MAX_LEAF_LENGTH characters, or before a line too long to highlight (read by `longLine`). */
function leafLimit(_cx: BlockContext, line: Line, leaf: LeafBlock): boolean {
  return leaf.content.length > MAX_LEAF_LENGTH || restOf(line) > MAX_HIGHLIGHTED_INLINE
}

/**
 * Indented code as @lezer/markdown reads it (its IndentedCode rule, through the public API),
 * but a block ends at a line once it passes MAX_LEAF_LENGTH characters; the next line starts a
 * new one. The library's rule reads all the lines of an indented block in one step, and a
 * list indented 1 000 levels deep is one such block past the 16th level (every deeper line is
 * indented further): half a megabyte of spaces read in one step of 150–250 ms after the paste.
 */
function boundedIndentedCode(cx: BlockContext, line: Line): boolean {
  const base = line.baseIndent + 4
  if (line.indent < base) return false
  const codeText = codeTextType(cx)
  const from = cx.lineStart + line.findColumn(base)
  let to = cx.lineStart + line.text.length
  const marks: Element[] = []
  let pending: Element[] = []
  const addCode = (list: Element[], start: number, end: number) => {
    const last = list[list.length - 1]
    if (last && last.to === start && last.type === codeText) list[list.length - 1] = cx.elt('CodeText', last.from, end)
    else list.push(cx.elt('CodeText', start, end))
  }
  addCode(marks, from, to)
  // `depth` (how many of the open blocks the line continues) is not in the published types; the library's own rule reads it.
  const continued = line as Line & { readonly depth: number }
  while (cx.nextLine() && continued.depth >= cx.depth) {
    if (line.pos === line.text.length) {
      // An empty line: part of the block only if more code follows.
      addCode(pending, cx.lineStart - 1, cx.lineStart)
      pending.push(...line.markers)
    } else if (line.indent < base || to - from > MAX_LEAF_LENGTH) {
      break
    } else {
      for (const mark of pending) {
        if (mark.type === codeText) addCode(marks, mark.from, mark.to)
        else marks.push(mark)
      }
      pending = []
      addCode(marks, cx.lineStart - 1, cx.lineStart)
      marks.push(...line.markers)
      to = cx.lineStart + line.text.length
      const codeStart = cx.lineStart + line.findColumn(line.baseIndent + 4)
      if (codeStart < to) addCode(marks, codeStart, to)
    }
  }
  pending = pending.filter((mark) => mark.type !== codeText)
  if (pending.length > 0) line.markers = pending.concat(line.markers)
  cx.addElement(cx.elt('CodeBlock', from, to, marks))
  return true
}

const codeTextTypes = new WeakMap<object, number>()
/** The node type id of CodeText in this parser. */
function codeTextType(cx: BlockContext): number {
  let id = codeTextTypes.get(cx.parser)
  if (id === undefined) {
    id = cx.parser.nodeSet.types.find((type) => type.name === 'CodeText')?.id ?? -1
    codeTextTypes.set(cx.parser, id)
  }
  return id
}

const LESS = 60
const GREATER = 62
const DASH = 45
const PLUS = 43
const DIGIT_0 = 48
const DIGIT_9 = 57

/** The guard as a Markdown extension for `markdown({ extensions })`. */
export const parseGuard: MarkdownConfig = {
  parseInline: [{ name: 'MarkdocxGuard', parse: guard, before: 'Escape' }],
  parseBlock: [
    { name: 'MarkdocxLeafLimit', endLeaf: leafLimit },
    { name: 'MarkdocxDepthLimit', parse: tooDeep, before: 'Blockquote' },
    // After the containers and code blocks (a long line in a quote is a long paragraph in it), before HTML.
    { name: 'MarkdocxLongLine', parse: longLine, before: 'HTMLBlock' },
    { name: 'MarkdocxIndentedCode', parse: boundedIndentedCode, before: 'IndentedCode' },
    {
      name: 'MarkdocxDefinitionLimit',
      after: 'LinkReference',
      // The link reference parser made a parser for every paragraph starting with `[`: the last one so far.
      leaf: (_cx, leaf) => (leaf.content.charCodeAt(0) === OPEN && leaf.parsers.length > 0 ? new DefinitionLimit(leaf.parsers[leaf.parsers.length - 1]!) : null),
    },
  ],
}
