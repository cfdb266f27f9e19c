/**
 * Bold, italic, strikethrough and inline code as toggles, the way Word's Ctrl+B behaves, on
 * Markdown's delimiters. The spans come from the editor's Markdown syntax tree (what the
 * delimiters really mean), so a toggle never leaves a stray `**`:
 *
 * - caret just inside a span's closing mark (`**bold|**`): steps out, so typing goes on plain;
 *   caret just after a span (`**bold**|`) or before it: steps in, so typing goes on bold;
 * - caret anywhere else inside a span: the span is no longer bold (its marks go);
 * - a selection inside a span: that part is no longer bold (the span is split around it, or
 *   loses the mark at the end the selection reaches);
 * - a selection partly bold, or with bold spans inside: all of it becomes one bold span;
 * - otherwise the selection (or a placeholder) is wrapped; where `**` would not read as one
 *   span (next to `*italic*` it makes a run of three) the other spelling (`__`) is used.
 *
 * Without a syntax tree (a bare editor state) the delimiters right around the selection decide,
 * counted as runs: `**x**` is bold and not italic, `***x***` both.
 */
import { ensureSyntaxTree } from '@codemirror/language'
import { EditorSelection, type ChangeSpec, type EditorState, type SelectionRange } from '@codemirror/state'
import type { EditorView } from '@codemirror/view'
import type { SyntaxNode, Tree } from '@lezer/common'

export interface InlineStyle {
  /** The delimiter written on each side. */
  mark: string
  /** The same delimiter in the other character (`*` ↔ `_`), for a span next to a `*`. */
  alternative?: string
  /** The syntax node of such a span and of its delimiters (@lezer/markdown's names). */
  node: string
  markNode: string
  placeholder: string
}

export const BOLD: InlineStyle = { mark: '**', alternative: '__', node: 'StrongEmphasis', markNode: 'EmphasisMark', placeholder: 'bold text' }
export const ITALIC: InlineStyle = { mark: '*', alternative: '_', node: 'Emphasis', markNode: 'EmphasisMark', placeholder: 'italic text' }
export const STRIKETHROUGH: InlineStyle = { mark: '~~', node: 'Strikethrough', markNode: 'StrikethroughMark', placeholder: 'struck text' }
export const INLINE_CODE: InlineStyle = { mark: '`', node: 'InlineCode', markNode: 'CodeMark', placeholder: 'code' }

/** A span of the style in the text: its extent and where its content starts and ends. */
interface Span {
  from: number
  to: number
  /** End of the opening delimiter, start of the closing one. */
  openEnd: number
  closeStart: number
}

/** How long the parser may take to reach the selection (the editor parses ahead of the viewport anyway). */
const PARSE_BUDGET_MS = 50

/** Toggles `style` on every selection, as one undoable edit. */
export function toggleStyle(view: EditorView, style: InlineStyle): boolean {
  const { state } = view
  const transaction = state.changeByRange((range) => toggleRange(state, range, style))
  view.dispatch(state.update(transaction, { scrollIntoView: true, userEvent: 'input.format' }))
  view.focus()
  return true
}

type Edit = { changes?: ChangeSpec; range: SelectionRange }

/** The spans of `style` that touch `from…to`. */
function spansAround(tree: Tree, from: number, to: number, name: string): Span[] {
  const spans: Span[] = []
  tree.iterate({
    from,
    to,
    enter: (node) => {
      if (node.name !== name) return
      const span = spanOf(node.node)
      if (span) spans.push(span)
    },
  })
  return spans
}

/** A span node with its delimiters as first and last child; undefined for anything else. */
function spanOf(node: SyntaxNode): Span | undefined {
  const open = node.firstChild
  const close = node.lastChild
  if (!open || !close || open === close || !MARKS.has(open.name) || !MARKS.has(close.name)) return undefined
  if (open.from !== node.from || close.to !== node.to) return undefined
  return { from: node.from, to: node.to, openEnd: open.to, closeStart: close.from }
}

const MARKS = new Set(['EmphasisMark', 'StrikethroughMark', 'CodeMark'])
const INLINE_SPANS = ['Emphasis', 'StrongEmphasis', 'Strikethrough', 'InlineCode']

function toggleRange(state: EditorState, range: SelectionRange, style: InlineStyle): Edit {
  const { from, to } = range
  // Null for a state without a language, or when the parse cannot reach the selection in time.
  const tree = ensureSyntaxTree(state, Math.min(state.doc.length, to + 1), PARSE_BUDGET_MS)
  if (!tree || tree.length < to) return toggleByDelimiters(state, range, style)
  // The first edit that reads back without a delimiter left over as text; none: the text stays.
  for (const edit of editsFor(state, tree, range, style)) if (!leavesStrayDelimiters(state, edit)) return edit
  return { range }
}

/** What the toggle could do, best first. */
function editsFor(state: EditorState, tree: Tree, range: SelectionRange, style: InlineStyle): Edit[] {
  const { from, to } = range
  const spans = spansAround(tree, from, to, style.node)
  // The innermost span whose content holds the whole selection.
  const inside = spans.filter((span) => from >= span.openEnd && to <= span.closeStart).sort((a, b) => a.to - a.from - (b.to - b.from))[0]
  if (inside) {
    if (range.empty) return [caretInside(state, inside, from)]
    // A selection that is exactly the content of spans inside this one (`**a *[b]***`, `***[b]***`)
    // takes them along, so the delimiters go around them, not into them.
    const [outerFrom, outerTo] = aroundSpans(tree, from, to, inside)
    return [selectionInside(state, inside, outerFrom, outerTo, from, to, style), selectionInside(state, inside, from, to, from, to, style)]
  }
  if (range.empty) {
    // Next to a span: step into it, so what is typed next takes the style.
    const after = spans.find((span) => span.to === from)
    if (after) return [{ range: EditorSelection.cursor(after.closeStart) }]
    const before = spans.find((span) => span.from === from)
    if (before) return [{ range: EditorSelection.cursor(before.openEnd) }]
  }
  // A selection of exactly one span with its delimiters loses the style; a selection cutting
  // or holding spans becomes one span with them.
  const exact = spans.find((span) => span.from === from && span.to === to)
  if (exact) return [unwrap(state, exact, EditorSelection.range(exact.openEnd, exact.closeStart))]
  const touched = spans.filter((span) => span.to > from && span.from < to)
  const marks = style.alternative ? [style.mark, style.alternative] : [style.mark]
  return marks.map((mark) => wrap(state, from, to, touched, style, mark))
}

/** `from…to` widened over the delimiters of any inline span inside `within` whose content it is exactly, repeatedly. */
function aroundSpans(tree: Tree, from: number, to: number, within: Span): [number, number] {
  const spans = INLINE_SPANS.flatMap((name) => spansAround(tree, from, to, name)).filter((span) => span.from >= within.openEnd && span.to <= within.closeStart)
  for (let changed = true; changed; ) {
    changed = false
    const around = spans.find((span) => span.openEnd === from && span.closeStart === to)
    if (around) {
      from = around.from
      to = around.to
      changed = true
    }
  }
  return [from, to]
}

/** The caret at the edge of a span's content steps out of it; anywhere else the span loses its style. */
function caretInside(state: EditorState, span: Span, at: number): Edit {
  if (at === span.closeStart) return { range: EditorSelection.cursor(span.to) }
  if (at === span.openEnd) return { range: EditorSelection.cursor(span.from) }
  return unwrap(state, span, EditorSelection.cursor(at))
}

/** Removes a span's delimiters; `keep` (in the old text, within the content) is mapped through. */
function unwrap(state: EditorState, span: Span, keep: SelectionRange): Edit {
  const changes = [
    { from: span.from, to: span.openEnd },
    { from: span.closeStart, to: span.to },
  ]
  const set = state.changes(changes)
  return { changes, range: EditorSelection.range(set.mapPos(keep.anchor, -1), set.mapPos(keep.head, -1)) }
}

/**
 * `from…to` of a span loses the style: the span ends before it and starts again after it; at
 * the span's own edges its delimiter simply goes. Delimiters written with `_` become `*`,
 * since `_` does not open or close inside a word. The selection `selFrom…selTo` is kept.
 */
function selectionInside(state: EditorState, span: Span, from: number, to: number, selFrom: number, selTo: number, style: InlineStyle): Edit {
  const open = state.sliceDoc(span.from, span.openEnd)
  const close = state.sliceDoc(span.closeStart, span.to)
  const mark = style.mark.includes('*') ? open.replace(/_/g, '*') : open
  const closeMark = style.mark.includes('*') ? close.replace(/_/g, '*') : close
  const changes: ChangeSpec[] = []
  if (from === span.openEnd) changes.push({ from: span.from, to: span.openEnd })
  else {
    if (mark !== open) changes.push({ from: span.from, to: span.openEnd, insert: mark })
    changes.push({ from, insert: closeMark })
  }
  if (to === span.closeStart) changes.push({ from: span.closeStart, to: span.to })
  else {
    changes.push({ from: to, insert: mark })
    if (closeMark !== close) changes.push({ from: span.closeStart, to: span.to, insert: closeMark })
  }
  const set = state.changes(changes)
  return { changes, range: EditorSelection.range(set.mapPos(selFrom, 1), set.mapPos(selTo, -1)) }
}

/**
 * Wraps `from…to` in `mark` (a placeholder when empty), first removing the delimiters of the
 * spans it cuts or holds, and reaching out to the ends of those it cuts: the result is one span.
 */
function wrap(state: EditorState, from: number, to: number, touched: readonly Span[], style: InlineStyle, mark: string): Edit {
  if (from === to && touched.length === 0) {
    return { changes: { from, insert: `${mark}${style.placeholder}${mark}` }, range: EditorSelection.range(from + mark.length, from + mark.length + style.placeholder.length) }
  }
  const start = Math.min(from, ...touched.map((span) => span.from))
  const end = Math.max(to, ...touched.map((span) => span.to))
  const changes: ChangeSpec[] = touched.flatMap((span) => [
    { from: span.from, to: span.openEnd },
    { from: span.closeStart, to: span.to },
  ])
  changes.push({ from: start, insert: mark }, { from: end, insert: mark })
  const set = state.changes(changes)
  return { changes, range: EditorSelection.range(set.mapPos(from, 1), set.mapPos(to, -1)) }
}

/** Where a delimiter character is text, not markup: directly inside prose (not code, links' URLs, list marks…). */
const PROSE = new Set(['Document', 'Paragraph', 'Emphasis', 'StrongEmphasis', 'Strikethrough', 'Link', 'Image', 'ATXHeading1', 'ATXHeading2', 'ATXHeading3', 'ATXHeading4', 'ATXHeading5', 'ATXHeading6', 'SetextHeading1', 'SetextHeading2', 'TableCell', 'Blockquote', 'ListItem', 'BulletList', 'OrderedList', 'Task'])
const DELIMITER = /[*_~]/g

/** Whether `edit` leaves more delimiter characters read as plain text on the lines it touches than there were. */
function leavesStrayDelimiters(state: EditorState, edit: Edit): boolean {
  if (!edit.changes) return false
  const set = state.changes(edit.changes)
  let from = Infinity
  let to = -Infinity
  set.iterChangedRanges((fromA, toA) => {
    from = Math.min(from, fromA)
    to = Math.max(to, toA)
  })
  if (from > to) return false
  const next = state.update({ changes: set }).state
  return strayCount(next, set.mapPos(from, -1), set.mapPos(to, 1)) > strayCount(state, from, to)
}

/** Delimiter characters read as text on the lines of `from…to`. */
function strayCount(state: EditorState, from: number, to: number): number {
  const start = state.doc.lineAt(from).from
  const end = state.doc.lineAt(to).to
  const tree = ensureSyntaxTree(state, Math.min(state.doc.length, end + 1), PARSE_BUDGET_MS)
  if (!tree) return 0
  const text = state.sliceDoc(start, end)
  let count = 0
  for (const match of text.matchAll(DELIMITER)) {
    const at = start + match.index
    if (PROSE.has(tree.resolveInner(at, 1).name) && state.sliceDoc(at - 1, at) !== '\\') count++
  }
  return count
}

/**
 * Without a syntax tree: the runs of the delimiter's character right around the selection say
 * whether it has the style (`**x**` is bold, not italic; `***x***` is both), or the selection
 * holds its own delimiters.
 */
function toggleByDelimiters(state: EditorState, range: SelectionRange, style: InlineStyle): { changes: ChangeSpec; range: SelectionRange } {
  const { mark, placeholder } = style
  const text = state.sliceDoc(range.from, range.to)
  const char = mark[0]!
  const runBefore = runLength(state, range.from, char, -1)
  const runAfter = runLength(state, range.to, char, 1)
  const shortest = Math.min(runBefore, runAfter)
  const styled = char === '*' || char === '_' ? (mark.length === 2 ? shortest >= 2 : shortest % 2 === 1) : shortest >= mark.length
  if (!range.empty && styled) {
    return {
      changes: [
        { from: range.from - mark.length, to: range.from },
        { from: range.to, to: range.to + mark.length },
      ],
      range: EditorSelection.range(range.from - mark.length, range.to - mark.length),
    }
  }
  if (text.length > 2 * mark.length && text.startsWith(mark) && text.endsWith(mark)) {
    return { changes: { from: range.from, to: range.to, insert: text.slice(mark.length, -mark.length) }, range: EditorSelection.range(range.from, range.to - 2 * mark.length) }
  }
  const inner = range.empty ? placeholder : text
  return {
    changes: { from: range.from, to: range.to, insert: `${mark}${inner}${mark}` },
    range: EditorSelection.range(range.from + mark.length, range.from + mark.length + inner.length),
  }
}

/** How many `char` stand side by side from `at` going `direction`. */
function runLength(state: EditorState, at: number, char: string, direction: 1 | -1): number {
  let n = 0
  const line = state.doc.lineAt(at)
  for (let pos = at; direction < 0 ? pos > line.from : pos < line.to; pos += direction) {
    const next = direction < 0 ? state.sliceDoc(pos - 1, pos) : state.sliceDoc(pos, pos + 1)
    if (next !== char) break
    n++
  }
  return n
}
