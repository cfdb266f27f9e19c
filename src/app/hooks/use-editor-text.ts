/**
 * Where the editor's text goes. Every change is journaled at once and handed to the worker
 * client as an edit (the worker keeps its own copy of the text, read whole from the editor only
 * when it must be sent whole; a paste in pieces is rendered after its last piece); typing makes
 * the editor lead the scroll. A newly mounted view
 * marks the messages and asks for a render.
 */
import type { EditorView, ViewUpdate } from '@codemirror/view'
import { useCallback, type RefObject } from 'react'
import { pasteInProgress } from '../../editor/large-paste.js'
import { changeEdits } from '../../model/text-edit.js'
import type { WorkerClient } from '../../worker/client.js'
import type { OpenDocument } from '../session.js'
import type { EditorViewRefs } from './use-editor-view.js'
import type { Pane } from './use-scroll-sync.js'

export interface EditorTextOptions {
  editor: EditorViewRefs
  current: RefObject<OpenDocument | null>
  client: RefObject<WorkerClient | null>
  /** Journals the update (use-journal.ts). */
  track: (update: ViewUpdate) => void
  onScroll: (source: Pane) => void
  editorLeads: () => void
  markMessages: (editor: EditorView) => void
}

export interface EditorTextState {
  /** The editor's callbacks (stable). */
  onReady: (view: EditorView | null) => void
  onUpdate: (update: ViewUpdate) => void
  /** Asks the worker to render the text as it is (after images changed, a new view). Stable. */
  requestRender: () => void
}

export function useEditorText({ editor, current, client, track, onScroll, editorLeads, markMessages }: EditorTextOptions): EditorTextState {
  const requestRender = useCallback(() => {
    const opened = current.current
    const view = editor.view.current
    if (!opened || !view) return
    client.current?.render(opened.id, () => (editor.view.current ?? view).state.doc.toString())
  }, [client, current, editor])

  const onReady = useCallback(
    (view: EditorView | null) => {
      editor.view.current = view
      editor.viewFor.current = view ? (current.current?.id ?? null) : null
      if (!view) return
      view.scrollDOM.addEventListener('scroll', () => onScroll('editor'), { passive: true })
      markMessages(view)
      requestRender()
    },
    [current, editor, markMessages, onScroll, requestRender],
  )

  const onUpdate = useCallback(
    (update: ViewUpdate) => {
      track(update)
      if (!update.docChanged) return
      editorLeads()
      const opened = current.current
      // A paste in pieces (editor/large-paste.ts) is rendered once it is all in.
      if (opened) client.current?.edit(opened.id, changeEdits(update.changes), () => (editor.view.current ?? update.view).state.doc.toString(), !pasteInProgress(update.view))
    },
    [client, current, editor, editorLeads, track],
  )

  return { onReady, onUpdate, requestRender }
}
