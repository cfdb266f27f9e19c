/**
 * Text put in whole without a paste (an input method's commit, a tool's insertText): a
 * multi-line or long text goes in as one transaction over the selection (text-insert.ts), and
 * typing a word stays with CodeMirror and the browser.
 */
import { history, undo } from '@codemirror/commands'
import { EditorSelection, EditorState } from '@codemirror/state'
import { EditorView } from '@codemirror/view'
import { describe, expect, it } from 'vitest'
import { textInsert } from '../../src/editor/text-insert.js'
import { editorViews } from './setup.js'

const keep = editorViews()

function editor(doc: string, selection = EditorSelection.cursor(doc.length)): EditorView {
  const view = new EditorView({ state: EditorState.create({ doc, selection, extensions: [history(), textInsert] }), parent: document.body })
  keep(view)
  return view
}

function insert(view: EditorView, data: string, inputType = 'insertText'): InputEvent {
  const event = new InputEvent('beforeinput', { inputType, data, bubbles: true, cancelable: true })
  view.contentDOM.dispatchEvent(event)
  return event
}

describe('text put in whole', () => {
  it('goes in over the selection as one change when it has several lines, and one undo takes it out', () => {
    const view = editor('before [selected] after', EditorSelection.range(7, 17))
    const text = Array.from({ length: 300 }, (_, i) => `line ${i + 1}`).join('\n')
    const event = insert(view, text)
    expect(event.defaultPrevented).toBe(true)
    expect(view.state.doc.toString()).toBe(`before ${text} after`)
    expect(view.state.doc.lines).toBe(300)
    expect(view.state.selection.main.head).toBe(7 + text.length)
    undo(view)
    expect(view.state.doc.toString()).toBe('before [selected] after')
  })

  it('reads CRLF line breaks as the editor does', () => {
    const view = editor('')
    insert(view, 'a\r\nb\rc')
    expect(view.state.doc.toJSON()).toEqual(['a', 'b', 'c'])
  })

  it('takes a long line too, but leaves a typed word and a composition to the browser', () => {
    const view = editor('x')
    expect(insert(view, 'word').defaultPrevented).toBe(false)
    expect(insert(view, 'one\ntwo', 'insertCompositionText').defaultPrevented).toBe(false)
    expect(view.state.doc.toString()).toBe('x')
    const long = 'a'.repeat(1000)
    expect(insert(view, long).defaultPrevented).toBe(true)
    expect(view.state.doc.toString()).toBe(`x${long}`)
  })

  it('changes nothing in a read-only editor', () => {
    const view = new EditorView({ state: EditorState.create({ doc: 'keep', extensions: [textInsert, EditorState.readOnly.of(true)] }), parent: document.body })
    keep(view)
    expect(insert(view, 'a\nb').defaultPrevented).toBe(false)
    expect(view.state.doc.toString()).toBe('keep')
  })
})
