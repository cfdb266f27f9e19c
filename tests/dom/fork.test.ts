/**
 * A document copied for a second tab's edits (src/app/fork.ts): the copy has the tab's text, the
 * original's images and export settings, no file handle, and its own name; the original is untouched.
 */
import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import { copyName, forkDocument } from '../../src/app/fork.js'
import { openById } from '../../src/app/session.js'
import { listAssets, putAsset } from '../../src/storage/assets.js'
import { createDocument, listDocuments } from '../../src/storage/documents.js'
import { DEFAULT_EXPORT_SETTINGS } from '../../src/model/export-settings.js'
import { deleteAppDatabase } from './setup.js'

afterEach(deleteAppDatabase)

describe('copyName', () => {
  it('keeps a Markdown extension at the end', () => {
    expect(copyName('notes.md')).toBe('notes (copy).md')
    expect(copyName('Minutes')).toBe('Minutes (copy)')
    expect(copyName('a.b.markdown')).toBe('a.b (copy).markdown')
  })
})

describe('forkDocument', () => {
  it('copies text, images and settings, never the file handle', async () => {
    const settings = { ...DEFAULT_EXPORT_SETTINGS, orientation: 'landscape' as const }
    const record = await createDocument('notes.md', 'Original text', { exportSettings: settings })
    await putAsset(record.id, 'chart.png', 'image/png', new Uint8Array([1, 2, 3]).buffer)
    const source = (await openById(record.id))!
    const copy = await forkDocument({ ...source, fileHandle: {} as FileSystemFileHandle }, 'Edited in the other tab', { anchor: 3, head: 3 })
    expect(copy.id).not.toBe(record.id)
    expect(copy.name).toBe('notes (copy).md')
    expect(copy.text).toBe('Edited in the other tab')
    expect(copy.cursor).toEqual({ anchor: 3, head: 3 })
    expect(copy.exportSettings.orientation).toBe('landscape')
    expect(copy.fileHandle).toBeUndefined()
    expect((await listAssets(copy.id)).map((asset) => [asset.path, [...new Uint8Array(asset.bytes)]])).toEqual([['images/chart.png', [1, 2, 3]]])
    expect((await openById(record.id))!.text).toBe('Original text')
    expect((await listDocuments()).map((entry) => entry.name).sort()).toEqual(['notes (copy).md', 'notes.md'])
  })
})
