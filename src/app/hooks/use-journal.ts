/**
 * The journal of the shown document: every edit is written to IndexedDB at once (and the
 * cursor after a pause), so nothing typed is lost on reload or crash. Only the tab holding the
 * document's lock writes (document-lock.ts); a tab whose document another tab holds says so,
 * and its first edit moves its text into a copy it then journals (fork.ts).
 */
import type { ViewUpdate } from '@codemirror/view'
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react'
import { finishPaste } from '../../editor/large-paste.js'
import { Journal } from '../../storage/journal.js'
import { lockDocument, type DocumentLock } from '../document-lock.js'
import { forkDocument } from '../fork.js'
import type { OpenDocument } from '../session.js'
import type { EditorViewRefs } from './use-editor-view.js'

/** A selection is journaled once it has rested this long (edits are journaled at once). */
const CURSOR_PAUSE_MS = 400

export interface JournalOptions {
  current: RefObject<OpenDocument | null>
  editor: EditorViewRefs
  setDoc: (doc: OpenDocument) => void
  refreshList: () => void
  storageFailed: (error: unknown) => void
}

export interface JournalState {
  /** Every edit so far is stored. */
  saved: boolean
  /** Another tab holds the shown document (this one does not write it). */
  elsewhere: boolean
  /** Set when this tab's edits went into a copy: the name of the document another tab holds. */
  forkedFrom: string | null
  dismissFork: () => void
  /** A document is shown: the journal of the last one closes, this one's opens once its lock is taken. Stable. */
  open: (next: OpenDocument) => void
  /** Journals an editor update (an edit at once, a cursor move after a pause). Stable. */
  track: (update: ViewUpdate) => void
}

export function useJournal({ current, editor, setDoc, refreshList, storageFailed }: JournalOptions): JournalState {
  const journal = useRef<Journal | null>(null)
  const lock = useRef<DocumentLock | null>(null)
  const [saved, setSaved] = useState(true)
  const [elsewhere, setElsewhere] = useState(false)
  const elsewhereRef = useRef(false)
  elsewhereRef.current = elsewhere
  const [forkedFrom, setForkedFrom] = useState<string | null>(null)
  const forking = useRef(false)
  const cursorTimer = useRef<ReturnType<typeof setTimeout>>(undefined)

  const open = useCallback(
    (next: OpenDocument) => {
      // A large paste still going in piece by piece goes in whole, into the document being left.
      const leaving = editor.view.current
      if (leaving) finishPaste(leaving)
      journal.current?.close()
      journal.current = null
      lock.current?.release()
      lock.current = null
      setElsewhere(false)
      elsewhereRef.current = false
      setForkedFrom(null)
      forking.current = false
      if (!next.persisted) return
      // Journal only once this tab holds the document; changes made before then are in the editor and the first entry's snapshot.
      void lockDocument(next.id).then((taken) => {
        if (current.current?.id !== next.id) return taken.release()
        lock.current = taken
        if (!taken.held) {
          elsewhereRef.current = true
          setElsewhere(true)
          return
        }
        const opened = new Journal(next.id, next.seq, storageFailed, () => setSaved(true))
        journal.current = opened
        // Edits made while the lock was being taken: a snapshot carries them.
        const view = editor.viewFor.current === next.id ? editor.view.current : null
        if (view && view.state.doc.toString() !== next.text) {
          const selection = view.state.selection.main
          opened.record(null, view.state.doc, { anchor: selection.anchor, head: selection.head })
          opened.snapshot()
        }
      })
    },
    [current, editor, storageFailed],
  )

  /**
   * The first edit in a tab whose document another tab holds: the text goes into a copy of the
   * document, which this tab then journals, so neither tab's typing replaces the other's (fork.ts).
   */
  const forkToCopy = useCallback(async () => {
    const opened = current.current
    const view = editor.view.current
    if (!opened || !view || forking.current) return
    forking.current = true
    const selection = view.state.selection.main
    try {
      const copy = await forkDocument(opened, view.state.doc.toString(), { anchor: selection.anchor, head: selection.head })
      if (current.current?.id !== opened.id) return
      const taken = await lockDocument(copy.id)
      if (current.current?.id !== opened.id) return taken.release()
      lock.current?.release()
      lock.current = taken
      const copied = new Journal(copy.id, copy.seq, storageFailed, () => setSaved(true))
      journal.current = copied
      // What was typed while the copy was being written: a snapshot carries it.
      const now = editor.view.current
      if (now && now.state.doc.toString() !== copy.text) {
        const head = now.state.selection.main
        copied.record(null, now.state.doc, { anchor: head.anchor, head: head.head })
        copied.snapshot()
      }
      editor.viewFor.current = copy.id
      elsewhereRef.current = false
      setElsewhere(false)
      setForkedFrom(opened.name)
      // The same editor goes on (the session's editor key is unchanged): only the document it saves into changes.
      setDoc({ ...copy, text: now?.state.doc.toString() ?? copy.text })
      refreshList()
    } catch (error) {
      forking.current = false
      storageFailed(error)
    }
  }, [current, editor, refreshList, setDoc, storageFailed])

  const track = useCallback(
    (update: ViewUpdate) => {
      const selection = update.state.selection.main
      const cursor = { anchor: selection.anchor, head: selection.head }
      if (update.docChanged) {
        clearTimeout(cursorTimer.current)
        setSaved(false)
        journal.current?.record(update.changes, update.state.doc, cursor)
        if (elsewhereRef.current) void forkToCopy()
      } else if (update.selectionSet) {
        clearTimeout(cursorTimer.current)
        cursorTimer.current = setTimeout(() => journal.current?.record(null, update.state.doc, cursor), CURSOR_PAUSE_MS)
      }
    },
    [forkToCopy],
  )

  // Flush the journal when the page is hidden or closed (a large paste still going in first goes in whole).
  useEffect(() => {
    const flush = () => {
      const view = editor.view.current
      if (view) finishPaste(view)
      journal.current?.close()
    }
    const onVisibility = () => document.visibilityState === 'hidden' && flush()
    window.addEventListener('pagehide', flush)
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      window.removeEventListener('pagehide', flush)
      document.removeEventListener('visibilitychange', onVisibility)
    }
  }, [editor])

  const dismissFork = useCallback(() => setForkedFrom(null), [])
  return { saved, elsewhere, forkedFrom, dismissFork, open, track }
}
