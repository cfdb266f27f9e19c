/**
 * The editor's half of scroll sync: which (fractional) source line is at the top of the
 * editor, and scrolling so that a given line is. Wrapped lines count as one source line.
 */
import { EditorSelection } from '@codemirror/state'
import { EditorView } from '@codemirror/view'

/** Offset of the document's top inside the scroller's content (the editor's top padding). */
function documentOffset(view: EditorView): number {
  return view.documentTop - view.scrollDOM.getBoundingClientRect().top + view.scrollDOM.scrollTop
}

export function topLine(view: EditorView): number {
  const height = view.scrollDOM.scrollTop - documentOffset(view)
  if (height <= 0) return 1
  const block = view.lineBlockAtHeight(height)
  const line = view.state.doc.lineAt(block.from).number
  const fraction = block.height > 0 ? Math.min(1, Math.max(0, (height - block.top) / block.height)) : 0
  return line + fraction
}

/** Scrolls so that the fractional `line` is at the top; returns the scrollTop set. */
export function scrollToLine(view: EditorView, line: number): number {
  const { doc } = view.state
  const whole = Math.min(doc.lines, Math.max(1, Math.floor(line)))
  const block = view.lineBlockAt(doc.line(whole).from)
  const top = Math.max(0, block.top + (line - whole) * block.height + documentOffset(view))
  view.scrollDOM.scrollTop = top
  return view.scrollDOM.scrollTop
}

/** Puts the cursor at the start of a source line, scrolls it into view and focuses the editor. */
export function goToLine(view: EditorView, line: number): void {
  const { doc } = view.state
  const target = doc.line(Math.min(doc.lines, Math.max(1, Math.round(line))))
  view.dispatch({ selection: EditorSelection.cursor(target.from), effects: EditorView.scrollIntoView(target.from, { y: 'start', yMargin: 40 }) })
  view.focus()
}
