/**
 * Text inserted whole that is not a paste — an input method's or dictation's commit, a
 * snippet or automation tool, Playwright's `insertText` — reaches the editor as a `beforeinput`
 * of type `insertText`, and CodeMirror lets the browser put it in its DOM and reads it back.
 * Chromium's editing puts a text of many lines in paragraph by paragraph: 300 lines (20 KB)
 * held the page for 1.2–1.6 s, all of it in the browser's own code. A multi-line or long text is
 * taken here instead and applied as one transaction, as a paste is: a few milliseconds.
 * Single characters and short words (typing) and input-method compositions (whose events
 * cannot be cancelled) stay with CodeMirror.
 */
import { EditorView } from '@codemirror/view'

/** Longer texts than this are taken even without a line break. */
const LONG_TEXT = 256

export const textInsert = EditorView.domEventHandlers({
  beforeinput(event, view) {
    if (event.inputType !== 'insertText' && event.inputType !== 'insertReplacementText') return false
    const text = event.data ?? event.dataTransfer?.getData('text/plain')
    if (!text || !event.cancelable || view.state.readOnly) return false
    if (text.length <= LONG_TEXT && !/[\r\n]/.test(text)) return false
    event.preventDefault()
    view.dispatch(view.state.replaceSelection(view.state.toText(text)), { userEvent: 'input.type', scrollIntoView: true })
    return true
  },
})
