/**
 * Checking and joining the trees of neighbouring chunks.
 *
 * A cut between chunk A and chunk B (B starting at line L) is exact when the document's block
 * structure at L is "nothing open": L starts at the margin after a blank line, or starts the
 * next item of A's last list. CommonMark then closes everything of A at L, except what may hold
 * blank and unindented lines — fenced code, `$$` math, HTML comments and the like — and a list,
 * whose next item L may be. So a cut is accepted only when, in A's own parse:
 *
 * - no node on A's right edge runs to A's very end (what only an unclosed block does: it would
 *   have gone on into B), and A's last fenced code or math is closed by its own fence;
 * - A's last and B's first top-level node are of types whose neighbours nothing else looks at
 *   (unknown types from extensions are not), so a transform over siblings sees the same thing
 *   in the chunk as in the whole; a table is cut from its neighbour unless the `Table:` caption
 *   transform would join them (a caption paragraph beside it, or B's caption after A's table);
 * - where L continues A's last list (same bullet or delimiter), B's first node is that list's
 *   continuation: the two lists are joined into one node, loose if a blank line was between.
 *
 * A cut inside a paragraph (kind `line`: L is plain text going on a long paragraph) is exact
 * when A ends with that paragraph and B starts with the rest of it, and no inline syntax runs
 * across L: neither side leaves as text a character that opens or closes inline syntax (an
 * unclosed `*`, `` ` ``, `[`, `<`, `$`… could pair with one across L) nor holds a node a
 * transform made; the two paragraphs are joined with the line ending between them — a soft
 * one (text, joined to the text on either side), or a hard break for two trailing spaces or a
 * trailing backslash.
 *
 * A cut inside a line of a paragraph (kind `space`) is exact on the same terms, with only white
 * space between A's last inline node and the cut, or character references alone back to white
 * space where the cut is between two of them (`;&`); the two are joined with that white space.
 *
 * A cut between a table's rows (kind `row`) is exact when B, parsed under a copy of the
 * table's header and delimiter rows, holds the same table from the cut's row on (tableCut).
 *
 * Anything else makes the chunked parser merge A and B and parse them as one.
 */
import type { Break, Code, Html, List, Nodes, Paragraph, PhrasingContent, Root, RootContent, Table, Text } from 'mdast'
import type { Point, Position } from 'unist'
import { isCaptionParagraph, startsLikeCaption } from '../syntax/table-caption.js'
import { walk } from '../../mdast/walk.js'
import { isBlankFrom, isDelimiterRow, type CutKind } from './chunk-scan.js'

/** Top-level node types that no transform relates to their neighbours, and that close cleanly. */
const SAFE_AT_CUT = new Set(['paragraph', 'heading', 'thematicBreak', 'blockquote', 'list', 'code', 'html', 'math', 'definition', 'footnoteDefinition', 'yaml', 'fencedDiv', 'pageBreak'])

/** Tables and their captions, cut from their neighbours unless the caption transform joins them (captionAcross). */
const TABLE_TYPES = new Set(['table', 'tableCaption'])

/**
 * Whether the `Table:` caption transform (table-caption.ts) would, in the whole document, join
 * A's last node and B's first: a caption paragraph after A's table or before B's table, or B's
 * caption (a paragraph before B's table, in B) that A's table, coming first, would take.
 */
function captionAcross(last: RootContent, first: RootContent): boolean {
  if (last.type === 'table') return first.type === 'tableCaption' || isCaptionParagraph(first)
  if (first.type === 'table') return isCaptionParagraph(last)
  return false
}

export type Verdict =
  /**
   * The cut is exact; B's first node (a list) continues A's last list when `join` is set, and
   * the joined list is loose when `blankBetween` (a blank line between the two items). B's
   * first node (a paragraph) goes on A's last paragraph when `lineBreak` is set, across that
   * line ending; B's first node (a table parsed under A's table's header) adds its rows to
   * A's last table when `rows` is set; B's first node (fenced code parsed under A's code's
   * opening fence) goes on A's last code when `code` is set.
   */
  | { ok: true; join: boolean; blankBetween: boolean; lineBreak?: LineBreak; rows?: true; code?: true }
  /** The cut is not exact: merge with B, and when `until` is set, with everything before that offset. */
  | { ok: false; until?: number }

export interface ChunkView {
  readonly tree: Root
  readonly start: number
  readonly end: number
}

/**
 * Whether the cut between `a` and `b` (positions absolute, both parsed from `text`) is exact.
 */
export function checkCut(text: string, a: ChunkView, b: ChunkView, kind: CutKind): Verdict {
  const last = a.tree.children[a.tree.children.length - 1]
  const first = b.tree.children[0]
  if (kind === 'row') return opensAcross(a.tree) ? { ok: false } : tableCut(text, a.tree, b.tree, b.start)
  if (kind === 'fence') return codeCut(text, last, first, a.end)
  if (!first || first.position?.start.offset !== b.start) return { ok: false }
  if (!SAFE_AT_CUT.has(first.type) && !TABLE_TYPES.has(first.type)) return { ok: false }
  if (!last) return kind === 'blank' ? { ok: true, join: false, blankBetween: false } : { ok: false }
  if (!SAFE_AT_CUT.has(last.type) && last.type !== 'table') return { ok: false }
  // A cut right after a heading's line (no blank line between) holds only if A ends with that heading.
  if (kind === 'heading' && (last.type !== 'heading' || lineEndings(text, last.position?.end.offset ?? 0, a.end) !== 1)) return { ok: false }
  // So does a cut right after a definition's line, before another definition (B's first node
  // starts at the cut, so with `[`, which no title of the first can be). Only a link
  // definition: in the whole document what follows is inside the definitions' content, where a
  // footnote's `10)` would not start a list, as it does at a chunk's start.
  if (kind === 'definition' && (last.type !== 'definition' || first.type !== 'definition' || lineEndings(text, last.position?.end.offset ?? 0, a.end) !== 1 || headingAfterDefinitions(b.tree))) return { ok: false }
  if (kind === 'line') return opensAcross(a.tree) ? { ok: false } : paragraphCut(text, last, first, a.end)
  if (kind === 'space') return opensAcross(a.tree) ? { ok: false } : spaceCut(text, last, first, a.start, a.end)
  if (captionAcross(last, first)) return { ok: false }
  // A div opened in A and not closed there may close in B (fenced-divs.ts), and so may a
  // CriticMarkup change opened in A (critic-spans.ts): the whole decides.
  // So may a `$$` block that A alone ended at a blank line or heading (math-fences.ts).
  if (opensAcross(a.tree)) return { ok: false }
  if (runsToEnd(last, a.end)) return { ok: false, ...closingOf(text, last, a.end) }
  if ((last.type === 'code' || last.type === 'math') && !fenceClosed(text, last)) return { ok: false, ...closingOf(text, last, a.end) }
  // Indented code may go on after blank lines, so micromark reads L as interrupting it (an
  // empty item or `2.` then starts no list): a chunk starting at L would not.
  if (last.type === 'code' && isIndentedCode(text, last)) return { ok: false }
  const marker = listMarkerAt(text, b.start)
  const continues = last.type === 'list' && marker !== undefined && listMarkerOf(text, last) === marker
  if (kind === 'item' && !continues) return { ok: false }
  // A list with another marker: A ends with a list and B starts another, which does not join it.
  if (kind === 'list' && (last.type !== 'list' || first.type !== 'list' || continues)) return { ok: false }
  if (continues && first.type !== 'list') return { ok: false }
  // Loose when a blank line separates the items — counted from where the list's content ends
  // (a line of spaces inside the last item's code is content, not a blank line).
  const end = last.position?.end.offset
  if (continues && end === undefined) return { ok: false }
  return { ok: true, join: continues, blankBetween: continues && lineEndings(text, end!, a.end) >= 2 }
}

/** Whether A holds a div, a CriticMarkup change or a `$$` block it opened and left open, which B may close. */
function opensAcross(tree: Root): boolean {
  return tree.children.some((node) => (node.type === 'paragraph' && (node.data?.unclosedDiv || node.data?.criticOpen)) || (node.type === 'heading' && node.data?.criticOpen) || (node.type === 'math' && node.data?.unclosedFence))
}

/**
 * Whether B's leading definitions are followed by a heading: a setext heading under lines that
 * follow definitions starts, in micromark, where the definitions start (their content chunk's
 * start) — in the whole document before the cut.
 */
function headingAfterDefinitions(tree: Root): boolean {
  let index = 0
  while (tree.children[index]?.type === 'definition') index++
  return tree.children[index]?.type === 'heading'
}

function lineEndings(text: string, from: number, to: number): number {
  let count = 0
  for (let at = from; at < to; at++) {
    const code = text.charCodeAt(at)
    if (code === 10 || (code === 13 && text.charCodeAt(at + 1) !== 10)) count++
  }
  return count
}

/** Whether a node or one of its last descendants ends at `end` — closed by the end of the chunk. */
function runsToEnd(node: Nodes, end: number): boolean {
  let current: Nodes | undefined = node
  while (current) {
    if (current.position?.end.offset === end) return true
    current = 'children' in current ? current.children[current.children.length - 1] : undefined
  }
  return false
}

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,}|\${2,})/

function isIndentedCode(text: string, node: Nodes): boolean {
  const start = node.position?.start.offset
  return start !== undefined && !FENCE_OPEN.test(text.slice(lineAt(text, start), lineEnd(text, start)))
}

/** Whether fenced code or display math (not indented code) has its closing fence. */
function fenceClosed(text: string, node: Nodes): boolean {
  const start = node.position?.start.offset
  const end = node.position?.end.offset
  if (start === undefined || end === undefined) return false
  const firstLine = lineAt(text, start)
  const open = FENCE_OPEN.exec(text.slice(firstLine, lineEnd(text, start)))
  if (!open) return true // indented code: ends at the first line that is not
  const lastLine = lineAt(text, end)
  if (lastLine <= firstLine) return false
  return closesFence(text.slice(lastLine, lineEnd(text, lastLine)), open[1]!)
}

function closesFence(line: string, fence: string): boolean {
  const match = /^ {0,3}(`+|~+|\$+)[ \t]*$/.exec(line)
  return match !== null && match[1]![0] === fence[0] && match[1]!.length >= fence.length
}

/**
 * Where an unclosed top-level block of `a` would close in the whole text, so the merge can take
 * everything up to there at once instead of one chunk at a time.
 */
function closingOf(text: string, node: Nodes, from: number): { until?: number } {
  const start = node.position?.start.offset
  if (start === undefined) return {}
  const head = text.slice(start, lineEnd(text, start))
  const fence = FENCE_OPEN.exec(head)
  let closes: ((line: string) => boolean) | undefined
  if (fence && (node.type === 'code' || node.type === 'math')) closes = (line) => closesFence(line, fence[1]!)
  else if (node.type === 'html') {
    const end = htmlEnd(head)
    if (end) closes = (line) => end.test(line)
  }
  if (!closes) return {}
  let at = from
  while (at < text.length) {
    const stop = lineEnd(text, at)
    if (closes(text.slice(at, stop))) return { until: nextLine(text, stop) }
    at = nextLine(text, stop)
  }
  return { until: text.length }
}

function htmlEnd(line: string): RegExp | undefined {
  const trimmed = line.replace(/^ {0,3}/, '')
  if (/^<(?:script|pre|style|textarea)(?:[\s>]|$)/i.test(trimmed)) return /<\/(?:script|pre|style|textarea)>/i
  if (trimmed.startsWith('<!--')) return /-->/
  if (trimmed.startsWith('<?')) return /\?>/
  if (trimmed.startsWith('<![CDATA[')) return /\]\]>/
  if (/^<![A-Za-z]/.test(trimmed)) return />/
  return undefined
}

/**
 * The verdict on a cut between a table's rows: B was parsed under the table's header and
 * delimiter rows, and its table starts where the header does (chunked.ts). A's last node must
 * be that same table (the same start), ending on the line before the cut, and B's table's
 * first row of its own must start at the cut, with the same alignment and data.
 */
function tableCut(text: string, a: Root, b: Root, cut: number): Verdict {
  const last = a.children[a.children.length - 1]
  // A `Table:` caption from after the table's end comes first in B, before its table (the
  // chunked parser refuses it when a caption comes before the table: the whole decides).
  const first = b.children[b.children[0]?.type === 'tableCaption' ? 1 : 0]
  if (last?.type !== 'table' || first?.type !== 'table' || text.charCodeAt(cut) !== 124 /* | */) return { ok: false }
  const start = last.position?.start.offset
  const end = last.position?.end.offset
  if (start === undefined || end === undefined || first.position?.start.offset !== start || lineEndings(text, end, cut) !== 1) return { ok: false }
  if (first.children.length < 2 || first.children[1]!.position?.start.offset !== cut) return { ok: false }
  if (JSON.stringify(last.align) !== JSON.stringify(first.align) || JSON.stringify(last.data) !== JSON.stringify(first.data)) return { ok: false }
  return { ok: true, join: false, blankBetween: false, rows: true }
}

/**
 * The verdict on a cut inside fenced code (kind `fence`): B was parsed under a copy of the
 * block's opening fence line, and its code starts where the block does (chunked.ts). A's last
 * node must be that block, still open at A's end (what only an unclosed fence does), and B's
 * first its continuation: the same start, info string and fence. A line closes the block in
 * the whole exactly where it closes B's copy, which has the same fence.
 */
function codeCut(text: string, last: RootContent | undefined, first: RootContent | undefined, cut: number): Verdict {
  if (!last || !first || last.type !== first.type || (last.type !== 'code' && last.type !== 'html') || last.data !== undefined || first.data !== undefined) return { ok: false }
  const start = last.position?.start.offset
  if (start === undefined || first.position?.start.offset !== start || last.position?.end.offset !== cut) return { ok: false, ...closingOf(text, last, cut) }
  const head = text.slice(start, Math.min(cut, start + 64))
  const same = last.type === 'code' ? first.type === 'code' && last.lang === first.lang && last.meta === first.meta && FENCE_OPEN.test(head) : htmlEnd(head.split(/\r|\n/)[0]!) !== undefined
  if (!same) return { ok: false, ...closingOf(text, last, cut) }
  return { ok: true, join: false, blankBetween: false, code: true }
}

/**
 * `b`'s code after `a`'s, across the line ending before `cut`: an unclosed block's value ends
 * before its last line ending (the one before the cut); `b`'s HTML after `a`'s, without the
 * copy of the opening line (`prefixLength`) `b` was parsed under; a new node, or `a` itself
 * when the caller made it (`aIsOwn`).
 */
export function joinCode<T extends Code | Html>(text: string, a: T, b: T, cut: number, prefixLength: number, aIsOwn = false): T {
  const joined: T = aIsOwn ? a : { ...a }
  const start = a.position?.start.offset
  // An HTML block's value is its text, opening line and (unclosed) last line ending included.
  // A piece of the opening fence alone has no line of its own: "" is no line, not an empty one.
  if (a.type === 'html') joined.value = a.value + b.value.slice(prefixLength)
  else if (start !== undefined && nextLine(text, lineEnd(text, start)) === cut) joined.value = b.value
  else joined.value = a.value + text.slice(lineEndingStart(text, cut), cut) + b.value
  if (a.position && b.position) joined.position = { start: { ...a.position.start }, end: { ...b.position.end } }
  return joined
}

/** Whether the tree ends with a table that a caption, or a paragraph the caption transform could take, comes before. */
export function captionBeforeLastTable(tree: Root): boolean {
  const nodes = tree.children
  const before = nodes[nodes.length - 2]
  return nodes[nodes.length - 1]?.type === 'table' && before !== undefined && (before.type === 'tableCaption' || isCaptionParagraph(before))
}

/** `b`'s rows but its header (a copy of `a`'s) after `a`'s: a new node, or `a` itself when the caller made it (`aIsOwn`). */
export function joinTables(a: Table, b: Table, aIsOwn = false): Table {
  const joined: Table = aIsOwn ? a : { ...a, children: [...a.children] }
  for (let index = 1; index < b.children.length; index++) joined.children.push(b.children[index]!)
  if (a.position && b.position) joined.position = { start: { ...a.position.start }, end: { ...b.position.end } }
  return joined
}

/**
 * How the line ending at a cut inside a paragraph reads in the whole paragraph: `soft` (a line
 * ending in the text), `spaces` (a hard break: two or more trailing spaces) or `backslash` (a
 * hard break: a backslash right before the line ending).
 */
export type LineBreak = 'soft' | 'spaces' | 'backslash' | 'space'

/** The verdict on a cut inside a paragraph (see the file's comment). */
function paragraphCut(text: string, last: RootContent, first: RootContent, cut: number): Verdict {
  if (last.type !== 'paragraph' || first.type !== 'paragraph' || last.data !== undefined || first.data !== undefined) return { ok: false }
  const end = last.position?.end.offset
  if (end === undefined || lineEndings(text, end, cut) !== 1) return { ok: false }
  // The scan offers only lines that start like plain text (or `|` lines of no table); a setext
  // underline, a definition's `:` or a table's delimiter row would change the whole paragraph.
  if (/^[=:~\-]/.test(text.slice(cut, cut + 1))) return { ok: false }
  if (text.charCodeAt(cut) === 124 && isDelimiterRow(text, cut, lineEnd(text, cut))) return { ok: false }
  const x = last.children[last.children.length - 1]
  const y = first.children[0]
  if (!x?.position || !y?.position || transformed(x) || transformed(y)) return { ok: false }
  // Both sides: transforms over a paragraph's text (CriticMarkup) may rebuild all of it.
  if (!inlineClosed(last, text) || !inlineClosed(first, text)) return { ok: false }
  // A `Table:` caption the transform takes for a table after it (in B) only in the whole.
  if (startsLikeCaption(last)) return { ok: false }
  const lineBreak = lineBreakBefore(text, cut)
  // A backslash alone on its (indented) line: micromark ends the text before the indent, not at
  // the backslash. Rare enough to parse whole.
  if (lineBreak === 'backslash' && (x.type !== 'text' || x.position.end.offset !== lineEndingStart(text, cut) || !x.value.endsWith('\\') || /[\r\n]$/.test(x.value.slice(0, -1)))) return { ok: false }
  return { ok: true, join: false, blankBetween: false, lineBreak }
}

/**
 * The verdict on a cut inside a line of a paragraph (kind `space`): A ends with the paragraph,
 * only white space between its end and the cut (none where the cut is between two character
 * references, `;&`, and then text on both sides reaches the cut), B starts with the rest of it,
 * and no inline syntax is left open on either side. The pieces are joined with that white space
 * (`lineBreak: 'space'`): the line's start reads as white space does, for emphasis and autolinks.
 */
function spaceCut(text: string, last: RootContent, first: RootContent, start: number, cut: number): Verdict {
  if (last.type !== 'paragraph' || first.type !== 'paragraph' || last.data !== undefined || first.data !== undefined) return { ok: false }
  const x = last.children[last.children.length - 1]
  const y = first.children[0]
  if (!x?.position || !y?.position || transformed(x) || transformed(y)) return { ok: false }
  // The paragraph's end takes in trailing white space; its last node's does not.
  const end = x.position.end.offset
  if (end === undefined || end > cut || (last.position?.end.offset ?? Infinity) > cut || !isBlankFrom(text, end, cut)) return { ok: false }
  if (end === cut && (x.type !== 'text' || y.type !== 'text' || y.position.start.offset !== cut || text.charCodeAt(cut) !== 38 /* & */ || !referencesBack(text, start, cut))) return { ok: false }
  if (!inlineClosed(last, text) || !inlineClosed(first, text)) return { ok: false }
  // A `Table:` caption the transform takes for a table after it (in B) only in the whole.
  if (startsLikeCaption(last)) return { ok: false }
  return { ok: true, join: false, blankBetween: false, lineBreak: 'space' }
}

/** A character reference ending at the end of the string (`&amp;`, `&#233;`, `&#xE9;`). */
const REFERENCE_AT_END = /&(?:#[xX][0-9A-Fa-f]{1,6}|#[0-9]{1,7}|[A-Za-z][A-Za-z0-9]{0,31});$/

/**
 * Whether the text before `cut` back to white space, or to `start` (A's start: a line's start,
 * or an earlier cut that passed this same test), is character references only. Then nothing
 * there reads differently with or without what follows the cut: an autolink literal
 * (`www.a.com;&amp;…`, which runs to white space) cannot have begun in it.
 */
function referencesBack(text: string, start: number, cut: number): boolean {
  let at = cut
  while (at > start) {
    const code = text.charCodeAt(at - 1)
    if (code === 32 || code === 9) return true
    const match = REFERENCE_AT_END.exec(text.slice(Math.max(start, at - 40), at))
    if (!match) return false
    at -= match[0].length
  }
  return true
}

/**
 * Whether an inline node at a cut carries data a transform may have given it. Inline math's is
 * the parser's own (mdast-util-math's `hName` and children), made from the node alone: 20 000
 * lines of `$x$` were one piece.
 */
function transformed(node: PhrasingContent): boolean {
  return node.data !== undefined && node.type !== 'inlineMath'
}

/** Where the line ending before `cut` (a line start) starts. */
function lineEndingStart(text: string, cut: number): number {
  return text.charCodeAt(cut - 1) === 10 && text.charCodeAt(cut - 2) === 13 ? cut - 2 : cut - 1
}

function lineBreakBefore(text: string, cut: number): LineBreak {
  const ending = lineEndingStart(text, cut)
  let at = ending
  let tab = false
  while (at > 0 && (text.charCodeAt(at - 1) === 32 || text.charCodeAt(at - 1) === 9)) {
    if (text.charCodeAt(at - 1) === 9) tab = true
    at--
  }
  if (ending - at >= 2 && !tab) return 'spaces'
  if (at !== ending) return 'soft'
  let backslashes = 0
  while (at > 0 && text.charCodeAt(at - 1) === 92 /* \ */) {
    backslashes++
    at--
  }
  return backslashes % 2 === 1 ? 'backslash' : 'soft'
}

/**
 * Characters that open or close inline syntax able to run over a line ending (emphasis and
 * strikethrough, code spans, links and notes, inline HTML, math, CriticMarkup, super- and
 * subscripts), and that the transforms over a paragraph's text look for (bracketed spans,
 * citations and cross-references with `@`). Left as text on either side of a cut, one could
 * pair with one on the other, or a transform could read the joined text differently.
 */
const INLINE_SYNTAX = /[*`[\]<>$~{}^=@]|(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])/

/**
 * Of those, the ones a transform may read in a text's value, whatever it was written as (a
 * bracket written `&#91;`). The rest are looked for in the text's source: a character written
 * as a reference, or that the guard kept as text (a placeholder in the text parsed whole, as
 * 200 000 lines of `<!--`), opens nothing.
 */
const TRANSFORM_SYNTAX = /[[\]{}@]/

/**
 * The inline nodes micromark itself makes. A node a transform made (a citation, a bracketed
 * span) means a transform read this text, and might read the joined text differently.
 */
const PARSER_INLINE = new Set(['paragraph', 'text', 'break', 'emphasis', 'strong', 'delete', 'inlineCode', 'inlineMath', 'link', 'image', 'linkReference', 'imageReference', 'footnoteReference', 'html'])

/**
 * Answers by paragraph node: a piece's tree is reused from parse to parse with only its
 * positions moved, and every cut is checked on each parse (a keystroke in a giant paragraph).
 */
const closedParagraphs = new WeakMap<Paragraph, boolean>()

/** Whether the paragraph holds only the parser's inline nodes, and no text that could open inline syntax. */
function inlineClosed(paragraph: Paragraph, text: string): boolean {
  let known = closedParagraphs.get(paragraph)
  if (known === undefined) {
    known = walksClosed(paragraph, text)
    closedParagraphs.set(paragraph, known)
  }
  return known
}

function walksClosed(paragraph: Paragraph, text: string): boolean {
  let closed = true
  walk(paragraph, (node) => {
    if (!closed) return false
    if (!PARSER_INLINE.has(node.type) || (node.type === 'text' && syntaxLeft(node as Text, text))) closed = false
    return undefined
  })
  return closed
}

/** Whether a text node holds a character that could open or close syntax (see INLINE_SYNTAX). */
function syntaxLeft(node: Text, text: string): boolean {
  if (TRANSFORM_SYNTAX.test(node.value)) return true
  const start = node.position?.start.offset
  const end = node.position?.end.offset
  return INLINE_SYNTAX.test(start !== undefined && end !== undefined ? text.slice(start, end) : node.value)
}

/**
 * `b` going on after `a` across the line ending before `cut` (the point where `b`'s line
 * starts), read as `lineBreak`: a new node, or `a` itself when the caller made it (`aIsOwn`).
 * The nodes and points are micromark's: a soft line ending is text (joined to the text on
 * either side) from the line ending (after any trailing white space) to the next line's start;
 * a hard break runs from its trailing spaces or backslash to the next line's start.
 */
export function joinParagraphs(text: string, a: Paragraph, b: Paragraph, lineBreak: LineBreak, cut: Point, aIsOwn = false): Paragraph {
  const joined: Paragraph = aIsOwn ? a : { ...a, children: [...a.children] }
  const x = joined.children[joined.children.length - 1]!
  const y = b.children[0]!
  let from = 1
  if (lineBreak === 'space' || lineBreak === 'soft') {
    // The text between — white space inside one line, or a line ending — takes in the text on
    // either side. Inside a line the gap starts where A's last node ends, on the cut's line (no
    // walk back to the line's start: per cut in a line of megabytes, that was quadratic).
    const gap = lineBreak === 'space' ? x.position!.end.offset! : lineEndingStart(text, cut.offset!)
    const before = x.type === 'text' ? x : undefined
    const after = y.type === 'text' ? y : undefined
    if (before) joined.children.pop()
    const gapPoint = (): Point => (lineBreak === 'space' ? { line: cut.line, column: cut.column - (cut.offset! - gap), offset: gap } : { line: cut.line - 1, column: gap - lineAt(text, gap) + 1, offset: gap })
    const start = before ? before.position!.start : gapPoint()
    const end = after ? after.position!.end : { ...cut }
    joined.children.push({ type: 'text', value: (before?.value ?? '') + text.slice(gap, cut.offset) + (after?.value ?? ''), position: { start, end } })
    if (!after) from = 0
  } else {
    const ending = lineEndingStart(text, cut.offset!)
    const lineStart = lineAt(text, ending)
    const pointAt = (offset: number): Point => ({ line: cut.line - 1, column: offset - lineStart + 1, offset })
    let breakStart = ending
    if (lineBreak === 'backslash') {
      breakStart = ending - 1
      const kept = (x as Text).value.slice(0, -1)
      joined.children.pop()
      if (kept !== '') joined.children.push({ type: 'text', value: kept, position: { start: x.position!.start, end: pointAt(breakStart) } })
    } else {
      while (breakStart > lineStart && text.charCodeAt(breakStart - 1) === 32) breakStart--
    }
    joined.children.push({ type: 'break', position: { start: pointAt(breakStart), end: { ...cut } } } satisfies Break)
    from = 0
  }
  for (let index = from; index < b.children.length; index++) joined.children.push(b.children[index]!)
  if (a.position && b.position) joined.position = { start: { ...a.position.start }, end: { ...b.position.end } }
  return joined
}

/** The marker of a top-level list: its bullet, or its ordered delimiter. */
function listMarkerOf(text: string, list: List): string | undefined {
  const offset = list.children[0]?.position?.start.offset
  return offset === undefined ? undefined : listMarkerAt(text, offset)
}

/** The list marker at `offset` (`-`, `+`, `*`, `.` or `)`), if a list item starts there. */
export function listMarkerAt(text: string, offset: number): string | undefined {
  const match = /^(?:([*+-])|\d{1,9}([.)]))(?:[ \t]|\r|\n|$)/.exec(text.slice(offset, offset + 12))
  return match ? (match[1] ?? match[2]) : undefined
}

/**
 * `b`'s first list appended to `a`'s last list, loose when either was, or when a blank line
 * separated them: a new node (the chunk trees stay as parsed), or `a` itself when the caller
 * made it (`aIsOwn`: a list joined before, which no chunk tree holds).
 */
export function joinLists(a: List, b: List, blankBetween: boolean, aIsOwn = false): List {
  const joined: List = aIsOwn ? a : { ...a, children: [...a.children] }
  for (const item of b.children) joined.children.push(item)
  joined.spread = a.spread === true || b.spread === true || blankBetween
  if (a.position && b.position) joined.position = { start: { ...a.position.start }, end: { ...b.position.end } }
  return joined
}

/**
 * Moves every position in `tree` by `lines` and `offset`. Columns change only on the line a
 * `space` piece starts on (`column`: points on its line `line`, before the move, move by `delta`);
 * other pieces start at a line's start. `fresh` gives every node its own position objects first —
 * transforms may share one point between two nodes, which would then move twice.
 */
export function shiftPositions(tree: Root, lines: number, offset: number, fresh: boolean, column?: { line: number; delta: number }): void {
  const columns = column && column.delta !== 0 ? column : undefined
  if (!fresh && lines === 0 && offset === 0 && !columns) return
  walk(tree, (node) => {
    const position = node.position
    if (position) {
      if (fresh) node.position = { start: movedPoint(position.start, lines, offset, columns), end: movedPoint(position.end, lines, offset, columns) }
      else movePosition(position, lines, offset, columns)
    }
  })
}

function movedPoint(point: Point, lines: number, offset: number, columns: { line: number; delta: number } | undefined): Point {
  const moved: Point = { line: point.line + lines, column: columns && point.line === columns.line ? point.column + columns.delta : point.column }
  if (point.offset !== undefined) moved.offset = point.offset + offset
  return moved
}

function movePosition(position: Position, lines: number, offset: number, columns: { line: number; delta: number } | undefined): void {
  if (columns) {
    if (position.start.line === columns.line) position.start.column += columns.delta
    if (position.end.line === columns.line) position.end.column += columns.delta
  }
  position.start.line += lines
  position.end.line += lines
  if (position.start.offset !== undefined) position.start.offset += offset
  if (position.end.offset !== undefined) position.end.offset += offset
}

function lineAt(text: string, offset: number): number {
  let at = offset
  while (at > 0) {
    const code = text.charCodeAt(at - 1)
    if (code === 10 || code === 13) break
    at--
  }
  return at
}

/** Where the line holding `offset` ends (before its line ending). */
export function lineEnd(text: string, offset: number): number {
  let at = offset
  while (at < text.length) {
    const code = text.charCodeAt(at)
    if (code === 10 || code === 13) break
    at++
  }
  return at
}

/** Where the next line starts, from the end of a line (before its line ending). */
export function nextLine(text: string, lineEndOffset: number): number {
  if (text.charCodeAt(lineEndOffset) === 13 && text.charCodeAt(lineEndOffset + 1) === 10) return lineEndOffset + 2
  return lineEndOffset + 1
}
