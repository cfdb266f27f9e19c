/**
 * The editor pane: the formatting toolbar (its image button picks files through a hidden
 * input) above the editor of the shown document.
 */
import type { EditorView, ViewUpdate } from '@codemirror/view'
import { useCallback, useRef } from 'react'
import { Editor } from '../editor/Editor.js'
import type { OpenDocument } from './session.js'
import { Toolbar } from './Toolbar.js'

export interface EditorPaneProps {
  doc: OpenDocument | null
  /** The editor is remounted when this changes (another document), not when the document's id does (a fork). */
  editorKey: string
  dark: boolean
  getView: () => EditorView | null
  onUpdate: (update: ViewUpdate) => void
  onReady: (view: EditorView | null) => void
  /** Image files picked, pasted or dropped (at a document position). */
  onImages: (files: File[], position?: number) => void
}

export function EditorPane({ doc, editorKey, dark, getView, onUpdate, onReady, onImages }: EditorPaneProps) {
  const imageInput = useRef<HTMLInputElement>(null)
  const onImageButton = useCallback(() => imageInput.current?.click(), [])
  return (
    <section className="editor-pane" aria-label="Editor">
      <Toolbar view={getView} onImage={onImageButton} />
      <input
        ref={imageInput}
        type="file"
        accept="image/*"
        multiple
        className="visually-hidden"
        tabIndex={-1}
        aria-label="Insert image"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])]
          event.target.value = ''
          onImages(files)
        }}
      />
      {doc && <Editor key={editorKey || doc.id} initialText={doc.text} initialCursor={doc.cursor} dark={dark} onUpdate={onUpdate} onReady={onReady} onFiles={onImages} />}
    </section>
  )
}
