/**
 * Documents, the keystroke journal and the image store, on fake-indexeddb: what was typed
 * comes back after a "crash" (a new load without a snapshot), torn entries stop the replay,
 * images keep their names.
 */
import 'fake-indexeddb/auto'
import { ChangeSet, Text } from '@codemirror/state'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { assetPath, getAsset, putAsset, putFile, safeFileName } from '../../src/storage/assets.js'
import { committed, describeStorageError, openDatabase, STORES, type JournalEntry } from '../../src/storage/db.js'
import { createDocument, deleteDocument, listDocuments, loadDocument } from '../../src/storage/documents.js'
import { Journal } from '../../src/storage/journal.js'
import { deleteAppDatabase } from './setup.js'

afterEach(deleteAppDatabase)

/** Lets fake-indexeddb finish what was queued. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50))

describe('journal', () => {
  it('replays every keystroke after the last snapshot', async () => {
    const record = await createDocument('a.md', 'Hello')
    const errors: unknown[] = []
    const journal = new Journal(record.id, record.seq, (error) => errors.push(error))
    await settle()
    let doc = Text.of(['Hello'])
    for (const [from, insert] of [[5, ' world'], [11, '!'], [0, '> ']] as const) {
      const changes = ChangeSet.of({ from, insert }, doc.length)
      doc = changes.apply(doc)
      journal.record(changes, doc, { anchor: from + insert.length, head: from + insert.length })
    }
    await settle()
    const loaded = await loadDocument(record.id)
    expect(loaded?.text).toBe('> Hello world!')
    expect(loaded?.cursor).toEqual({ anchor: 2, head: 2 })
    expect(errors).toEqual([])
  })

  it('says saved only once every entry sent has committed, not when an earlier one does', async () => {
    const record = await createDocument('s.md', '')
    let saved = 0
    const journal = new Journal(record.id, record.seq, () => {}, () => saved++)
    await settle()
    let doc = Text.empty
    for (const insert of ['a', 'b', 'c']) {
      const changes = ChangeSet.of({ from: doc.length, insert }, doc.length)
      doc = changes.apply(doc)
      journal.record(changes, doc, { anchor: doc.length, head: doc.length })
    }
    await settle()
    expect(saved).toBe(1)
    expect((await loadDocument(record.id))?.text).toBe('abc')
  })

  it('snapshots and drops the entries a snapshot covers', async () => {
    const record = await createDocument('b.md', '')
    const journal = new Journal(record.id, record.seq, () => {})
    await settle()
    let doc = Text.empty
    for (let i = 0; i < 5; i++) {
      const changes = ChangeSet.of({ from: doc.length, insert: String(i) }, doc.length)
      doc = changes.apply(doc)
      journal.record(changes, doc, { anchor: doc.length, head: doc.length })
    }
    journal.snapshot()
    await settle()
    const db = await openDatabase()
    const transaction = db.transaction(STORES.journal, 'readonly')
    const count = await new Promise<number>((resolve) => {
      const request = transaction.objectStore(STORES.journal).count()
      request.onsuccess = () => resolve(request.result)
    })
    await committed(transaction)
    expect(count).toBe(0)
    expect((await loadDocument(record.id))?.text).toBe('01234')
  })

  it('journals a change as edits with its inserted text in one string, and replays changes of many ranges and lines', async () => {
    const record = await createDocument('m.md', 'one\ntwo\nthree')
    const journal = new Journal(record.id, record.seq, () => {})
    await settle()
    let doc = Text.of(['one', 'two', 'three'])
    const pasted = Array.from({ length: 1000 }, (_, i) => `line ${i}`).join('\n')
    const changes = ChangeSet.of([{ from: 0, to: 3, insert: 'ONE' }, { from: 4, insert: `${pasted}\n` }, { from: 8, to: 13, insert: 'end' }], doc.length)
    doc = changes.apply(doc)
    journal.record(changes, doc, { anchor: 0, head: 0 })
    await settle()
    const db = await openDatabase()
    const transaction = db.transaction(STORES.journal, 'readonly')
    const entries = await new Promise<JournalEntry[]>((resolve) => {
      const request = transaction.objectStore(STORES.journal).getAll()
      request.onsuccess = () => resolve(request.result as JournalEntry[])
    })
    await committed(transaction)
    expect(entries).toHaveLength(1)
    expect(entries[0]!.changes).toBeNull()
    expect(entries[0]!.edits?.textLength).toBe(13)
    expect(entries[0]!.edits?.edits.map((edit) => typeof edit[2])).toEqual(['string', 'string', 'string'])
    expect((await loadDocument(record.id))?.text).toBe(doc.toString())
  })

  it('writes a change of a long paste (megabytes here) as a snapshot in a later task, with what was typed after it', async () => {
    const record = await createDocument('h.md', '')
    let saved = 0
    const journal = new Journal(record.id, record.seq, () => {}, () => saved++)
    await settle()
    let doc = Text.empty
    const type = (insert: string) => {
      const changes = ChangeSet.of({ from: doc.length, insert }, doc.length)
      doc = changes.apply(doc)
      journal.record(changes, doc, { anchor: doc.length, head: doc.length })
    }
    type('start ')
    await settle()
    const puts = vi.spyOn(IDBObjectStore.prototype, 'put')
    const pasted = 'x'.repeat(1_500_000)
    type(pasted)
    type(' and typed on')
    // Nothing is written in the paste's task; then one snapshot, not entries, carries it all.
    expect(puts).not.toHaveBeenCalled()
    await settle()
    expect(puts.mock.contexts.map((store) => (store as IDBObjectStore).name).sort()).toEqual([STORES.documents, STORES.texts])
    puts.mockRestore()
    expect(saved).toBeGreaterThan(0)
    const loaded = await loadDocument(record.id)
    expect(loaded?.text).toBe(`start ${pasted} and typed on`)
    expect(loaded?.cursor).toEqual({ anchor: doc.length, head: doc.length })
  })

  it('writes the snapshot a paste asked for when the page is hidden before it', async () => {
    const record = await createDocument('q.md', 'a')
    const journal = new Journal(record.id, record.seq, () => {})
    await settle()
    let doc = Text.of(['a'])
    const changes = ChangeSet.of({ from: 1, insert: 'b'.repeat(1_100_000) }, doc.length)
    doc = changes.apply(doc)
    journal.record(changes, doc, { anchor: 0, head: 0 })
    journal.close()
    await settle()
    expect((await loadDocument(record.id))?.text).toBe(doc.toString())
  })

  it('keeps the text apart from the record: a snapshot reads the record, not the old text', async () => {
    const record = await createDocument('t.md', 'first')
    const journal = new Journal(record.id, record.seq, () => {})
    await settle()
    const changes = ChangeSet.of({ from: 5, insert: ' and more' }, 5)
    journal.record(changes, changes.apply(Text.of(['first'])), { anchor: 14, head: 14 })
    const gets = vi.spyOn(IDBObjectStore.prototype, 'get')
    journal.snapshot()
    await settle()
    expect(gets.mock.contexts.map((store) => (store as IDBObjectStore).name)).toEqual([STORES.documents])
    gets.mockRestore()
    const loaded = await loadDocument(record.id)
    expect(loaded?.text).toBe('first and more')
    expect(loaded?.record.seq).toBe(1)
    expect('text' in loaded!.record).toBe(false)
  })

  it('stops replaying at an entry that does not fit, keeping what came before', async () => {
    const record = await createDocument('c.md', 'abc')
    const db = await openDatabase()
    const transaction = db.transaction(STORES.journal, 'readwrite')
    const store = transaction.objectStore(STORES.journal)
    store.put({ documentId: record.id, seq: 1, changes: ChangeSet.of({ from: 3, insert: 'd' }, 3).toJSON(), cursor: { anchor: 4, head: 4 } })
    // Written for a 10-character document: torn, it must not be applied.
    store.put({ documentId: record.id, seq: 2, changes: ChangeSet.of({ from: 10, insert: 'x' }, 10).toJSON(), cursor: { anchor: 11, head: 11 } })
    await committed(transaction)
    const loaded = await loadDocument(record.id)
    expect(loaded?.text).toBe('abcd')
    expect(loaded?.seq).toBe(1)
  })

  it('stops likewise at an edits entry written for a text of another length', async () => {
    const record = await createDocument('e.md', 'abc')
    const db = await openDatabase()
    const transaction = db.transaction(STORES.journal, 'readwrite')
    const store = transaction.objectStore(STORES.journal)
    store.put({ documentId: record.id, seq: 1, changes: null, edits: { textLength: 3, edits: [[3, 3, 'd\ne']] }, cursor: { anchor: 6, head: 6 } })
    store.put({ documentId: record.id, seq: 2, changes: null, edits: { textLength: 10, edits: [[10, 10, 'x']] }, cursor: { anchor: 11, head: 11 } })
    await committed(transaction)
    const loaded = await loadDocument(record.id)
    expect(loaded?.text).toBe('abcd\ne')
    expect(loaded?.seq).toBe(1)
  })
})

describe('a database of version 1', () => {
  it('has its texts moved out of the document records when it is opened', async () => {
    await deleteAppDatabase()
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.open('markdocx', 1)
      request.onupgradeneeded = () => {
        const db = request.result
        const documents = db.createObjectStore('documents', { keyPath: 'id' })
        db.createObjectStore('journal', { keyPath: ['documentId', 'seq'] })
        db.createObjectStore('assets', { keyPath: ['documentId', 'path'] })
        db.createObjectStore('settings')
        documents.put({ id: 'old', name: 'old.md', text: 'Written in version 1', seq: 0, cursor: { anchor: 3, head: 3 }, createdAt: 1, updatedAt: 2 })
      }
      request.onsuccess = () => {
        request.result.close()
        resolve()
      }
      request.onerror = () => reject(request.error)
    })
    const loaded = await loadDocument('old')
    expect(loaded?.text).toBe('Written in version 1')
    expect(loaded?.cursor).toEqual({ anchor: 3, head: 3 })
    expect('text' in loaded!.record).toBe(false)
    expect(await listDocuments()).toEqual([{ id: 'old', name: 'old.md', updatedAt: 2 }])
  })
})

describe('a full disk', () => {
  it('reports a quota error to the app, in words a person understands', async () => {
    const record = await createDocument('full.md', '')
    const errors: unknown[] = []
    const journal = new Journal(record.id, record.seq, (error) => errors.push(error))
    await settle()
    const put = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    })
    try {
      const changes = ChangeSet.of({ from: 0, insert: 'x' }, 0)
      journal.record(changes, changes.apply(Text.empty), { anchor: 1, head: 1 })
    } finally {
      put.mockRestore()
    }
    expect(errors).toHaveLength(1)
    expect(describeStorageError(errors[0])).toMatch(/storage is full/)
  })
})

describe('documents', () => {
  it('lists, and deletes a document with its journal and images', async () => {
    const a = await createDocument('a.md', 'A')
    const b = await createDocument('b.md', 'B')
    await putAsset(b.id, 'x.png', 'image/png', new Uint8Array([1, 2, 3]).buffer)
    expect((await listDocuments()).map((doc) => doc.name).sort()).toEqual(['a.md', 'b.md'])
    await deleteDocument(b.id)
    expect((await listDocuments()).map((doc) => doc.id)).toEqual([a.id])
    expect(await getAsset(b.id, 'images/x.png')).toBeUndefined()
  })
})

describe('image store', () => {
  it('keeps the original name, and numbers a different image with the same name', async () => {
    const doc = await createDocument('d.md', '')
    const one = new Uint8Array([1, 2, 3]).buffer
    const two = new Uint8Array([4, 5, 6]).buffer
    expect(await putAsset(doc.id, 'My Photo.png', 'image/png', one)).toBe('images/My-Photo.png')
    expect(await putAsset(doc.id, 'My Photo.png', 'image/png', one)).toBe('images/My-Photo.png')
    expect(await putAsset(doc.id, 'My Photo.png', 'image/png', two)).toBe('images/My-Photo-1.png')
    const stored = await getAsset(doc.id, 'images/My-Photo-1.png')
    expect([...new Uint8Array(stored!.bytes)]).toEqual([4, 5, 6])
  })

  it('keeps a bibliography at the top level under its own name, a newer one replacing it', async () => {
    const doc = await createDocument('d.md', '')
    expect(await putFile(doc.id, 'My Refs.bib', 'application/x-bibtex', new TextEncoder().encode('@book{a}').buffer)).toBe('My-Refs.bib')
    expect(await putFile(doc.id, 'My Refs.bib', 'application/x-bibtex', new TextEncoder().encode('@book{b}').buffer)).toBe('My-Refs.bib')
    expect(new TextDecoder().decode((await getAsset(doc.id, 'My-Refs.bib'))!.bytes)).toBe('@book{b}')
    // As the front matter names it: `bibliography: My-Refs.bib` or `./My-Refs.bib`.
    expect(assetPath('./My-Refs.bib')).toBe('My-Refs.bib')
  })

  it('maps Markdown URLs to store paths, and only local ones', () => {
    expect(assetPath('images/a.png')).toBe('images/a.png')
    expect(assetPath('./images/a%20b.png')).toBe('images/a b.png')
    expect(assetPath('https://example.com/a.png')).toBeUndefined()
    expect(assetPath('data:image/png;base64,AAAA')).toBeUndefined()
    expect(assetPath('#frag')).toBeUndefined()
    expect(safeFileName('../../etc/passwd')).toBe('passwd.png')
    expect(safeFileName('')).toBe('image.png')
    expect(safeFileName('é photo (1).JPG')).toBe('é-photo-1.JPG')
  })
})
