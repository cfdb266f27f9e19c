/**
 * A paste of very many lines goes into the document in pieces, a task each (large-paste.ts): the
 * whole text arrives, in its place, undone in one step, and the user's own input meanwhile puts
 * the rest in first.
 */
import { history, undo } from '@codemirror/commands'
import { EditorSelection, EditorState } from '@codemirror/state'
import { EditorView } from '@codemirror/view'
import { describe, expect, it, vi } from 'vitest'
import { PLAIN_LIMIT_LINES } from '../../src/editor/code-languages.js'
import { EDITOR_EXTENSIONS } from '../../src/editor/extensions.js'
import { finishPaste, LARGE_PASTE_LINES, largePaste, pasteInProgress, PIECE_LINES } from '../../src/editor/large-paste.js'
import { editorViews } from './setup.js'

const keep = editorViews()

function editor(doc: string, selection = EditorSelection.cursor(doc.length)): EditorView {
  const view = new EditorView({ state: EditorState.create({ doc, selection, extensions: [history(), largePaste] }), parent: document.body })
  keep(view)
  return view
}

/** A paste event as the browser sends it, with the text on its clipboard. */
function paste(view: EditorView, text: string): void {
  const event = Object.assign(new Event('paste', { bubbles: true, cancelable: true }), { clipboardData: { getData: (type: string) => (type === 'text/plain' ? text : '') } })
  view.contentDOM.dispatchEvent(event)
}

const pasted = (lines: number) => Array.from({ length: lines }, (_, i) => `line ${i + 1}`).join('\n')

describe('a paste of very many lines', () => {
  it('goes in a piece at a time, over the selection, and one undo takes it all out', async () => {
    const view = editor('before [selected] after', EditorSelection.range(7, 17))
    const text = pasted(LARGE_PASTE_LINES + PIECE_LINES + 123)
    paste(view, text)
    // The paste's own task put in the first piece only.
    expect(view.state.doc.lines).toBe(PIECE_LINES)
    expect(view.state.doc.line(1).text).toBe('before line 1')
    await vi.waitFor(() => expect(view.state.doc.toString()).toBe(`before ${text} after`), { timeout: 10_000 })
    expect(view.state.selection.main.head).toBe(7 + text.length)
    undo(view)
    expect(view.state.doc.toString()).toBe('before [selected] after')
  })

  it('lets the user type meanwhile: what they type stays after the paste, in order, and the cursor theirs', async () => {
    const view = editor('start\n')
    const text = pasted(LARGE_PASTE_LINES + 10)
    paste(view, text)
    expect(view.state.doc.length).toBeLessThan(6 + text.length)
    for (const letter of ['o', 'k']) {
      const head = view.state.selection.main.head
      view.dispatch({ changes: { from: head, insert: letter }, selection: EditorSelection.cursor(head + 1), userEvent: 'input.type' })
    }
    await vi.waitFor(() => expect(view.state.doc.toString()).toBe(`start\n${text}ok`), { timeout: 10_000 })
    expect(view.state.selection.main.head).toBe(view.state.doc.length)
    // Undo takes the paste and the typing after it out together (the history joins them, as it does a paste typed on at once).
    undo(view)
    expect(view.state.doc.toString()).toBe('start\n')
  })

  it('puts the rest in at once when the editor is left (finishPaste), so destroying the view then loses nothing', () => {
    const view = editor('start\n')
    const text = pasted(LARGE_PASTE_LINES + PIECE_LINES + 5)
    const seen: string[] = []
    paste(view, text)
    expect(pasteInProgress(view)).toBe(true)
    finishPaste(view)
    seen.push(view.state.doc.toString())
    view.destroy()
    expect(seen).toEqual([`start\n${text}`])
    // With nothing pending it does nothing.
    const idle = editor('x')
    finishPaste(idle)
    expect(idle.state.doc.toString()).toBe('x')
  })

  it('drops the rest when the paste is undone or deleted meanwhile', async () => {
    for (const takeBack of [(view: EditorView) => undo(view), (view: EditorView) => view.dispatch({ changes: { from: 0, to: view.state.doc.length } })]) {
      const view = editor('start\n')
      paste(view, pasted(LARGE_PASTE_LINES + 10))
      takeBack(view)
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(view.state.doc.length).toBeLessThanOrEqual(6)
    }
  })

  it('keeps the rest of the paste before text another part of the app inserts at the cursor meanwhile', async () => {
    const view = editor('')
    const text = pasted(LARGE_PASTE_LINES + 10)
    paste(view, text)
    const cursor = view.state.selection.main.head
    view.dispatch({ changes: { from: cursor, insert: '**bold**' } })
    await vi.waitFor(() => expect(view.state.doc.toString()).toBe(`${text}**bold**`), { timeout: 10_000 })
  })

  it('leaves a paste of fewer lines to CodeMirror, whole', () => {
    const view = editor('')
    const text = pasted(LARGE_PASTE_LINES)
    paste(view, text)
    expect(view.state.doc.toString()).toBe(text)
  })
  it('makes the editor plain text from its first piece when the whole paste is over the limit', () => {
    const view = new EditorView({ state: EditorState.create({ doc: '', extensions: EDITOR_EXTENSIONS }), parent: document.body })
    keep(view)
    expect(view.dom.querySelector('.cm-plain-notice')).toBeNull()
    paste(view, pasted(PLAIN_LIMIT_LINES + 5_000))
    // The first piece alone is not over the limit of lines: the size of the whole paste is what counts.
    expect(view.state.doc.lines).toBe(PIECE_LINES)
    expect(PIECE_LINES).toBeLessThan(PLAIN_LIMIT_LINES)
    expect(view.dom.querySelector('.cm-plain-notice')).not.toBeNull()
  })
  it('says a paste is in progress in the update of every piece but the last (the app renders after it)', async () => {
    const seen: boolean[] = []
    const view = new EditorView({ state: EditorState.create({ doc: '', extensions: [largePaste, EditorView.updateListener.of((update) => update.docChanged && seen.push(pasteInProgress(update.view)))] }), parent: document.body })
    keep(view)
    paste(view, pasted(LARGE_PASTE_LINES + 1))
    await vi.waitFor(() => expect(seen).toEqual([true, true, false]), { timeout: 10_000 })
  })
})
