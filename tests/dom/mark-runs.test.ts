/**
 * Long runs of combining marks are folded in the editor (mark-runs.ts): the first few marks are
 * drawn, the rest is one atomic widget that says how many there are, and the text is untouched.
 */
import { EditorSelection, EditorState } from '@codemirror/state'
import { EditorView } from '@codemirror/view'
import { describe, expect, it, vi } from 'vitest'
import { markFolds, markRuns, MAX_SHOWN_MARKS } from '../../src/editor/mark-runs.js'
import { editorViews } from './setup.js'

const keep = editorViews()

function editor(doc: string, cursor = doc.length): EditorView {
  const view = new EditorView({ state: EditorState.create({ doc, selection: EditorSelection.cursor(cursor), extensions: [markRuns] }), parent: document.body })
  keep(view)
  return view
}

const ACUTE = '\u0301'

describe('folded runs of combining marks', () => {
  it('draws the first marks and folds the rest into one widget that counts them', () => {
    const doc = `a${ACUTE.repeat(100_000)} end`
    const view = editor(doc)
    const chips = view.contentDOM.querySelectorAll('.cm-folded-marks')
    expect(chips).toHaveLength(1)
    expect(chips[0]!.textContent).toBe(`+${(100_000 - MAX_SHOWN_MARKS).toLocaleString('en')} marks`)
    // The line's DOM holds the letter and the shown marks, not the run.
    const line = view.contentDOM.querySelector('.cm-line')!
    expect(line.textContent!.length).toBeLessThan(100)
    expect(line.textContent).toContain(`a${ACUTE.repeat(MAX_SHOWN_MARKS)}+`)
    // The text is untouched.
    expect(view.state.doc.toString()).toBe(doc)
  })

  it('leaves ordinary text and short runs (Vietnamese, Zalgo of a few marks) alone', () => {
    const view = editor(`Tiếng Việt, ạ̀, e${ACUTE.repeat(MAX_SHOWN_MARKS)}x, नमस्ते`)
    expect(view.contentDOM.querySelectorAll('.cm-folded-marks')).toHaveLength(0)
  })

  it('counts a run of varied marks (Zalgo) and folds each run of a line on its own', () => {
    const zalgo = '\u0301\u0316\u0327'.repeat(40)
    const view = editor(`Z${zalgo}al${zalgo}go`)
    expect([...view.contentDOM.querySelectorAll('.cm-folded-marks')].map((chip) => chip.textContent)).toEqual([`+${120 - MAX_SHOWN_MARKS} marks`, `+${120 - MAX_SHOWN_MARKS} marks`])
    expect(view.contentDOM.querySelector('.cm-line')!.textContent).toBe(`Z${zalgo.slice(0, MAX_SHOWN_MARKS)}+104 marksal${zalgo.slice(0, MAX_SHOWN_MARKS)}+104 marksgo`)
  })

  it('counts astral marks as one each and never cuts one in half', () => {
    // U+1D167 (musical combining tremolo) is a mark outside the BMP: two UTF-16 units.
    const tremolo = String.fromCodePoint(0x1d167)
    const view = editor(`x${tremolo.repeat(40)}y`)
    expect(view.contentDOM.querySelector('.cm-folded-marks')!.textContent).toBe(`+${40 - MAX_SHOWN_MARKS} marks`)
    expect(view.contentDOM.querySelector('.cm-line')!.textContent).toBe(`x${tremolo.repeat(MAX_SHOWN_MARKS)}+${40 - MAX_SHOWN_MARKS} marksy`)
  })

  it('is atomic: the cursor steps over the fold, and deleting from its end takes it whole', () => {
    const doc = `a${ACUTE.repeat(1000)}`
    const view = editor(doc)
    const start = 1 + MAX_SHOWN_MARKS
    const atomic: { from: number; to: number }[] = []
    for (const ranges of view.state.facet(EditorView.atomicRanges)) ranges(view).between(0, doc.length, (from, to) => void atomic.push({ from, to }))
    expect(atomic).toEqual([{ from: start, to: doc.length }])
    view.dispatch({ changes: { from: start, to: doc.length } })
    expect(view.state.doc.toString()).toBe(`a${ACUTE.repeat(MAX_SHOWN_MARKS)}`)
    expect(view.contentDOM.querySelectorAll('.cm-folded-marks')).toHaveLength(0)
  })

  it('folds a whole run even when the view draws only part of its line', () => {
    // In jsdom (as in a browser) a very long line is drawn only in part: the count is still the run's.
    const view = editor(`a${ACUTE.repeat(300_000)}`, 0)
    expect(view.contentDOM.querySelector('.cm-folded-marks')!.textContent).toBe(`+${(300_000 - MAX_SHOWN_MARKS).toLocaleString('en')} marks`)
  })

  it('follows edits: a run typed longer is folded, one cut short is shown whole', () => {
    const view = editor(`a${ACUTE.repeat(MAX_SHOWN_MARKS)}`)
    expect(view.contentDOM.querySelectorAll('.cm-folded-marks')).toHaveLength(0)
    view.dispatch({ changes: { from: view.state.doc.length, insert: ACUTE.repeat(5) } })
    expect(view.contentDOM.querySelector('.cm-folded-marks')!.textContent).toBe('+5 marks')
    view.dispatch({ changes: { from: 1, to: 10 } })
    expect(view.contentDOM.querySelectorAll('.cm-folded-marks')).toHaveLength(0)
  })
  it('folds the runs of a paste of many lines: its ends at once, its middle in later tasks', async () => {
    const view = editor('start\n', 0)
    const lines = Array.from({ length: 30_000 }, (_, i) => `line ${i}`)
    lines[15_000] = `m${ACUTE.repeat(50)}`
    lines[29_990] = `e${ACUTE.repeat(60)}`
    view.dispatch({ changes: { from: view.state.doc.length, insert: lines.join('\n') } })
    const folded = () => {
      const found: number[] = []
      view.state.field(markFolds).folds.between(0, view.state.doc.length, (from, to) => void found.push(view.state.doc.lineAt(from).number, to - from))
      return found
    }
    // The end of the paste (where the cursor and the view are) is scanned in the paste's transaction.
    expect(folded()).toEqual([29_992, 60 - MAX_SHOWN_MARKS])
    // An edit before the middle is scanned meanwhile moves what is left to scan.
    view.dispatch({ changes: { from: 0, insert: 'new first line\n' } })
    await vi.waitFor(() => expect(view.state.field(markFolds).unscanned).toEqual([]))
    expect(folded()).toEqual([15_003, 50 - MAX_SHOWN_MARKS, 29_993, 60 - MAX_SHOWN_MARKS])
  })
})
