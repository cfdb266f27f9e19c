/**
 * The trash: deleting a document only marks it (`trashedAt`), so an Undo, or the Trash list,
 * brings it back with its journal and images untouched. Documents are forgotten for good only
 * on "Empty trash" or once they have been in the trash for TRASH_DAYS.
 */
import { committed, openDatabase, promised, STORES, type DocumentRecord } from './db.js'
import { deleteDocument } from './documents.js'

/** How long a trashed document is kept. */
export const TRASH_DAYS = 30
const DAY_MS = 24 * 60 * 60 * 1000

export interface TrashedDocument {
  id: string
  name: string
  trashedAt: number
}

/** Marks a document as trashed (or, with `trashedAt` undefined, restores it); its text, journal and images stay. */
async function setTrashed(id: string, trashedAt: number | undefined): Promise<boolean> {
  const db = await openDatabase()
  const transaction = db.transaction(STORES.documents, 'readwrite')
  const store = transaction.objectStore(STORES.documents)
  const record = (await promised(store.get(id))) as DocumentRecord | undefined
  if (record) {
    const { trashedAt: _was, ...rest } = record
    store.put(trashedAt === undefined ? rest : { ...rest, trashedAt })
  }
  await committed(transaction)
  return record !== undefined
}

export function trashDocument(id: string, now: number = Date.now()): Promise<boolean> {
  return setTrashed(id, now)
}

export function restoreDocument(id: string): Promise<boolean> {
  return setTrashed(id, undefined)
}

/** The documents in the trash, most recently trashed first. */
export async function listTrash(): Promise<TrashedDocument[]> {
  const db = await openDatabase()
  const records = (await promised(db.transaction(STORES.documents, 'readonly').objectStore(STORES.documents).getAll())) as DocumentRecord[]
  return records
    .filter((record): record is DocumentRecord & { trashedAt: number } => record.trashedAt !== undefined)
    .map(({ id, name, trashedAt }) => ({ id, name, trashedAt }))
    .sort((a, b) => b.trashedAt - a.trashedAt)
}

/** Forgets trashed documents for good: all of them, or (with `now`) those trashed more than TRASH_DAYS before it. Returns how many. */
export async function emptyTrash(now?: number): Promise<number> {
  const cutoff = now === undefined ? Infinity : now - TRASH_DAYS * DAY_MS
  const expired = (await listTrash()).filter((entry) => entry.trashedAt <= cutoff)
  for (const entry of expired) await deleteDocument(entry.id)
  return expired.length
}
