/**
 * The trash on fake-indexeddb: a trashed document leaves the list but keeps its text, journal
 * and images; restoring brings it back whole; emptying forgets it, and only documents past
 * TRASH_DAYS go on the start-up sweep.
 */
import 'fake-indexeddb/auto'
import { ChangeSet, Text } from '@codemirror/state'
import { afterEach, describe, expect, it } from 'vitest'
import { getAsset, putAsset } from '../../src/storage/assets.js'
import { createDocument, listDocuments, loadDocument } from '../../src/storage/documents.js'
import { Journal } from '../../src/storage/journal.js'
import { emptyTrash, listTrash, restoreDocument, TRASH_DAYS, trashDocument } from '../../src/storage/trash.js'
import { deleteAppDatabase } from './setup.js'

afterEach(deleteAppDatabase)

const settle = () => new Promise((resolve) => setTimeout(resolve, 50))
const DAY = 24 * 60 * 60 * 1000

describe('trash', () => {
  it('takes a document out of the list, keeping its typing and images, until it is restored', async () => {
    const keep = await createDocument('keep.md', 'Hello')
    const other = await createDocument('other.md', 'Other')
    await putAsset(keep.id, 'x.png', 'image/png', new Uint8Array([1, 2, 3]).buffer)
    const journal = new Journal(keep.id, keep.seq, () => undefined)
    await settle()
    const doc = Text.of(['Hello'])
    journal.record(ChangeSet.of({ from: 5, insert: ' world' }, doc.length), Text.of(['Hello world']), { anchor: 11, head: 11 })
    await settle()

    expect(await trashDocument(keep.id, 1_000)).toBe(true)
    expect((await listDocuments()).map((entry) => entry.id)).toEqual([other.id])
    expect(await listTrash()).toEqual([{ id: keep.id, name: 'keep.md', trashedAt: 1_000 }])

    expect(await restoreDocument(keep.id)).toBe(true)
    expect((await listDocuments()).map((entry) => entry.id).sort()).toEqual([keep.id, other.id].sort())
    expect(await listTrash()).toEqual([])
    const loaded = await loadDocument(keep.id)
    expect(loaded?.text).toBe('Hello world')
    expect(loaded?.record.trashedAt).toBeUndefined()
    expect(await getAsset(keep.id, 'images/x.png')).toBeDefined()
  })

  it('forgets trashed documents past TRASH_DAYS on the sweep, and all of them when emptied', async () => {
    const now = 100 * DAY
    const old = await createDocument('old.md', 'Old')
    const recent = await createDocument('recent.md', 'Recent')
    await putAsset(old.id, 'x.png', 'image/png', new Uint8Array([1]).buffer)
    await trashDocument(old.id, now - (TRASH_DAYS + 1) * DAY)
    await trashDocument(recent.id, now - DAY)
    expect(await emptyTrash(now)).toBe(1)
    expect((await listTrash()).map((entry) => entry.name)).toEqual(['recent.md'])
    expect(await loadDocument(old.id)).toBeUndefined()
    expect(await getAsset(old.id, 'images/x.png')).toBeUndefined()
    expect(await emptyTrash()).toBe(1)
    expect(await listTrash()).toEqual([])
    expect(await listDocuments()).toEqual([])
  })

  it('answers false for a document that is not there', async () => {
    expect(await trashDocument('missing')).toBe(false)
    expect(await restoreDocument('missing')).toBe(false)
  })
})
