/**
 * The CodeMirror view the editor pane mounts, shared by the hooks that read or move its text.
 * The editor is uncontrolled: the view, not React state, holds the text.
 */
import type { EditorView } from '@codemirror/view'
import { useCallback, useMemo, useRef, type RefObject } from 'react'

export interface EditorViewRefs {
  /** The mounted view (null between documents). */
  view: RefObject<EditorView | null>
  /** The document the view shows: the previous document's view lingers until React swaps it. */
  viewFor: RefObject<string | null>
  /** A stable reader of `view`, for components (the formatting toolbar). */
  getView: () => EditorView | null
}

export function useEditorView(): EditorViewRefs {
  const view = useRef<EditorView | null>(null)
  const viewFor = useRef<string | null>(null)
  const getView = useCallback(() => view.current, [])
  return useMemo(() => ({ view, viewFor, getView }), [getView])
}
