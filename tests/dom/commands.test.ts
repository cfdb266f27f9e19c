/**
 * Toolbar and shortcut commands on a real CodeMirror view: each edits the Markdown the way
 * a person would type it, and toggles back.
 */
import { EditorSelection, EditorState } from '@codemirror/state'
import { EditorView } from '@codemirror/view'
import { describe, expect, it } from 'vitest'
import { cycleHeading, insertImageLink, insertLink, insertTable, setHeading, toggleBold, toggleCode, toggleItalic, toggleList, toggleQuote, type Command } from '../../src/editor/commands.js'
import { editorViews } from './setup.js'

const keep = editorViews()

/** A view with `|` marking the cursor or `[` `]` the selection. */
function editor(text: string): EditorView {
  const from = text.indexOf('[')
  const to = text.indexOf(']')
  const cursor = text.indexOf('|')
  const doc = text.replace(/[[\]|]/g, '')
  const selection = from >= 0 ? EditorSelection.single(from, to - 1) : EditorSelection.cursor(Math.max(0, cursor))
  const view = new EditorView({ state: EditorState.create({ doc, selection }), parent: document.body })
  keep(view)
  return view
}

const run = (text: string, command: Command) => {
  const view = editor(text)
  command(view)
  return view
}
const text = (view: EditorView) => view.state.doc.toString()
const selected = (view: EditorView) => view.state.sliceDoc(view.state.selection.main.from, view.state.selection.main.to)

describe('formatting commands', () => {
  it('bold and italic wrap the selection and unwrap it again', () => {
    const view = run('say [hello] now', toggleBold)
    expect(text(view)).toBe('say **hello** now')
    expect(selected(view)).toBe('hello')
    toggleBold(view)
    expect(text(view)).toBe('say hello now')
    expect(text(run('x [y] z', toggleItalic))).toBe('x *y* z')
  })

  it('an empty selection gets a placeholder, selected to type over', () => {
    const view = run('a |b', toggleBold)
    expect(text(view)).toBe('a **bold text**b')
    expect(selected(view)).toBe('bold text')
  })

  it('headings set, change and clear the level', () => {
    const view = run('Title|', setHeading(2))
    expect(text(view)).toBe('## Title')
    setHeading(3)(view)
    expect(text(view)).toBe('### Title')
    setHeading(3)(view)
    expect(text(view)).toBe('Title')
    cycleHeading(view)
    expect(text(view)).toBe('# Title')
    cycleHeading(view)
    expect(text(view)).toBe('## Title')
  })

  it('lists: bullets, numbers counted per line, tasks, and back', () => {
    const view = run('[one\ntwo]', toggleList('ordered'))
    expect(text(view)).toBe('1. one\n2. two')
    toggleList('bullet')(view)
    expect(text(view)).toBe('- one\n- two')
    toggleList('bullet')(view)
    expect(text(view)).toBe('one\ntwo')
    expect(text(run('|todo', toggleList('task')))).toBe('- [ ] todo')
  })

  it('quotes toggle on every selected line', () => {
    const view = run('[a\nb]', toggleQuote)
    expect(text(view)).toBe('> a\n> b')
    toggleQuote(view)
    expect(text(view)).toBe('a\nb')
  })

  it('code: inline within a line, fenced across lines', () => {
    expect(text(run('run [npm test] now', toggleCode))).toBe('run `npm test` now')
    expect(text(run('[a\nb]', toggleCode))).toBe('```\na\nb\n```')
  })

  it('links select the URL to type, or take a selected URL', () => {
    const view = run('see [docs]', insertLink)
    expect(text(view)).toBe('see [docs](https://)')
    expect(selected(view)).toBe('https://')
    expect(text(run('[https://example.com]', insertLink))).toBe('[link text](https://example.com)')
  })

  it('tables stand alone as blocks; images are short relative links', () => {
    const view = run('Text|', insertTable)
    expect(text(view)).toMatch(/^Text\n\n\| Column 1 \| Column 2 \| Column 3 \|\n\| :-+ \| :-+: \| -+: \|/)
    const image = editor('|')
    insertImageLink(image, 'images/my shot.png', 'my shot.png')
    expect(text(image)).toBe('![my shot](<images/my shot.png>)')
  })
})
