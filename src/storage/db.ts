/**
 * The app's IndexedDB database: documents (metadata), their texts (the snapshot each journal
 * replays on), the keystroke journal, pasted images, and small settings. Opened once per page (and once in the worker).
 *
 * IndexedDB, not localStorage: it holds megabytes, binary images, and is available in workers.
 */
import type { ExportSettings } from '../model/export-settings.js'
import type { TextEdit } from '../model/text-edit.js'

export const DB_NAME = 'markdocx'
/**
 * 2: texts moved out of the document records into a store of their own. A snapshot read the
 * whole record to keep its metadata, and with the text in it that was a copy of the old text
 * (16 MB: about 60 ms of the page's thread) before writing the new one; listing the documents
 * read every text.
 */
const DB_VERSION = 2

export interface Cursor {
  anchor: number
  head: number
}

export interface DocumentRecord {
  id: string
  name: string
  /** The journal entry the stored text (STORES.texts, under the same id) is as of: entries after it are replayed on load. */
  seq: number
  cursor: Cursor
  createdAt: number
  updatedAt: number
  exportSettings?: ExportSettings
  /** Where the document was opened from or saved to, when the browser has the File System Access API. */
  fileHandle?: FileSystemFileHandle
  /** When it was moved to the trash (trash.ts); absent while it is in the document list. */
  trashedAt?: number
  /** True while the name follows the document's title (a new document the user has not renamed). */
  nameFollowsTitle?: boolean
}

export interface JournalEntry {
  documentId: string
  seq: number
  /** A CodeMirror ChangeSet as JSON (entries written before `edits`), or null: a cursor move, or a change in `edits`. */
  changes: unknown
  /**
   * The change as edits in order, each on the text the ones before it left (TextEdit), and
   * `textLength`, the length of the text before them. Inserted text is one string: a ChangeSet's
   * JSON holds an array of its lines, and 250 000 pasted lines took 50 ms to turn into one and write.
   */
  edits?: { textLength: number; edits: TextEdit[] }
  cursor: Cursor
}

export interface AssetRecord {
  documentId: string
  /** The path the Markdown uses, e.g. `images/diagram.png`. */
  path: string
  type: string
  bytes: ArrayBuffer
  width?: number
  height?: number
}

export const STORES = { documents: 'documents', texts: 'texts', journal: 'journal', assets: 'assets', settings: 'settings' } as const

let opening: Promise<IDBDatabase> | undefined

/** The database, opened on first use. Rejects where IndexedDB is unavailable or refused. */
export function openDatabase(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    if (typeof indexedDB === 'undefined') {
      reject(new Error('this browser has no IndexedDB'))
      return
    }
    const request = indexedDB.open(DB_NAME, DB_VERSION)
    request.onupgradeneeded = () => {
      const db = request.result
      if (!db.objectStoreNames.contains(STORES.documents)) db.createObjectStore(STORES.documents, { keyPath: 'id' })
      if (!db.objectStoreNames.contains(STORES.journal)) db.createObjectStore(STORES.journal, { keyPath: ['documentId', 'seq'] })
      if (!db.objectStoreNames.contains(STORES.assets)) db.createObjectStore(STORES.assets, { keyPath: ['documentId', 'path'] })
      if (!db.objectStoreNames.contains(STORES.settings)) db.createObjectStore(STORES.settings)
      if (!db.objectStoreNames.contains(STORES.texts)) moveTexts(db.createObjectStore(STORES.texts), request.transaction!.objectStore(STORES.documents))
    }
    request.onsuccess = () => {
      const db = request.result
      // Another tab upgrading the schema: let it, and reopen on next use.
      db.onversionchange = () => {
        db.close()
        opening = undefined
      }
      resolve(db)
    }
    request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'))
    request.onblocked = () => reject(new Error('IndexedDB is blocked by another tab'))
  })
  opening.catch(() => {
    opening = undefined
  })
  return opening
}

/** Version 1 kept each text in its document's record: the upgrade moves it to the texts store. */
function moveTexts(texts: IDBObjectStore, documents: IDBObjectStore): void {
  const request = documents.openCursor()
  request.onsuccess = () => {
    const cursor = request.result
    if (!cursor) return
    const { text, ...record } = cursor.value as DocumentRecord & { text?: string }
    if (text !== undefined) {
      texts.put(text, record.id)
      cursor.update(record)
    }
    cursor.continue()
  }
}

/** A request's result as a promise. */
export function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'))
  })
}

/** Resolves when the transaction commits; rejects on abort (e.g. QuotaExceededError). */
export function committed(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve()
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'))
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction was aborted'))
  })
}

/** A storage error said for a person. */
export function describeStorageError(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : ''
  if (name === 'QuotaExceededError') return 'The browser’s storage is full: changes are no longer saved. Save the file or free some space.'
  const detail = error instanceof Error ? error.message : String(error)
  return `Changes cannot be saved in this browser (${detail}). Keep working, but save the file before closing the tab.`
}

/** For tests: forget the open connection so a fresh database can be used. */
export function resetDatabaseConnection(): void {
  opening = undefined
}
