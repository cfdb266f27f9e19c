/**
 * A workaround for a bug in @codemirror/view 6.43.15 (the newest release): a click can land on
 * a line whose tiles the view has not drawn yet — seen in Chromium right after pasting a
 * 10 000-deep HTML block, when the viewport's line is replaced while the click is handled —
 * and its mouse handler then throws (`posAndSideAtCoords` → `scanTile` reads `.length` of a
 * missing tile), so the click does nothing and an uncaught error reaches the page.
 *
 * This style provider asks the same question first; only when that throws does it take over
 * the click, placing the cursor at the start of the line under the pointer (found from the
 * height map, which needs no drawn tiles). Otherwise it returns null and CodeMirror's own
 * selection behaviour runs unchanged. Remove it once CodeMirror handles the case.
 */
import { EditorSelection } from '@codemirror/state'
import { EditorView, type MouseSelectionStyle } from '@codemirror/view'

function lineStartAt(view: EditorView, clientY: number): number {
  const height = Math.max(0, Math.min(view.contentHeight, clientY - view.documentTop))
  return Math.min(view.state.doc.length, view.lineBlockAtHeight(height).from)
}

function fallbackStyle(view: EditorView, event: MouseEvent): MouseSelectionStyle | null {
  if (event.button !== 0) return null
  try {
    view.posAndSideAtCoords({ x: event.clientX, y: event.clientY }, false)
    return null
  } catch {
    const anchor = lineStartAt(view, event.clientY)
    return {
      get: (current, extend) => {
        const head = lineStartAt(view, current.clientY)
        return EditorSelection.single(extend ? view.state.selection.main.anchor : anchor, head)
      },
      update: () => false,
    }
  }
}

/** The extension (with the editor's other extensions). */
export const safeMouseSelection = EditorView.mouseSelectionStyle.of(fallbackStyle)
