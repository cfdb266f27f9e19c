/**
 * Lines longer than LONG_LINE are drawn folded in their middle (long-lines.ts): the start and
 * the end are drawn, the middle is one widget that shows it on demand; the text is untouched.
 */
import { EditorSelection, EditorState } from '@codemirror/state'
import { EditorView } from '@codemirror/view'
import { describe, expect, it } from 'vitest'
import { LONG_LINE, longLineFolds, longLines, SHOWN_HEAD, SHOWN_TAIL, showLongLinesAtSelection } from '../../src/editor/long-lines.js'
import { editorViews } from './setup.js'

const keep = editorViews()

function editor(doc: string, cursor = doc.length): EditorView {
  const view = new EditorView({ state: EditorState.create({ doc, selection: EditorSelection.cursor(cursor), extensions: [longLineFolds] }), parent: document.body })
  keep(view)
  return view
}

function folds(view: EditorView): { from: number; to: number }[] {
  const found: { from: number; to: number }[] = []
  view.state.field(longLines).folds.between(0, view.state.doc.length, (from, to) => void found.push({ from, to }))
  return found
}

const chips = (view: EditorView): Element[] => [...view.contentDOM.querySelectorAll('.cm-folded-line')]

describe('folded long lines', () => {
  it('draws the start and the end of a long line and folds its middle into one widget', () => {
    const long = 'x'.repeat(100_000)
    const doc = `# Title\n\n${long}\n\nAfter`
    const view = editor(doc)
    const from = doc.indexOf(long)
    expect(folds(view)).toEqual([{ from: from + SHOWN_HEAD, to: from + long.length - SHOWN_TAIL }])
    const hidden = (long.length - SHOWN_HEAD - SHOWN_TAIL).toLocaleString('en')
    expect(chips(view).map((chip) => chip.textContent)).toEqual([`… ${hidden} more characters (show)`])
    const line = chips(view)[0]!.closest('.cm-line')!
    expect(line.textContent!.length).toBeLessThan(SHOWN_HEAD + SHOWN_TAIL + 100)
    expect(view.state.doc.toString()).toBe(doc)
  })

  it('leaves lines up to LONG_LINE alone', () => {
    const view = editor(`${'a'.repeat(LONG_LINE)}\n${'b'.repeat(LONG_LINE)}`)
    expect(folds(view)).toEqual([])
  })

  it('folds a line pasted in, and one typed past the limit; unfolds one cut short', () => {
    const view = editor('start\n')
    view.dispatch({ changes: { from: 6, insert: 'y'.repeat(50_000) } })
    expect(folds(view)).toHaveLength(1)
    view.dispatch({ changes: { from: 6, to: 6 + 45_000 } })
    expect(folds(view)).toEqual([])
    view.dispatch({ changes: { from: view.state.doc.length, insert: 'z'.repeat(LONG_LINE - 5_000) } })
    expect(folds(view)).toEqual([])
    view.dispatch({ changes: { from: view.state.doc.length, insert: 'z' } })
    expect(folds(view)).toHaveLength(1)
  })

  it('folds each long line of a paste of many, and a line joined past the limit', () => {
    const view = editor('')
    const line = 'q'.repeat(LONG_LINE + 1)
    view.dispatch({ changes: { from: 0, insert: [line, 'short', line, line].join('\n') } })
    expect(folds(view)).toHaveLength(3)
    const half = 'h'.repeat(LONG_LINE / 2 + 1)
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: `${half}\n${half}` } })
    expect(folds(view)).toEqual([])
    view.dispatch({ changes: { from: half.length, to: half.length + 1 } })
    expect(folds(view)).toHaveLength(1)
  })

  it('finds long lines among tens of thousands of short ones, at their positions (a walk of the text tree)', () => {
    const lines = Array.from({ length: 50_000 }, (_, i) => (i % 9_999 === 5 ? `L${i}`.padEnd(LONG_LINE + 1 + i, '.') : `- [ ] item ${i}`))
    const doc = lines.join('\n')
    const expected: { from: number; to: number }[] = []
    let pos = 0
    for (const line of lines) {
      if (line.length > LONG_LINE) expected.push({ from: pos + SHOWN_HEAD, to: pos + line.length - SHOWN_TAIL })
      pos += line.length + 1
    }
    expect(expected).toHaveLength(5)
    expect(folds(editor(doc, 0))).toEqual(expected)
    // The same, pasted into a document that has text before and after.
    const view = editor('before\n\nafter', 7)
    view.dispatch({ changes: { from: 7, insert: doc } })
    expect(folds(view)).toEqual(expected.map(({ from, to }) => ({ from: from + 7, to: to + 7 })))
  })

  it('shows the line when the widget is clicked, and keeps it shown through edits', () => {
    const view = editor(`${'w'.repeat(30_000)}\nend`, 0)
    chips(view)[0]!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true }))
    expect(folds(view)).toEqual([])
    view.dispatch({ changes: { from: 0, insert: 'more ' } })
    expect(folds(view)).toEqual([])
  })

  it('shows the line when the selection is put inside the fold (a search match)', () => {
    const view = editor(`${'s'.repeat(30_000)}`, 0)
    view.dispatch({ selection: { anchor: 10_000, head: 10_010 } })
    expect(folds(view)).toEqual([])
  })

  it('shows the folded lines at the selection with Ctrl-Shift-] (and leaves the key to CodeMirror elsewhere)', () => {
    const view = editor(`short\n${'k'.repeat(30_000)}`, 0)
    expect(showLongLinesAtSelection(view)).toBe(false)
    view.dispatch({ selection: { anchor: view.state.doc.length } })
    expect(showLongLinesAtSelection(view)).toBe(true)
    expect(folds(view)).toEqual([])
  })

  it('never cuts a surrogate pair', () => {
    const view = editor(`a${'😀'.repeat(20_000)}`)
    const [fold] = folds(view)
    const doc = view.state.doc.toString()
    expect(doc.charCodeAt(fold!.from)).toBeGreaterThanOrEqual(0xd800)
    expect(doc.charCodeAt(fold!.from)).toBeLessThan(0xdc00)
    expect(doc.charCodeAt(fold!.to)).toBeLessThan(0xdc00)
  })
})
