/**
 * The documents in IndexedDB: a snapshot of each one's text plus the journal of keystrokes
 * since (journal.ts). Loading replays the journal, so what was typed up to the last keystroke
 * before a crash or a closed tab comes back, with the cursor.
 */
import { ChangeSet, Text } from '@codemirror/state'
import type { ExportSettings } from '../model/export-settings.js'
import { committed, openDatabase, promised, STORES, type Cursor, type DocumentRecord, type JournalEntry } from './db.js'

export interface DocumentSummary {
  id: string
  name: string
  updatedAt: number
}

export interface LoadedDocument {
  record: DocumentRecord
  /** The text with the journal replayed. */
  text: string
  cursor: Cursor
  /** The last journal sequence number applied. */
  seq: number
}

/** A new, unique document id: time-ordered, never reused (not part of any output). */
export function newDocumentId(): string {
  const random = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID().slice(0, 8) : Math.random().toString(36).slice(2, 10)
  return `${Date.now().toString(36)}-${random}`
}

/** The documents in the list (not those in the trash), most recently changed first. */
export async function listDocuments(): Promise<DocumentSummary[]> {
  const db = await openDatabase()
  const summaries: DocumentSummary[] = []
  const store = db.transaction(STORES.documents, 'readonly').objectStore(STORES.documents)
  await new Promise<void>((resolve, reject) => {
    const request = store.openCursor()
    request.onsuccess = () => {
      const cursor = request.result
      if (!cursor) return resolve()
      const record = cursor.value as DocumentRecord
      // Trashed documents are listed by trash.ts.
      if (record.trashedAt === undefined) summaries.push({ id: record.id, name: record.name, updatedAt: record.updatedAt })
      cursor.continue()
    }
    request.onerror = () => reject(request.error ?? new Error('listing documents failed'))
  })
  return summaries.sort((a, b) => b.updatedAt - a.updatedAt)
}

export async function createDocument(name: string, text: string, extra: Partial<DocumentRecord> = {}): Promise<DocumentRecord> {
  const db = await openDatabase()
  const now = Date.now()
  const record: DocumentRecord = { id: newDocumentId(), name, seq: 0, cursor: { anchor: 0, head: 0 }, createdAt: now, updatedAt: now, ...extra }
  const transaction = db.transaction([STORES.documents, STORES.texts], 'readwrite')
  transaction.objectStore(STORES.documents).put(record)
  transaction.objectStore(STORES.texts).put(text, record.id)
  await committed(transaction)
  return record
}

/** The document with its journal replayed, or undefined when there is no such document. */
export async function loadDocument(id: string): Promise<LoadedDocument | undefined> {
  const db = await openDatabase()
  const transaction = db.transaction([STORES.documents, STORES.texts, STORES.journal], 'readonly')
  const stored = promised(transaction.objectStore(STORES.texts).get(id))
  const record = (await promised(transaction.objectStore(STORES.documents).get(id))) as DocumentRecord | undefined
  if (!record) return undefined
  const text = ((await stored) as string | undefined) ?? ''
  const entries = (await promised(transaction.objectStore(STORES.journal).getAll(IDBKeyRange.bound([id, record.seq + 1], [id, Number.MAX_SAFE_INTEGER])))) as JournalEntry[]
  let doc = Text.of(text.split(/\r\n?|\n/))
  let cursor = record.cursor
  let seq = record.seq
  for (const entry of entries) {
    // A torn or mismatched entry ends the replay: what came before it is still good.
    if (entry.seq !== seq + 1) break
    if (entry.edits) {
      if (entry.edits.textLength !== doc.length) break
      try {
        for (const [from, to, insert] of entry.edits.edits) doc = doc.replace(from, to, Text.of(insert.split(/\r\n?|\n/)))
      } catch {
        break
      }
    } else if (entry.changes !== null) {
      try {
        const changes = ChangeSet.fromJSON(entry.changes)
        if (changes.length !== doc.length) break
        doc = changes.apply(doc)
      } catch {
        break
      }
    }
    cursor = entry.cursor
    seq = entry.seq
  }
  const length = doc.length
  const clamp = (n: number) => Math.max(0, Math.min(length, n))
  return { record, text: doc.toString(), cursor: { anchor: clamp(cursor.anchor), head: clamp(cursor.head) }, seq }
}

/** Changes a document's metadata (name, export settings, file handle) without touching its text. */
export async function updateDocument(id: string, patch: Partial<Pick<DocumentRecord, 'name' | 'exportSettings' | 'fileHandle' | 'nameFollowsTitle'>>): Promise<void> {
  const db = await openDatabase()
  const transaction = db.transaction(STORES.documents, 'readwrite')
  const store = transaction.objectStore(STORES.documents)
  const record = (await promised(store.get(id))) as DocumentRecord | undefined
  if (record) store.put({ ...record, ...patch, updatedAt: Date.now() })
  await committed(transaction)
}

/** Forgets a document, its journal and its images for good (the app moves documents to the trash first: trash.ts). */
export async function deleteDocument(id: string): Promise<void> {
  const db = await openDatabase()
  const transaction = db.transaction([STORES.documents, STORES.texts, STORES.journal, STORES.assets], 'readwrite')
  transaction.objectStore(STORES.documents).delete(id)
  transaction.objectStore(STORES.texts).delete(id)
  transaction.objectStore(STORES.journal).delete(IDBKeyRange.bound([id, 0], [id, Number.MAX_SAFE_INTEGER]))
  transaction.objectStore(STORES.assets).delete(IDBKeyRange.bound([id, ''], [id, '\uffff']))
  await committed(transaction)
}

export async function getSetting<T>(key: string): Promise<T | undefined> {
  const db = await openDatabase()
  return (await promised(db.transaction(STORES.settings, 'readonly').objectStore(STORES.settings).get(key))) as T | undefined
}

export async function setSetting(key: string, value: unknown): Promise<void> {
  const db = await openDatabase()
  const transaction = db.transaction(STORES.settings, 'readwrite')
  transaction.objectStore(STORES.settings).put(value, key)
  await committed(transaction)
}

export type { ExportSettings }
