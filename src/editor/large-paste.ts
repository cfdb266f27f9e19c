/**
 * A paste of very many lines goes into the document in pieces, one task each, so the page is
 * never held long by it. CodeMirror handles a paste in one go: it splits the text into lines,
 * builds its line tree and applies the change in the paste event's task. For 250 000 short lines
 * (2 MB) that was 40–50 ms of its own work and garbage collection, and with the editor's other
 * work on the change, tasks of 80–115 ms on the two-core VM (tests/e2e/robustness.test.ts).
 *
 * The first piece replaces the selection, as CodeMirror's paste does (the `input.paste` user
 * event); each later piece goes in right after the one before, in a transaction without a user
 * event and with the paste's time, so the history joins them: one undo takes the whole paste out.
 * The user may type meanwhile (a keystroke right after the paste must not wait for the rest of
 * it): what they type at the cursor stays after the paste, as if it had been whole, and the
 * cursor stays theirs. Any other change is mapped over the same way. An undo or redo meanwhile,
 * or a change that deletes all the paste put in so far, drops the rest: the paste was taken back.
 *
 * Only a plain paste over one selection range is taken; anything else (several cursors, a
 * read-only editor) is left to CodeMirror. The app puts the rest in at once before it leaves the
 * editor (finishPaste), so no piece is lost with it.
 */
import { Annotation, EditorSelection, EditorState, Text, Transaction, type Extension } from '@codemirror/state'
import { EditorView, ViewPlugin, type ViewUpdate } from '@codemirror/view'

/** A paste of more lines than this goes in pieces (one of fewer costs CodeMirror some 30 ms at most). */
export const LARGE_PASTE_LINES = 50_000

/**
 * Lines a piece holds: the paste's own task builds one piece, each later task another. Each
 * piece also costs the editor a fixed part (setting the DOM selection and laying out, syncing
 * the gutters, journaling): at 50 000 lines a piece still took 80–120 ms, at 20 000 under 40.
 */
export const PIECE_LINES = 20_000

/**
 * On the first piece: the size the document will have once the whole paste is in. The editor
 * chooses its language by the document's size (code-languages.ts), and a paste that makes the
 * document too large to highlight must not have its first piece parsed as Markdown.
 */
export const finalSize = Annotation.define<{ length: number; lines: number }>()

/** Marks the transactions that put in a piece, so the position of the next is not mapped over them. */
const piece = Annotation.define<boolean>()

/** CodeMirror's default line split (with no `lineSeparator` set). */
const LINE_BREAK = /\r\n?|\n/

interface Pending {
  /** The pasted lines; lines[next …] are still to go in. */
  lines: readonly string[]
  next: number
  /** Where the paste starts, and where the next piece goes (the end of what went in so far). */
  start: number
  pos: number
  /** The paste's time: every piece carries it, so the history joins them however long the pieces take. */
  time: number
}

/** The paste's text after the editor's clipboard filters, as CodeMirror's own paste applies them. */
function filtered(state: EditorState, text: string): string {
  for (const filter of state.facet(EditorView.clipboardInputFilter)) text = filter(text, state)
  return text
}

class LargePaste {
  /** The paste still going in, if any (public for pasteInProgress). */
  pending: Pending | null = null
  private timer: ReturnType<typeof setTimeout> | undefined

  constructor(private readonly view: EditorView) {}

  /** Takes a paste of more than LARGE_PASTE_LINES lines over one selection range; false leaves it to CodeMirror. */
  paste(event: ClipboardEvent): boolean {
    this.flush()
    const { state } = this.view
    const data = event.clipboardData?.getData('text/plain')
    // A text of that many lines has more characters than that: the cheap test first.
    if (!data || data.length <= LARGE_PASTE_LINES || state.readOnly || state.selection.ranges.length > 1) return false
    const text = filtered(state, data)
    const separator = state.facet(EditorState.lineSeparator)
    const lines = separator ? text.split(separator) : text.split(LINE_BREAK)
    if (lines.length <= LARGE_PASTE_LINES) return false
    event.preventDefault()
    const { from, to } = state.selection.main
    const first = Text.of(lines.slice(0, PIECE_LINES))
    const time = Date.now()
    const doc = state.doc
    const size = { length: doc.length - (to - from) + text.length, lines: doc.lines - (doc.lineAt(to).number - doc.lineAt(from).number) + lines.length - 1 }
    // Pending before the first piece's transaction, so the app sees a paste in progress (pasteInProgress).
    this.pending = { lines, next: PIECE_LINES, start: from, pos: from + first.length, time }
    this.view.dispatch({ changes: { from, to, insert: first }, selection: EditorSelection.cursor(from + first.length), scrollIntoView: true, userEvent: 'input.paste', annotations: [piece.of(true), Transaction.time.of(time), finalSize.of(size)] })
    this.schedule()
    return true
  }

  /** Puts the rest of a pending paste in at once (before another large paste, or when the editor is left: finishPaste). */
  flush(): void {
    if (this.pending) this.insert(this.pending.lines.length)
  }

  update(update: ViewUpdate): void {
    const pending = this.pending
    if (!pending || !update.docChanged) return
    for (const transaction of update.transactions) {
      if (!transaction.docChanged || transaction.annotation(piece)) continue
      const { changes } = transaction
      const start = changes.mapPos(pending.start, 1)
      const pos = changes.mapPos(pending.pos, -1)
      // Taken back: undone, redone, or what went in so far deleted whole.
      if (transaction.isUserEvent('undo') || transaction.isUserEvent('redo') || start >= pos) {
        this.pending = null
        clearTimeout(this.timer)
        return
      }
      pending.start = start
      pending.pos = pos
    }
  }

  destroy(): void {
    clearTimeout(this.timer)
    this.pending = null
  }

  private schedule(): void {
    clearTimeout(this.timer)
    if (this.pending) this.timer = setTimeout(() => this.pending && this.insert(this.pending.next + PIECE_LINES), 0)
  }

  /** Puts in the pasted lines up to `end` (a piece, or the rest). */
  private insert(end: number): void {
    const pending = this.pending
    if (!pending) return
    const stop = Math.min(end, pending.lines.length)
    // The piece starts with the line break that ends the line before it.
    const text = Text.of(['', ...pending.lines.slice(pending.next, stop)])
    const { state } = this.view
    const at = Math.min(pending.pos, state.doc.length)
    pending.next = stop
    pending.pos = at + text.length
    if (stop >= pending.lines.length) this.pending = null
    // The cursor goes on with the paste unless the user moved it (their typing, mapped, stays after the paste).
    const following = state.selection.ranges.length === 1 && state.selection.main.empty && state.selection.main.head === at
    this.view.dispatch({ changes: { from: at, insert: text }, ...(following ? { selection: EditorSelection.cursor(at + text.length), scrollIntoView: true } : {}), annotations: [piece.of(true), Transaction.time.of(pending.time)] })
    this.schedule()
  }
}

const largePastePlugin = ViewPlugin.fromClass(LargePaste, {
  eventHandlers: {
    paste(event) {
      return this.paste(event)
    },
  },
})

/**
 * Whether a paste is still going in, piece by piece. The app sends the text to the preview's
 * worker once it is all in: a render of the half-pasted text (after a keystroke meanwhile, say)
 * costs the worker seconds, and the render of the whole would wait for it.
 */
export function pasteInProgress(view: EditorView): boolean {
  return view.plugin(largePastePlugin)?.pending != null
}

/**
 * Puts the rest of a paste still going in into the document at once. Called before the editor
 * is left (another document shown, the page hidden or closed), which would otherwise drop the
 * pieces not in yet: the journal then has the whole paste.
 */
export function finishPaste(view: EditorView): void {
  view.plugin(largePastePlugin)?.flush()
}

/** The extension (with the editor's other extensions). */
export const largePaste: Extension = largePastePlugin
