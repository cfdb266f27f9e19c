/**
 * Long runs of combining marks ("Zalgo" text, or a hostile paste of a million accents on one
 * letter) shown folded. A run of marks joins its base letter into one grapheme cluster, which
 * the browser shapes, measures and places the caret in as a single unbreakable unit: after
 * pasting `a` with 1 000 000 U+0301, Chromium spent 200–320 ms of the paste's task laying out
 * that one cluster (setting the DOM selection in it and measuring it), and the same again
 * whenever the page's layout was read afterwards.
 *
 * No script stacks more than a handful of marks on a letter (Tibetan and Vietnamese reach four
 * or five), so the first MAX_SHOWN_MARKS of a run are drawn as they are and the rest is one
 * widget saying how many marks it holds. The text itself is untouched: the marks are in the
 * document, the preview and the export; the widget is atomic, so the cursor steps over it and
 * Backspace deletes it whole.
 */
import { StateEffect, StateField, type Extension, type Range, type Text } from '@codemirror/state'
import { Decoration, EditorView, ViewPlugin, WidgetType, type DecorationSet } from '@codemirror/view'

/** Marks drawn as they are at the start of a run; the rest of the run is folded. */
export const MAX_SHOWN_MARKS = 16

/** The start of a run to fold (its end is found by runEnd). */
const RUN_START = new RegExp(`\\p{M}{${MAX_SHOWN_MARKS + 1}}`, 'gu')
const MARK = /\p{M}/uy

class FoldedMarks extends WidgetType {
  constructor(readonly count: number) {
    super()
  }

  override eq(other: FoldedMarks): boolean {
    return other.count === this.count
  }

  toDOM(): HTMLElement {
    const chip = document.createElement('span')
    chip.className = 'cm-folded-marks'
    chip.textContent = `+${this.count.toLocaleString('en')} marks`
    chip.title = `${this.count.toLocaleString('en')} more combining marks on this letter, folded here (they stay in the text, the preview and the export)`
    return chip
  }
}

const LEADING_MARKS = /^\p{M}*/u
// Not /\p{M}*$/, which tries every start in the chunk (quadratic in a chunk of marks): a
// non-mark is needed before the marks, so each start fails at once or scans one run.
const TRAILING_MARKS = /\P{M}(\p{M}*)$/u
const CHUNK = 4096

/** `pos` moved over the marks next to it (forward or back): an edit inside or beside a run rescans the whole run. */
function overMarks(doc: Text, pos: number, forward: boolean): number {
  for (;;) {
    const from = forward ? pos : Math.max(0, pos - CHUNK)
    const to = forward ? Math.min(doc.length, pos + CHUNK) : pos
    if (from === to) return pos
    const chunk = doc.sliceString(from, to)
    const run = forward ? LEADING_MARKS.exec(chunk)![0].length : (TRAILING_MARKS.exec(chunk)?.[1]!.length ?? chunk.length)
    pos += forward ? run : -run
    // A chunk that is marks to its edge may go on, unless the document ends there. (An astral
    // mark cut in two at the edge stops the run early: a few marks drawn unfolded, no more.)
    if (run < chunk.length || (forward ? to === doc.length : from === 0)) return pos
  }
}

/** The end of the run of marks that goes on at `end` in `text`, and how many marks it has from there. */
function runEnd(text: string, end: number): { end: number; count: number } {
  let count = 0
  while (end < text.length) {
    // The same mark again (the hostile case: a million of one accent) is a mark: a comparison,
    // not the \p{M} test, which costs about 50 ns a character.
    const c = text.charCodeAt(end)
    if (c === text.charCodeAt(end - 1) && (c < 0xd800 || c > 0xdfff)) {
      end++
    } else {
      MARK.lastIndex = end
      if (!MARK.test(text)) break
      end += text.codePointAt(end)! > 0xffff ? 2 : 1
    }
    count++
  }
  return { end, count }
}

/** Folds for the mark runs in `[from, to)` of the document (runs never cross a line break). */
function foldsIn(doc: Text, from: number, to: number): Range<Decoration>[] {
  const folds: Range<Decoration>[] = []
  let pos = from
  for (const cursor = doc.iterRange(from, to); !cursor.next().done; pos += cursor.value.length) {
    const text = cursor.value
    if (cursor.lineBreak || text.length <= MAX_SHOWN_MARKS) continue
    RUN_START.lastIndex = 0
    for (let match = RUN_START.exec(text); match; match = RUN_START.exec(text)) {
      // \p{M} holds astral marks too: cut at a code point's boundary.
      let cut = match.index
      for (let shown = 0; shown < MAX_SHOWN_MARKS; shown++) cut += text.codePointAt(cut)! > 0xffff ? 2 : 1
      const rest = runEnd(text, match.index + match[0].length)
      folds.push(Decoration.replace({ widget: new FoldedMarks(rest.count + 1) }).range(pos + cut, pos + rest.end))
      RUN_START.lastIndex = rest.end
    }
  }
  return folds
}

/** A range of the document not scanned for runs yet (a paste of many lines, scanned in later tasks). */
interface Span {
  from: number
  to: number
}

interface Folds {
  folds: DecorationSet
  /** Ranges still to scan, in order; their runs are not folded until scanned. */
  unscanned: readonly Span[]
}

/**
 * A touched range of more lines than this is scanned at its ends only (EDGE_LINES each, where
 * the cursor and the view are after a paste); its middle is scanned in later tasks,
 * SCAN_STEP_LINES a task. The scan visits every line: a paste of 250 000 short lines spent
 * 30 ms of its task in it, on top of CodeMirror's own work on the paste.
 */
const SCAN_NOW_LINES = 10_000
const EDGE_LINES = 1_000
const SCAN_STEP_LINES = 20_000

/** A part of the document scanned in a later task, with the folds found there. */
const scanned = StateEffect.define<Span & { folds: Range<Decoration>[] }>()

/** `spans` less [from, to). */
function subtract(spans: readonly Span[], from: number, to: number): Span[] {
  const left: Span[] = []
  for (const span of spans) {
    if (span.to <= from || span.from >= to) left.push(span)
    else {
      if (span.from < from) left.push({ from: span.from, to: from })
      if (span.to > to) left.push({ from: to, to: span.to })
    }
  }
  return left
}

/** Replaces the folds in [from, to) with `add`. */
function refold(folds: DecorationSet, from: number, to: number, add: Range<Decoration>[]): DecorationSet {
  return folds.update({ filterFrom: from, filterTo: to, filter: (start, end) => end <= from || start >= to, add })
}

/**
 * Scans [from, to) now if it is short, else its ends now and its middle later: returns the
 * folds with the scanned parts refolded, and the part left to scan (or null).
 */
function scan(doc: Text, folds: DecorationSet, from: number, to: number): { folds: DecorationSet; later: Span | null } {
  const first = doc.lineAt(from).number
  const last = doc.lineAt(to).number
  if (last - first <= SCAN_NOW_LINES) return { folds: refold(folds, from, to, foldsIn(doc, from, to)), later: null }
  const headEnd = doc.line(first + EDGE_LINES).to
  const tailStart = doc.line(last - EDGE_LINES).from
  folds = refold(folds, from, headEnd, foldsIn(doc, from, headEnd))
  folds = refold(folds, tailStart, to, foldsIn(doc, tailStart, to))
  return { folds, later: { from: headEnd, to: tailStart } }
}

/**
 * The folds of the whole document, kept in the state (not drawn per viewport): CodeMirror
 * draws a long line in part, and only decorations it knows from the state shorten the line it
 * lays out; a viewport's folds left the rest of the run estimated as text, a screenful of blank
 * wrapped lines. An edit rescans only the runs it touches.
 */
export const markFolds = StateField.define<Folds>({
  create(state) {
    const { folds, later } = scan(state.doc, Decoration.none, 0, state.doc.length)
    return { folds, unscanned: later ? [later] : [] }
  },
  update(value, transaction) {
    let { folds, unscanned } = value
    if (transaction.docChanged) {
      const doc = transaction.state.doc
      const changes = transaction.changes
      const touched: Span[] = []
      changes.iterChangedRanges((_fromA, _toA, fromB, toB) => {
        const from = overMarks(doc, fromB, false)
        const to = overMarks(doc, toB, true)
        const last = touched.at(-1)
        if (last && from <= last.to) last.to = Math.max(last.to, to)
        else touched.push({ from, to })
      })
      folds = folds.map(changes)
      const mapped: Span[] = []
      for (const span of unscanned) {
        const from = changes.mapPos(span.from, 1)
        const to = changes.mapPos(span.to, -1)
        if (to > from) mapped.push({ from, to })
      }
      for (const { from, to } of touched) {
        const result = scan(doc, folds, from, to)
        folds = result.folds
        if (result.later) mapped.push(result.later)
      }
      unscanned = mapped.sort((a, b) => a.from - b.from)
    }
    for (const effect of transaction.effects) {
      if (!effect.is(scanned)) continue
      folds = refold(folds, effect.value.from, effect.value.to, effect.value.folds)
      unscanned = subtract(unscanned, effect.value.from, effect.value.to)
    }
    return folds === value.folds && unscanned === value.unscanned ? value : { folds, unscanned }
  },
  provide: (field) => [EditorView.decorations.from(field, (value) => value.folds), EditorView.atomicRanges.of((view) => view.state.field(field).folds)],
})

/** Scans what the field left unscanned, SCAN_STEP_LINES a task, each task its own transaction. */
const laterScans = ViewPlugin.fromClass(
  class {
    private timer: ReturnType<typeof setTimeout> | undefined

    constructor(private readonly view: EditorView) {
      this.schedule()
    }

    update(): void {
      this.schedule()
    }

    destroy(): void {
      clearTimeout(this.timer)
    }

    private schedule(): void {
      if (this.timer === undefined && this.view.state.field(markFolds).unscanned.length > 0) this.timer = setTimeout(() => this.step(), 0)
    }

    private step(): void {
      this.timer = undefined
      const { state } = this.view
      const span = state.field(markFolds).unscanned[0]
      if (!span) return
      const doc = state.doc
      const stepEnd = doc.line(Math.min(doc.lines, doc.lineAt(span.from).number + SCAN_STEP_LINES)).to
      const to = stepEnd > span.from ? Math.min(span.to, stepEnd) : span.to
      this.view.dispatch({ effects: scanned.of({ from: span.from, to, folds: foldsIn(doc, span.from, to) }) })
    }
  },
)

const theme = EditorView.baseTheme({
  '.cm-folded-marks': { fontFamily: 'system-ui, sans-serif', fontSize: '85%', padding: '0 3px', borderRadius: '3px', background: 'rgba(128, 128, 128, 0.2)' },
})

/** The extension (with the editor's other extensions). */
export const markRuns: Extension = [markFolds, laterScans, theme]
