/**
 * Which document is shown, and the document list's actions: start (the last document, or the
 * sample on a first visit; in memory when storage fails), open, new, rename, and what is shown
 * after the shown document goes to the trash (use-trash.ts). Each
 * document shown starts the parts that hold per-document state afresh (`onShow`).
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react'
import { listDocuments, updateDocument } from '../../storage/documents.js'
import { createAndOpen, memoryDocument, openById, SAMPLE_NAME, SAMPLE_TEXT, startDocument, type NewDocumentOptions, type OpenDocument } from '../session.js'

export interface SessionOptions {
  current: RefObject<OpenDocument | null>
  setDoc: (doc: OpenDocument) => void
  refreshList: () => void
  storageFailed: (error: unknown) => void
  /** A document is about to be shown: whatever belongs to the previous one starts afresh. */
  onShow: (next: OpenDocument) => void
}

export interface SessionState {
  /** The editor is remounted for another document, not when this tab's edits move into a copy. */
  editorKey: string
  openDocument: (id: string) => Promise<void>
  newDocument: (name: string, text: string, images?: { path: string; bytes: Uint8Array; type?: string }[], options?: NewDocumentOptions) => Promise<void>
  /** Called after document `id` went to the trash: if it was shown, another one is. */
  showAnother: (id: string) => Promise<void>
  rename: (name: string) => Promise<void>
}

export function useSession({ current, setDoc, refreshList, storageFailed, onShow }: SessionOptions): SessionState {
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
    async (name: string, text: string, images: { path: string; bytes: Uint8Array; type?: string }[] = [], options: NewDocumentOptions = {}) => {
      try {
        show(await createAndOpen(name, text, images, options))
      } catch (error) {
        storageFailed(error)
        show(memoryDocument(name, text, options))
      }
    },
    [show, storageFailed],
  )

  /** The shown document went to the trash: show the most recent other one, or a fresh sample. */
  const showAnother = useCallback(
    async (id: string) => {
      if (id !== current.current?.id) return
      const rest = (await listDocuments()).filter((entry) => entry.id !== id)
      if (rest[0]) await openDocument(rest[0].id)
      else await newDocument(SAMPLE_NAME, SAMPLE_TEXT)
    },
    [current, newDocument, openDocument],
  )

  const rename = useCallback(
    async (name: string) => {
      const opened = current.current
      if (!opened) return
      // Named by the user: the name no longer follows the title.
      const { nameFollowsTitle: _followed, ...rest } = opened
      setDoc({ ...rest, name })
      if (opened.persisted) {
        await updateDocument(opened.id, { name, nameFollowsTitle: false }).catch(storageFailed)
        refreshList()
      }
    },
    [current, refreshList, setDoc, storageFailed],
  )

  return { editorKey, openDocument, newDocument, showAnother, rename }
}
