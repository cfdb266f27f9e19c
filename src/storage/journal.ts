/**
 * The keystroke journal of one open document. Every change is written as its own tiny record
 * (its edits, a few bytes for a keystroke) the moment it happens, so closing the tab right after a
 * keystroke loses nothing; a full snapshot of the text is written now and then, and the
 * entries it covers are dropped once it has committed.
 *
 * IndexedDB runs transactions on the same store in the order they were created, so entries and
 * snapshots never land out of order even though none is awaited before the next.
 */
import type { ChangeSet, Text } from '@codemirror/state'
import { editsOf, insertedLength } from '../model/text-edit.js'
import { openDatabase, STORES, type Cursor, type DocumentRecord, type JournalEntry } from './db.js'

/** Snapshot after this many entries, or after the editor was idle this long. */
const SNAPSHOT_EVERY = 500
const SNAPSHOT_IDLE_MS = 3000
/**
 * A change inserting more than this many characters (a paste of a long document) is not written
 * as an entry: a snapshot in the next task writes the whole text instead. Joining and cloning a
 * 16 MB entry took 40–70 ms of the paste's task (and its own task, deferred, 100 ms), and the
 * snapshot after it wrote the same megabytes again; a paste of 20 000 task items (700 KB) still
 * spent 25 ms of its task (118 ms in all) writing the entry. A snapshot joins the text in its
 * timer's task and writes it in the next.
 */
const HEAVY_CHANGE = 100_000

export class Journal {
  private seq: number
  private sinceSnapshot = 0
  private idleTimer: ReturnType<typeof setTimeout> | undefined
  private latest: { doc: Text; cursor: Cursor } | undefined
  private db: IDBDatabase | undefined
  private failed = false
  /** Writes sent and not yet committed (or aborted). */
  private pending = 0
  /** A snapshot is due in the next task (HEAVY_CHANGE): changes until then are left to it. */
  private snapshotSoon = false

  constructor(
    private readonly documentId: string,
    seq: number,
    private readonly onError: (error: unknown) => void,
    private readonly onSaved: () => void = () => {},
  ) {
    this.seq = seq
    openDatabase().then(
      (db) => {
        this.db = db
        // Changes made while the database opened were not journaled: a snapshot covers them.
        if (this.latest) this.snapshot()
      },
      (error: unknown) => this.fail(error),
    )
  }

  /** Journals one change (or, with `changes` null, a cursor move). */
  record(changes: ChangeSet | null, doc: Text, cursor: Cursor): void {
    this.latest = { doc, cursor }
    const db = this.db
    if (!db) {
      // The database is still opening (or failed): the next snapshot will carry the text.
      this.scheduleSnapshot(0)
      return
    }
    if (this.snapshotSoon || (changes && insertedLength(changes) > HEAVY_CHANGE)) {
      // Entries written after the paste and before its snapshot could not be replayed without it.
      if (!this.snapshotSoon) this.scheduleSnapshot(0)
      this.snapshotSoon = true
      return
    }
    this.write(db, changes, cursor)
    if (changes && ++this.sinceSnapshot >= SNAPSHOT_EVERY) this.snapshot()
    else this.scheduleSnapshot(SNAPSHOT_IDLE_MS)
  }

  /** Writes one entry. */
  private write(db: IDBDatabase, changes: ChangeSet | null, cursor: Cursor): void {
    const entry: JournalEntry = { documentId: this.documentId, seq: ++this.seq, changes: null, ...(changes ? { edits: { textLength: changes.length, edits: editsOf(changes) } } : {}), cursor }
    try {
      const transaction = db.transaction(STORES.journal, 'readwrite')
      transaction.objectStore(STORES.journal).put(entry)
      this.watch(transaction)
      // Commit now rather than after the put's success event comes back: if the tab is closed
      // right after this keystroke, the commit has already been sent and the entry survives.
      transaction.commit?.()
    } catch (error) {
      this.fail(error)
    }
  }

  /** Writes the whole text now and drops the journal entries it covers. */
  snapshot(): void {
    clearTimeout(this.idleTimer)
    this.idleTimer = undefined
    const db = this.db
    const latest = this.latest
    if (!db || !latest) return
    this.snapshotSoon = false
    const seq = this.seq
    this.sinceSnapshot = 0
    // Joined here, in the timer's task, not in the read's success task, which holds the write:
    // joined as an array, the string is flat (toString() makes a rope of slices, which the
    // write then flattens, 40–60 ms for 16 MB, in the success task).
    const text = latest.doc.toJSON().join('\n')
    try {
      // The text goes to the documents and texts stores alone: a transaction that also held the
      // journal store would make every keystroke's entry wait behind its read round trip, and a
      // tab closed in that time (typing right after a document switch, on a busy machine) lost
      // them all. The entries it covers are dropped once it has committed; until then they are
      // harmless, as loading replays only entries after the record's `seq`. The record is read
      // for its metadata (renamed elsewhere meanwhile?) and its seq; the old text is not read.
      const transaction = db.transaction([STORES.documents, STORES.texts], 'readwrite')
      const documents = transaction.objectStore(STORES.documents)
      const request = documents.get(this.documentId)
      request.onsuccess = () => {
        const record = request.result as DocumentRecord | undefined
        if (!record || record.seq > seq) return
        documents.put({ ...record, seq, cursor: latest.cursor, updatedAt: Date.now() })
        transaction.objectStore(STORES.texts).put(text, this.documentId)
      }
      this.watch(transaction, () => this.dropEntries(db, seq))
    } catch (error) {
      this.fail(error)
    }
  }

  /** Flushes what is pending (page hidden, document switched). */
  close(): void {
    if (this.idleTimer !== undefined) this.snapshot()
  }

  private scheduleSnapshot(ms: number): void {
    clearTimeout(this.idleTimer)
    this.idleTimer = setTimeout(() => {
      if (this.db) this.snapshot()
      else this.scheduleSnapshot(SNAPSHOT_IDLE_MS)
    }, ms)
  }

  /** Drops the journal entries a committed snapshot covers. */
  private dropEntries(db: IDBDatabase, seq: number): void {
    try {
      const transaction = db.transaction(STORES.journal, 'readwrite')
      transaction.objectStore(STORES.journal).delete(IDBKeyRange.bound([this.documentId, 0], [this.documentId, seq]))
      this.watch(transaction)
      transaction.commit?.()
    } catch (error) {
      this.fail(error)
    }
  }

  private watch(transaction: IDBTransaction, then?: () => void): void {
    this.pending++
    transaction.oncomplete = () => {
      this.pending--
      if (this.failed) this.failed = false
      // Saved only once every write so far has committed: an earlier keystroke's entry may
      // complete after a later one was sent, and the later one is not saved yet.
      if (this.pending === 0 && !this.snapshotSoon) this.onSaved()
      then?.()
    }
    transaction.onabort = () => {
      this.pending--
      this.fail(transaction.error ?? new Error('the write was aborted'))
    }
  }

  private fail(error: unknown): void {
    this.failed = true
    this.onError(error)
  }
}
