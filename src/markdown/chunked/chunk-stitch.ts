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
 * Anything else makes the chunked parser merge A and B and parse them as one.
 */
import type { List, Nodes, Root, RootContent } from 'mdast'
import type { Point, Position } from 'unist'
import { isCaptionParagraph } from '../syntax/table-caption.js'
import { walk } from '../../mdast/walk.js'

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
   * the joined list is loose when `blankBetween` (a blank line between the two items).
   */
  | { ok: true; join: boolean; blankBetween: boolean }
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
export function checkCut(text: string, a: ChunkView, b: ChunkView, kind: 'blank' | 'heading' | 'definition' | 'item' | 'list'): Verdict {
  const last = a.tree.children[a.tree.children.length - 1]
  const first = b.tree.children[0]
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
  if (captionAcross(last, first)) return { ok: false }
  // A div opened in A and not closed there may close in B (fenced-divs.ts), and so may a
  // CriticMarkup change opened in A (critic-spans.ts): the whole decides.
  // So may a `$$` block that A alone ended at a blank line or heading (math-fences.ts).
  if (a.tree.children.some((node) => (node.type === 'paragraph' && (node.data?.unclosedDiv || node.data?.criticOpen)) || (node.type === 'heading' && node.data?.criticOpen) || (node.type === 'math' && node.data?.unclosedFence))) return { ok: false }
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
 * Moves every position in `tree` by `lines` and `offset` (columns never change: chunks start at
 * a line start). `fresh` gives every node its own position objects first — transforms may share
 * one point between two nodes, which would then move twice.
 */
export function shiftPositions(tree: Root, lines: number, offset: number, fresh: boolean): void {
  if (!fresh && lines === 0 && offset === 0) return
  walk(tree, (node) => {
    const position = node.position
    if (position) {
      if (fresh) node.position = { start: movedPoint(position.start, lines, offset), end: movedPoint(position.end, lines, offset) }
      else movePosition(position, lines, offset)
    }
  })
}

function movedPoint(point: Point, lines: number, offset: number): Point {
  const moved: Point = { line: point.line + lines, column: point.column }
  if (point.offset !== undefined) moved.offset = point.offset + offset
  return moved
}

function movePosition(position: Position, lines: number, offset: number): void {
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

function lineEnd(text: string, offset: number): number {
  let at = offset
  while (at < text.length) {
    const code = text.charCodeAt(at)
    if (code === 10 || code === 13) break
    at++
  }
  return at
}

function nextLine(text: string, lineEndOffset: number): number {
  if (text.charCodeAt(lineEndOffset) === 13 && text.charCodeAt(lineEndOffset + 1) === 10) return lineEndOffset + 2
  return lineEndOffset + 1
}
