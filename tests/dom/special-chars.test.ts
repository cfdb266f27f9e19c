/**
 * Control and invisible characters in the editor (special-chars.ts): drawn as CodeMirror's red
 * placeholders, but no more than MAX_SHOWN_PER_LINE in a line's visible part, so a pasted line
 * of a million NUL characters is not 20 000 elements to lay out.
 */
import { EditorState } from '@codemirror/state'
import { EditorView } from '@codemirror/view'
import { describe, expect, it } from 'vitest'
import { MAX_SHOWN_PER_LINE, specialCharDecorations, specialChars } from '../../src/editor/special-chars.js'
import { editorViews } from './setup.js'

const keep = editorViews()

function editor(doc: string): EditorView {
  const view = new EditorView({ state: EditorState.create({ doc, extensions: [specialChars] }), parent: document.body })
  keep(view)
  return view
}

const placeholders = (view: EditorView) => [...view.contentDOM.querySelectorAll('.cm-specialChar')]

describe('special characters in the editor', () => {
  it('draws each as a placeholder named in its title, as CodeMirror does, and leaves tabs and line breaks alone', () => {
    const view = editor('a\u0000b\tc\u202ed\n\ufeffe')
    const shown = placeholders(view)
    expect(shown.map((node) => node.textContent)).toEqual(['\u2400', '\u2022', '\u2022'])
    expect(shown.map((node) => node.getAttribute('title'))).toEqual(['Control character null', 'Control character right-to-left override', 'Control character zero width no-break space'])
    expect(view.state.doc.toString()).toBe('a\u0000b\tc\u202ed\n\ufeffe')
  })

  it('draws at most MAX_SHOWN_PER_LINE in a line, and goes on in the next line', () => {
    const view = editor(`${'\u0000'.repeat(100_000)}\nx\u200by\n${'\u2028z'.repeat(1000)}`)
    const set = specialCharDecorations(view)
    const lines = new Map<number, number>()
    set.between(0, view.state.doc.length, (from) => {
      const line = view.state.doc.lineAt(from).number
      lines.set(line, (lines.get(line) ?? 0) + 1)
    })
    expect(lines.get(1)).toBe(MAX_SHOWN_PER_LINE)
    expect(lines.get(2)).toBe(1)
    expect(lines.get(3) ?? 0).toBeLessThanOrEqual(MAX_SHOWN_PER_LINE)
    expect(placeholders(view).length).toBeLessThanOrEqual(2 * MAX_SHOWN_PER_LINE + 1)
    // A capped line in the middle: the lines after it are drawn again from the first.
    const middle = editor(`x\u200by\n${'\u0000'.repeat(1000)}\n${'z\u2028'.repeat(3)}`)
    const perLine = [0, 0, 0]
    specialCharDecorations(middle).between(0, middle.state.doc.length, (from) => {
      perLine[middle.state.doc.lineAt(from).number - 1]!++
    })
    expect(perLine).toEqual([1, MAX_SHOWN_PER_LINE, 3])
  })

  it('redraws after an edit', () => {
    const view = editor('plain')
    expect(placeholders(view)).toHaveLength(0)
    view.dispatch({ changes: { from: 5, insert: '\u0007' } })
    expect(placeholders(view).map((node) => node.getAttribute('title'))).toEqual(['Control character bell'])
  })
})
