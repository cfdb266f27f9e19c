/**
 * Enter on an empty last item of a top-level list ends the list with a blank line after it.
 *
 * Why: @codemirror/lang-markdown's Enter removes the empty item's marker and leaves the cursor
 * on the line right below the list, so the next thing typed there — a paragraph, a table — is a
 * lazy continuation of the last item (Markdown joins it to that item's paragraph): a person who
 * typed a list, pressed Enter twice and went on writing found their text swallowed by the
 * list, in the preview and in Word. On an empty second item it instead makes the list loose.
 * Here both become what word processors do: the list ends, a blank line follows, the cursor
 * stands on a fresh line. Nested items, items in quotes and items followed by more of the list
 * are left to CodeMirror (it dedents them one level, which is right there).
 */
import { syntaxTree } from '@codemirror/language'
import { EditorSelection } from '@codemirror/state'
import type { SyntaxNode } from '@lezer/common'
import type { EditorView } from '@codemirror/view'

/** A top-level list marker alone on its line (bullet, number, optional task box). */
const EMPTY_ITEM = /^(?:[-*+]|\d{1,9}[.)])(?:[ \t]+\[[ xX]\])?[ \t]*$/

export function endListOnEmptyItem(view: EditorView): boolean {
  const { state } = view
  const range = state.selection.main
  if (state.selection.ranges.length !== 1 || !range.empty) return false
  const line = state.doc.lineAt(range.head)
  if (range.head !== line.to || !EMPTY_ITEM.test(line.text)) return false
  // Only at the end of a list: the next line blank or absent.
  if (line.number < state.doc.lines && state.doc.line(line.number + 1).text.trim() !== '') return false
  // Only a real list item (not the inside of a fenced code block or front matter).
  let inItem = false
  for (let node: SyntaxNode | null = syntaxTree(state).resolveInner(line.from, 1); node; node = node.parent) {
    if (node.name === 'ListItem') inItem = true
    if (node.name === 'FencedCode' || node.name === 'CodeBlock' || node.name === 'Blockquote') return false
  }
  if (!inItem) return false
  // A blank line already before the item: CodeMirror's removal of the marker leaves one.
  const previous = line.number > 1 ? state.doc.line(line.number - 1).text : ''
  if (previous.trim() === '') return false
  view.dispatch({
    changes: { from: line.from, to: line.to, insert: state.lineBreak },
    selection: EditorSelection.cursor(line.from + state.lineBreak.length),
    scrollIntoView: true,
    userEvent: 'input',
  })
  return true
}
