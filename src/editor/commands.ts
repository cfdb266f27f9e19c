/**
 * Formatting commands for the toolbar and the keyboard: each edits the Markdown source the
 * way a person would type it, as one undoable transaction.
 */
import { EditorSelection, type ChangeSpec, type EditorState, type Line } from '@codemirror/state'
import type { EditorView } from '@codemirror/view'
import { BOLD, INLINE_CODE, ITALIC, STRIKETHROUGH, toggleStyle } from './inline-marks.js'

export type Command = (view: EditorView) => boolean

/** Bold, italic and strikethrough toggle the way Word's do (inline-marks.ts). */
export const toggleBold: Command = (view) => toggleStyle(view, BOLD)
export const toggleItalic: Command = (view) => toggleStyle(view, ITALIC)
export const toggleStrikethrough: Command = (view) => toggleStyle(view, STRIKETHROUGH)

/** Inline code for a selection within one line; a fenced block for several lines. */
export const toggleCode: Command = (view) => {
  const { state } = view
  const main = state.selection.main
  if (state.doc.lineAt(main.from).number === state.doc.lineAt(main.to).number) return toggleStyle(view, INLINE_CODE)
  const first = state.doc.lineAt(main.from)
  const last = state.doc.lineAt(main.to)
  view.dispatch({
    changes: [
      { from: first.from, insert: '```\n' },
      { from: last.to, insert: '\n```' },
    ],
    scrollIntoView: true,
    userEvent: 'input.format',
  })
  view.focus()
  return true
}

/** The lines the selection touches, each once. */
function selectedLines(state: EditorState): Line[] {
  const lines: Line[] = []
  let last = -1
  for (const range of state.selection.ranges) {
    for (let n = state.doc.lineAt(range.from).number; n <= state.doc.lineAt(range.to).number; n++) {
      if (n > last) {
        lines.push(state.doc.line(n))
        last = n
      }
    }
  }
  return lines
}

function editLines(view: EditorView, edit: (line: Line, index: number, all: Line[]) => ChangeSpec | undefined): boolean {
  const lines = selectedLines(view.state)
  const changes = lines.map((line, index) => edit(line, index, lines)).filter((change): change is ChangeSpec => change !== undefined)
  view.dispatch({ changes, scrollIntoView: true, userEvent: 'input.format' })
  view.focus()
  return true
}

const HEADING = /^(#{1,6})[ \t]+/

/** Sets the lines to heading `level`; the same level again makes them body text. */
export function setHeading(level: number): Command {
  return (view) =>
    editLines(view, (line) => {
      const match = HEADING.exec(line.text)
      const current = match?.[1]?.length ?? 0
      const insert = current === level ? '' : `${'#'.repeat(level)} `
      return { from: line.from, to: line.from + (match?.[0].length ?? 0), insert }
    })
}

/** Heading 1 → 2 → … → 6 → body text → 1, for the single toolbar button. */
export const cycleHeading: Command = (view) => {
  const line = view.state.doc.lineAt(view.state.selection.main.head)
  const current = HEADING.exec(line.text)?.[1]?.length ?? 0
  return setHeading(current >= 6 ? current : current + 1)(view)
}

const QUOTE = /^>[ ]?/

export const toggleQuote: Command = (view) => {
  const lines = selectedLines(view.state)
  const quoted = lines.every((line) => QUOTE.test(line.text) || line.text.trim() === '')
  return editLines(view, (line) => {
    if (quoted) {
      const match = QUOTE.exec(line.text)
      return match ? { from: line.from, to: line.from + match[0].length } : undefined
    }
    return { from: line.from, insert: line.text.trim() === '' ? '>' : '> ' }
  })
}

export type ListKind = 'bullet' | 'ordered' | 'task'

const LIST_MARKER = /^(\s*)(?:[-*+]|\d{1,9}[.)])(?:[ \t]+\[[ xX]\])?[ \t]+/

/** Makes the lines items of a `kind` list, or plain paragraphs when they already are. */
export function toggleList(kind: ListKind): Command {
  return (view) => {
    const lines = selectedLines(view.state).filter((line) => line.text.trim() !== '')
    const markerOf = (text: string) => LIST_MARKER.exec(text)
    const isKind = (text: string) => {
      const match = markerOf(text)
      if (!match) return false
      const marker = match[0].trim()
      if (kind === 'task') return /\[[ xX]\]$/.test(marker)
      if (/\[[ xX]\]$/.test(marker)) return false
      return kind === 'ordered' ? /^\d/.test(marker) : /^[-*+]/.test(marker)
    }
    const remove = lines.length > 0 && lines.every((line) => isKind(line.text))
    let n = 0
    return editLines(view, (line) => {
      if (line.text.trim() === '' && lines.length > 0) return undefined
      const match = markerOf(line.text)
      const indent = match?.[1] ?? /^\s*/.exec(line.text)?.[0] ?? ''
      const end = line.from + (match ? match[0].length : indent.length)
      if (remove) return { from: line.from + indent.length, to: end }
      n++
      const marker = kind === 'ordered' ? `${n}. ` : kind === 'task' ? '- [ ] ' : '- '
      return { from: line.from + indent.length, to: end, insert: marker }
    })
  }
}

/** `[text](url)` around the selection, with the URL placeholder selected to type over. */
export const insertLink: Command = (view) => {
  const { state } = view
  const transaction = state.changeByRange((range) => {
    const text = state.sliceDoc(range.from, range.to) || 'link text'
    const looksLikeUrl = /^(https?:\/\/|mailto:)\S+$/i.test(text)
    const label = looksLikeUrl ? 'link text' : text
    const url = looksLikeUrl ? text : 'https://'
    const insert = `[${label}](${url})`
    const urlFrom = range.from + label.length + 3
    return { changes: { from: range.from, to: range.to, insert }, range: looksLikeUrl ? EditorSelection.range(range.from + 1, range.from + 1 + label.length) : EditorSelection.range(urlFrom, urlFrom + url.length) }
  })
  view.dispatch(state.update(transaction, { scrollIntoView: true, userEvent: 'input.format' }))
  view.focus()
  return true
}

/** Text to insert at `pos` so that `block` stands alone as a block (blank lines around it). */
function asBlock(state: EditorState, pos: number, block: string): { insert: string; offset: number } {
  const line = state.doc.lineAt(pos)
  const before = line.text.trim() === '' ? (line.number > 1 && state.doc.line(line.number - 1).text.trim() !== '' ? '\n' : '') : '\n\n'
  const after = '\n\n'
  return { insert: `${before}${block}${after}`, offset: before.length }
}

export const insertTable: Command = (view) => {
  const { state } = view
  const at = state.doc.lineAt(state.selection.main.head).to
  const table = '| Column 1 | Column 2 | Column 3 |\n| :------- | :------: | -------: |\n| Left     | Centre   | Right    |\n| Text     | Text     | Text     |'
  const { insert, offset } = asBlock(state, at, table)
  view.dispatch({ changes: { from: at, insert }, selection: EditorSelection.range(at + offset + 2, at + offset + 10), scrollIntoView: true, userEvent: 'input.format' })
  view.focus()
  return true
}

/** `![alt](path)` at the cursor (or each selection), e.g. after an image was stored. */
export function insertImageLink(view: EditorView, path: string, alt: string, at?: number): void {
  const pos = at ?? view.state.selection.main.head
  const safeAlt = alt.replace(/[[\]\\]/g, '').replace(/\.[a-z0-9]+$/i, '')
  const target = /[\s()<>]/.test(path) ? `<${path}>` : path
  const insert = `![${safeAlt}](${target})`
  view.dispatch({ changes: { from: pos, insert }, selection: EditorSelection.cursor(pos + insert.length), scrollIntoView: true, userEvent: 'input.paste' })
}
