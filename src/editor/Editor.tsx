/**
 * The Markdown editor: CodeMirror, uncontrolled. The text lives in the editor only; React
 * gives it the initial text once (the component is keyed by document) and hears about
 * changes through a stable `onUpdate`, never by passing the text back in.
 */
import { EditorSelection } from '@codemirror/state'
import type { EditorView, ViewUpdate } from '@codemirror/view'
import CodeMirror from '@uiw/react-codemirror'
import { memo, useCallback, useEffect, useMemo, useRef } from 'react'
import { countLines } from '../util/count-lines.js'
import { BASIC_SETUP, editorExtensions } from './extensions.js'

export interface EditorProps {
  initialText: string
  initialCursor: { anchor: number; head: number }
  dark: boolean
  /** Called for every update (document, selection, viewport); must be cheap. */
  onUpdate: (update: ViewUpdate) => void
  onReady: (view: EditorView | null) => void
  /** Image files pasted or dropped at a document position. */
  onFiles: (files: File[], position: number) => void
}

function EditorComponent({ initialText, initialCursor, dark, onUpdate, onReady, onFiles }: EditorProps) {
  // Once per editor (a new document mounts a new one): the language depends on the size it opens with.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const extensions = useMemo(() => editorExtensions({ length: initialText.length, lines: 1 + countLines(initialText) }), [])
  const viewRef = useRef<EditorView | null>(null)
  const host = useRef<HTMLDivElement>(null)
  const latest = useRef({ onUpdate, onReady, onFiles })
  latest.current = { onUpdate, onReady, onFiles }

  const handleUpdate = useCallback((update: ViewUpdate) => latest.current.onUpdate(update), [])
  const handleCreate = useCallback(
    (view: EditorView) => {
      viewRef.current = view
      const length = view.state.doc.length
      const clamp = (n: number) => Math.max(0, Math.min(length, n))
      view.dispatch({ selection: EditorSelection.single(clamp(initialCursor.anchor), clamp(initialCursor.head)), scrollIntoView: true })
      latest.current.onReady(view)
    },
    // The cursor is only read when the editor is created.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  )

  useEffect(
    () => () => {
      viewRef.current = null
      latest.current.onReady(null)
    },
    [],
  )

  // Pasted and dropped files never reach CodeMirror (it would insert their names as text).
  useEffect(() => {
    const element = host.current
    if (!element) return
    const images = (list: FileList | null | undefined) => [...(list ?? [])].filter((file) => file.type.startsWith('image/'))
    const onPaste = (event: ClipboardEvent) => {
      const files = images(event.clipboardData?.files)
      const view = viewRef.current
      if (files.length === 0 || !view) return
      event.preventDefault()
      event.stopPropagation()
      latest.current.onFiles(files, view.state.selection.main.head)
    }
    const onDrop = (event: DragEvent) => {
      // Any file but an image — a Markdown or Word document, a bibliography or style — goes to the
      // window's drop handler, which this lets the event reach (it opens documents and stores
      // citation files), not into the text: CodeMirror skips a drop whose default is prevented,
      // and would otherwise insert the file's content as well.
      if ([...(event.dataTransfer?.files ?? [])].some((file) => !file.type.startsWith('image/'))) {
        event.preventDefault()
        return
      }
      const files = images(event.dataTransfer?.files)
      const view = viewRef.current
      if (files.length === 0 || !view) return
      event.preventDefault()
      event.stopPropagation()
      const position = view.posAtCoords({ x: event.clientX, y: event.clientY }) ?? view.state.selection.main.head
      latest.current.onFiles(files, position)
    }
    element.addEventListener('paste', onPaste, true)
    element.addEventListener('drop', onDrop, true)
    return () => {
      element.removeEventListener('paste', onPaste, true)
      element.removeEventListener('drop', onDrop, true)
    }
  }, [])

  return (
    <div className="editor" data-testid="editor" ref={host}>
      <CodeMirror
        value={initialText}
        height="100%"
        theme={dark ? 'dark' : 'light'}
        basicSetup={BASIC_SETUP}
        extensions={extensions}
        onUpdate={handleUpdate}
        onCreateEditor={handleCreate}
        // Not focused at load: a Tab pressed to reach the page's controls would indent the
        // text. A click, the skip link or Go to the editor (Ctrl+Alt+E) focuses it.
      />
    </div>
  )
}

/** Re-renders only when the theme changes; a new document mounts a new editor (keyed by the caller). */
export const Editor = memo(EditorComponent, (a, b) => a.dark === b.dark)
