/**
 * Deleting without losing: a deleted document goes to the trash (storage/trash.ts) and a notice
 * offers Undo; the Trash list restores any of them, "Empty trash" forgets them for good, and
 * documents trashed more than TRASH_DAYS ago are forgotten when the app starts. No confirmation
 * dialog: nothing is lost, so there is nothing to confirm.
 */
import { useCallback, useEffect, useState } from 'react'
import { emptyTrash, listTrash, restoreDocument, trashDocument, type TrashedDocument } from '../../storage/trash.js'
import type { SessionState } from './use-session.js'

export interface TrashOptions {
  /** The name a document has in the list, for the notice. */
  nameOf: (id: string) => string | undefined
  session: Pick<SessionState, 'openDocument' | 'showAnother'>
  refreshList: () => void
  storageFailed: (error: unknown) => void
}

export interface TrashState {
  trashed: readonly TrashedDocument[]
  /** The document just deleted, for the "Deleted X — Undo" notice. */
  deleted: { id: string; name: string } | null
  remove: (id: string) => Promise<void>
  /** Brings a trashed document back and shows it. */
  restore: (id: string) => Promise<void>
  /** Undoes the last delete. */
  undo: () => Promise<void>
  dismiss: () => void
  empty: () => Promise<void>
}

export function useTrash({ nameOf, session, refreshList, storageFailed }: TrashOptions): TrashState {
  const [trashed, setTrashed] = useState<readonly TrashedDocument[]>([])
  const [deleted, setDeleted] = useState<{ id: string; name: string } | null>(null)
  const refreshTrash = useCallback(() => listTrash().then(setTrashed, storageFailed), [storageFailed])

  // Documents in the trash past their time are forgotten once per start.
  useEffect(() => {
    void emptyTrash(Date.now())
      .catch(() => 0)
      .then(refreshTrash)
  }, [refreshTrash])

  const { openDocument, showAnother } = session
  const remove = useCallback(
    async (id: string) => {
      try {
        if (!(await trashDocument(id))) return
        setDeleted({ id, name: nameOf(id) ?? 'the document' })
        await showAnother(id)
        refreshList()
        await refreshTrash()
      } catch (error) {
        storageFailed(error)
      }
    },
    [nameOf, refreshList, refreshTrash, showAnother, storageFailed],
  )

  const restore = useCallback(
    async (id: string) => {
      try {
        await restoreDocument(id)
        setDeleted((last) => (last?.id === id ? null : last))
        await openDocument(id)
        refreshList()
        await refreshTrash()
      } catch (error) {
        storageFailed(error)
      }
    },
    [openDocument, refreshList, refreshTrash, storageFailed],
  )

  const undo = useCallback(async () => {
    if (deleted) await restore(deleted.id)
  }, [deleted, restore])

  const empty = useCallback(async () => {
    try {
      await emptyTrash()
      setDeleted(null)
      await refreshTrash()
    } catch (error) {
      storageFailed(error)
    }
  }, [refreshTrash, storageFailed])

  const dismiss = useCallback(() => setDeleted(null), [])
  return { trashed, deleted, remove, restore, undo, dismiss, empty }
}
