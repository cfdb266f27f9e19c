/**
 * Lines of more than LONG_LINE characters shown folded: their first SHOWN_HEAD and last
 * SHOWN_TAIL characters are drawn, the middle is one widget that says how much it holds and
 * shows it on a click (or on Ctrl-Shift-], or when the selection is put inside it).
 *
 * Why: CodeMirror draws a long wrapped line 10 000 characters either side of the view, and
 * Chromium lays such a text node out in time worse than linear in its length when it holds
 * control characters or lone surrogates (20 000 of them: 80–270 ms, `.prof/collapse.mts`). A
 * pasted line of 800 000 control characters gave tasks of 120–160 ms in the paste (the DOM
 * selection placed in the line) and in the next measure; a line of 100 000 `<!--` 130 ms.
 * Folded, the line's DOM holds a few thousand characters whatever the line's length.
 *
 * The text is untouched: the document, the preview, the export, copy and search have all of it.
 * A line seldom gets this long but for a pasted data URL, minified code or hostile input; a
 * line once shown stays shown (until the editor is opened again), even when edited.
 */
import { Prec, StateEffect, StateField, type EditorState, type Extension, type Range, type Text, type Transaction } from '@codemirror/state'
import { Decoration, EditorView, WidgetType, keymap, type Command, type DecorationSet } from '@codemirror/view'

/** A line longer than this (in UTF-16 units) is folded. */
export const LONG_LINE = 10_000
/** Characters drawn at the start of a folded line. */
export const SHOWN_HEAD = 2_000
/** Characters drawn at the end of a folded line (where the cursor is after a paste, and typing goes on). */
export const SHOWN_TAIL = 500

/** Shows the folded line that holds this position. */
export const showLongLine = StateEffect.define<number>({ map: (from, changes) => changes.mapPos(from, -1) })

class FoldedLine extends WidgetType {
  constructor(readonly hidden: number) {
    super()
  }

  override eq(other: FoldedLine): boolean {
    return other.hidden === this.hidden
  }

  toDOM(view: EditorView): HTMLElement {
    const chip = document.createElement('span')
    chip.className = 'cm-folded-line'
    const count = this.hidden.toLocaleString('en')
    chip.textContent = `… ${count} more characters (show)`
    chip.title = `${count} characters of this long line are not drawn here, to keep the editor quick; they stay in the text, the preview and the export. Click (or Ctrl-Shift-]) to show them.`
    chip.setAttribute('role', 'button')
    chip.setAttribute('aria-label', `Show ${count} more characters of this line`)
    chip.addEventListener('mousedown', (event) => {
      event.preventDefault()
      view.dispatch({ effects: showLongLine.of(view.posAtDOM(chip)) })
    })
    return chip
  }

  override ignoreEvent(): boolean {
    return true
  }
}

/** A code unit that must not be cut from the one before it: the low half of a surrogate pair. */
function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff
}

/** The fold of the line [from, to), its ends moved off the middle of a surrogate pair. */
function foldOf(doc: Text, from: number, to: number): Range<Decoration> {
  let start = from + SHOWN_HEAD
  let end = to - SHOWN_TAIL
  if (isLowSurrogate(doc.sliceString(start, start + 1).charCodeAt(0))) start++
  if (isLowSurrogate(doc.sliceString(end, end + 1).charCodeAt(0))) end++
  return Decoration.replace({ widget: new FoldedLine(end - start) }).range(start, end)
}

interface LongLines {
  folds: DecorationSet
  /**
   * A position in each long line shown whole (its start when shown, mapped through edits since).
   * Never pruned: a few numbers, and a line shown, deleted and pasted again is shown again.
   */
  shown: readonly number[]
}

function isShown(shown: readonly number[], from: number, to: number): boolean {
  return shown.some((at) => at >= from && at <= to)
}

/**
 * The folds of the long lines that [from, to] touches and that are not shown. It walks the text's
 * tree (a line is never split between its nodes, and there is a line break between siblings): a
 * node no longer than LONG_LINE holds no long line and is skipped whole, so a paste of 20 000
 * short lines costs a few hundred node visits, not a visit per line (18 ms of the paste's task).
 */
function foldsIn(doc: Text, from: number, to: number, shown: readonly number[]): Range<Decoration>[] {
  const folds: Range<Decoration>[] = []
  const visit = (node: Text, offset: number): void => {
    if (node.length <= LONG_LINE) return
    if (node.children) {
      let pos = offset
      for (const child of node.children) {
        if (pos > to) break
        const end = pos + child.length
        if (end >= from) visit(child, pos)
        pos = end + 1
      }
      return
    }
    let pos = offset
    for (const cursor = node.iterLines(); !cursor.next().done; pos += cursor.value.length + 1) {
      const end = pos + cursor.value.length
      if (cursor.value.length > LONG_LINE && end >= from && pos <= to && !isShown(shown, pos, end)) folds.push(foldOf(doc, pos, end))
    }
  }
  visit(doc, 0)
  return folds
}

/** Replaces the folds on the lines that [from, to] touches with `add`. */
function refold(folds: DecorationSet, from: number, to: number, add: Range<Decoration>[]): DecorationSet {
  return folds.update({ filterFrom: from, filterTo: to, filter: (start, end) => end < from || start > to, add })
}

/** Recomputes the folds of the lines a change touched: a line may have grown past LONG_LINE, shrunk under it, or been split. */
function afterChanges(value: LongLines, transaction: Transaction): LongLines {
  const doc = transaction.state.doc
  const changes = transaction.changes
  const shown = value.shown.map((at) => changes.mapPos(at, -1))
  let folds = value.folds.map(changes)
  changes.iterChangedRanges((_fromA, _toA, fromB, toB) => {
    const from = doc.lineAt(fromB).from
    const to = doc.lineAt(toB).to
    folds = refold(folds, from, to, foldsIn(doc, from, to, shown))
  })
  return { folds, shown }
}

/** Shows the long line that holds `at`. */
function show(value: LongLines, state: EditorState, at: number): LongLines {
  const line = state.doc.lineAt(at)
  if (isShown(value.shown, line.from, line.to)) return value
  return { folds: refold(value.folds, line.from, line.to, []), shown: [...value.shown, line.from] }
}

/** The folded ranges a selection's head sits strictly inside (a search match, a click in the preview, a go-to). */
function foldsUnderSelection(value: LongLines, state: EditorState): number[] {
  const inside: number[] = []
  for (const range of state.selection.ranges) {
    value.folds.between(range.head, range.head, (from, to) => {
      if (range.head > from && range.head < to) inside.push(range.head)
    })
  }
  return inside
}

export const longLines = StateField.define<LongLines>({
  create(state) {
    const { doc } = state
    return { folds: Decoration.set(foldsIn(doc, 0, doc.length, [])), shown: [] }
  },
  update(value, transaction) {
    let next = transaction.docChanged ? afterChanges(value, transaction) : value
    for (const effect of transaction.effects) if (effect.is(showLongLine)) next = show(next, transaction.state, effect.value)
    if (transaction.selection) for (const at of foldsUnderSelection(next, transaction.state)) next = show(next, transaction.state, at)
    return next
  },
  provide: (field) => EditorView.decorations.from(field, (value) => value.folds),
})

/** Shows the folded long lines the selection touches; false (on to CodeMirror's unfold) when there are none. */
export const showLongLinesAtSelection: Command = (view) => {
  const { folds } = view.state.field(longLines)
  const effects: StateEffect<number>[] = []
  for (const range of view.state.selection.ranges) {
    const from = view.state.doc.lineAt(range.from).from
    const to = view.state.doc.lineAt(range.to).to
    folds.between(from, to, (start) => void effects.push(showLongLine.of(start)))
  }
  if (effects.length === 0) return false
  view.dispatch({ effects })
  return true
}

const theme = EditorView.baseTheme({
  '.cm-folded-line': {
    fontFamily: 'system-ui, sans-serif',
    fontSize: '85%',
    padding: '0 4px',
    margin: '0 2px',
    borderRadius: '3px',
    background: 'rgba(128, 128, 128, 0.2)',
    cursor: 'pointer',
    whiteSpace: 'nowrap',
  },
})

/** The extension (with the editor's other extensions). */
export const longLineFolds: Extension = [longLines, Prec.high(keymap.of([{ key: 'Ctrl-Shift-]', mac: 'Cmd-Alt-]', run: showLongLinesAtSelection }])), theme]
