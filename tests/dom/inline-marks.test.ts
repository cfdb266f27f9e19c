/**
 * Bold, italic, strikethrough and code as toggles on a real CodeMirror view with the app's
 * Markdown language: pressed again right after formatted text, inside it, or on part of it,
 * they never leave a stray delimiter — each result is checked by parsing it with the app's
 * own parser and finding no `*`, `_` or `~` left as text.
 */
import { markdown, markdownLanguage } from '@codemirror/lang-markdown'
import { EditorSelection, EditorState } from '@codemirror/state'
import { EditorView } from '@codemirror/view'
import type { Root } from 'mdast'
import { toString } from 'mdast-util-to-string'
import { describe, expect, it } from 'vitest'
import { toggleBold, toggleCode, toggleItalic, toggleStrikethrough } from '../../src/editor/commands.js'
import { createMarkdownProcessor } from '../../src/markdown/processor.js'
import { editorViews } from './setup.js'

const keep = editorViews()

/** A view with `|` marking the caret or `[` `]` the selection, with the editor's Markdown language. */
function editor(text: string): EditorView {
  const from = text.indexOf('[')
  const to = text.indexOf(']')
  const cursor = text.indexOf('|')
  const doc = text.replace(/[[\]|]/g, '')
  const selection = from >= 0 ? EditorSelection.single(from, to - 1) : EditorSelection.cursor(Math.max(0, cursor))
  const view = new EditorView({ state: EditorState.create({ doc, selection, extensions: [markdown({ base: markdownLanguage })] }), parent: document.body })
  keep(view)
  return view
}

/** The text with the selection marked as `editor` reads it. */
function marked(view: EditorView): string {
  const { from, to } = view.state.selection.main
  const doc = view.state.doc.toString()
  return from === to ? `${doc.slice(0, from)}|${doc.slice(from)}` : `${doc.slice(0, from)}[${doc.slice(from, to)}]${doc.slice(to)}`
}

const processor = createMarkdownProcessor()
/** The text as the preview and the export read it: no delimiter may be left over as text. */
function plainText(markdownText: string): string {
  return toString(processor.runSync(processor.parse(markdownText)) as Root)
}

function type(view: EditorView, text: string): void {
  const { from, to } = view.state.selection.main
  view.dispatch({ changes: { from, to, insert: text }, selection: EditorSelection.cursor(from + text.length) })
}

describe('inline toggles', () => {
  it('bold, type, bold again, type: the second part is plain and nothing is stray', () => {
    const view = editor('Say |')
    toggleBold(view)
    expect(marked(view)).toBe('Say **[bold text]**')
    type(view, 'hello')
    toggleBold(view)
    expect(marked(view)).toBe('Say **hello**|')
    type(view, ' world')
    expect(view.state.doc.toString()).toBe('Say **hello** world')
    expect(plainText(view.state.doc.toString())).toBe('Say hello world')
  })

  it('right after bold text, Ctrl+B goes back into it instead of adding delimiters', () => {
    const view = editor('**bold**| then')
    toggleBold(view)
    expect(marked(view)).toBe('**bold|** then')
    type(view, 'er')
    expect(view.state.doc.toString()).toBe('**bolder** then')
    // Just before a bold span, the same.
    const before = editor('x |**bold**')
    toggleBold(before)
    expect(marked(before)).toBe('x **|bold**')
  })

  it('a caret inside bold text makes the span plain, as Word does with a word', () => {
    const view = editor('a **he|llo** b')
    toggleBold(view)
    expect(marked(view)).toBe('a he|llo b')
  })

  it('a selection inside bold text loses the bold: split, or the span shrinks', () => {
    expect(marked(toggled('**he[ll]o**', toggleBold))).toBe('**he**[ll]**o**')
    expect(marked(toggled('**hel[lo]**', toggleBold))).toBe('**hel**[lo]')
    expect(marked(toggled('**[he]llo**', toggleBold))).toBe('[he]**llo**')
    expect(marked(toggled('**[hello]**', toggleBold))).toBe('[hello]')
    expect(marked(toggled('[**hello**]', toggleBold))).toBe('[hello]')
    // A span written with underscores is split with asterisks (`_` does not close inside a word).
    expect(marked(toggled('__he[ll]o__', toggleBold))).toBe('**he**[ll]**o**')
    for (const text of ['**he**ll**o**', '**hel**lo', 'he**llo**']) expect(plainText(text)).toBe(text.replace(/\*/g, ''))
  })

  it('a selection partly bold, or holding bold, becomes one bold span', () => {
    expect(marked(toggled('**he[llo** wor]ld', toggleBold))).toBe('**he[llo wor]**ld')
    expect(marked(toggled('[a **b** c]', toggleBold))).toBe('**[a b c]**')
    expect(marked(toggled('x [plain] y', toggleBold))).toBe('x **[plain]** y')
  })

  it('italic and bold nest instead of undoing each other', () => {
    const view = editor('**[word]**')
    toggleItalic(view)
    expect(marked(view)).toBe('***[word]***')
    expect(plainText(view.state.doc.toString())).toBe('word')
    toggleItalic(view)
    expect(marked(view)).toBe('**[word]**')
    toggleBold(view)
    expect(marked(view)).toBe('[word]')
    // Italic off inside bold-italic leaves the bold.
    expect(marked(toggled('***[both]***', toggleBold))).toBe('*[both]*')
  })

  it('right after text of the other style, the new span reads as its own', () => {
    const afterItalic = toggled('*italic*|', toggleBold)
    expect(plainText(afterItalic.state.doc.toString())).toBe('italicbold text')
    expect(afterItalic.state.sliceDoc(afterItalic.state.selection.main.from, afterItalic.state.selection.main.to)).toBe('bold text')
    const afterBold = toggled('**bold**|', toggleItalic)
    expect(plainText(afterBold.state.doc.toString())).toBe('bolditalic text')
    // Where `**` would run into the delimiters before it, `__` is used.
    expect(marked(toggled('**hello**[world]', toggleBold))).toBe('**hello**__[world]__')
    expect(plainText('**hello**__world__')).toBe('helloworld')
  })

  it('italic steps out at the end of its span too; strikethrough and code toggle off', () => {
    expect(marked(toggled('*it|*', toggleItalic))).toBe('*it*|')
    expect(marked(toggled('~~[gone]~~', toggleStrikethrough))).toBe('[gone]')
    expect(marked(toggled('run `np|m`', toggleCode))).toBe('run np|m')
    expect(marked(toggled('run `npm|`', toggleCode))).toBe('run `npm`|')
  })

  it('never leaves stray delimiters, whatever is toggled twice', () => {
    const cases = ['**a|**', '**a**|', '|**a**', '**a|b**', '*a|*', '*a*|', 'x **a** [y] **b** z', '**a** |**b**', '[**a** b]', '**[a] b**', '**a [b]**', '***a|***']
    for (const start of cases) {
      for (const first of [toggleBold, toggleItalic]) {
        for (const second of [toggleBold, toggleItalic]) {
          const view = toggled(start, first)
          second(view)
          const text = view.state.doc.toString()
          // Placeholders aside, the letters are all that is left when read as Markdown.
          expect(plainText(text).replace(/bold text|italic text/g, ''), `${start} then ${first === toggleBold ? 'B' : 'I'}, ${second === toggleBold ? 'B' : 'I'}: ${text}`).not.toMatch(/[*_]/)
        }
      }
    }
  })
})

function toggled(text: string, command: (view: EditorView) => boolean): EditorView {
  const view = editor(text)
  command(view)
  return view
}
