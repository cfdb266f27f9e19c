/**
 * Which document is shown, and the document list's actions: start (the last document, or the
 * sample on a first visit; in memory when storage fails), open, new, delete, rename. Each
 * document shown starts the parts that hold per-document state afresh (`onShow`).
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react'
import { deleteDocument, listDocuments, updateDocument, type DocumentSummary } from '../../storage/documents.js'
import { createAndOpen, memoryDocument, openById, SAMPLE_NAME, SAMPLE_TEXT, startDocument, type OpenDocument } from '../session.js'

export interface SessionOptions {
  current: RefObject<OpenDocument | null>
  setDoc: (doc: OpenDocument) => void
  documents: readonly DocumentSummary[]
  refreshList: () => void
  storageFailed: (error: unknown) => void
  /** A document is about to be shown: whatever belongs to the previous one starts afresh. */
  onShow: (next: OpenDocument) => void
}

export interface SessionState {
  /** The editor is remounted for another document, not when this tab's edits move into a copy. */
  editorKey: string
  openDocument: (id: string) => Promise<void>
  newDocument: (name: string, text: string, images?: { path: string; bytes: Uint8Array }[], handle?: FileSystemFileHandle) => Promise<void>
  removeDocument: (id: string) => Promise<void>
  rename: (name: string) => Promise<void>
}

export function useSession({ current, setDoc, documents, refreshList, storageFailed, onShow }: SessionOptions): SessionState {
  const [editorKey, setEditorKey] = useState('')
  const onShowLatest = useRef(onShow)
  onShowLatest.current = onShow

  /** Shows a document: a fresh journal, a fresh preview, its images. */
  const show = useCallback(
    (next: OpenDocument) => {
      onShowLatest.current(next)
      setEditorKey(next.id)
      setDoc(next)
      refreshList()
    },
    [refreshList, setDoc],
  )

  // Start: once per app instance: StrictMode runs this effect twice in development, and a
  // second start on a first visit would create a second sample.
  const starting = useRef<Promise<OpenDocument> | null>(null)
  useEffect(() => {
    let cancelled = false
    starting.current ??= startDocument()
    starting.current.then(
      (start) => {
        if (!cancelled) show(start)
      },
      (error: unknown) => {
        if (cancelled) return
        storageFailed(error)
        show(memoryDocument(SAMPLE_NAME, SAMPLE_TEXT))
      },
    )
    return () => {
      cancelled = true
    }
  }, [show, storageFailed])

  const openDocument = useCallback(
    async (id: string) => {
      if (id === current.current?.id) return
      try {
        const next = await openById(id)
        if (next) show(next)
      } catch (error) {
        storageFailed(error)
      }
    },
    [current, show, storageFailed],
  )

  const newDocument = useCallback(
    async (name: string, text: string, images: { path: string; bytes: Uint8Array }[] = [], handle?: FileSystemFileHandle) => {
      try {
        show(await createAndOpen(name, text, images, handle))
      } catch (error) {
        storageFailed(error)
        show(memoryDocument(name, text))
      }
    },
    [show, storageFailed],
  )

  const removeDocument = useCallback(
    async (id: string) => {
      const target = documents.find((entry) => entry.id === id)
      if (!window.confirm(`Delete “${target?.name ?? 'this document'}” and its images from this browser? This cannot be undone.`)) return
      try {
        await deleteDocument(id)
        if (id === current.current?.id) {
          const rest = (await listDocuments()).filter((entry) => entry.id !== id)
          if (rest[0]) await openDocument(rest[0].id)
          else await newDocument(SAMPLE_NAME, SAMPLE_TEXT)
        }
        refreshList()
      } catch (error) {
        storageFailed(error)
      }
    },
    [current, documents, newDocument, openDocument, refreshList, storageFailed],
  )

  const rename = useCallback(
    async (name: string) => {
      const opened = current.current
      if (!opened) return
      setDoc({ ...opened, name })
      if (opened.persisted) {
        await updateDocument(opened.id, { name }).catch(storageFailed)
        refreshList()
      }
    },
    [current, refreshList, setDoc, storageFailed],
  )

  return { editorKey, openDocument, newDocument, removeDocument, rename }
}
