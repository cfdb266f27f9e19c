/**
 * Which document the app opens: the last one open, else the most recent, else a fresh copy
 * of the sample (with its figure in the image store).
 */
import { readImageInfo } from '../docx/media/image-format.js'
import { citationFileKind, citationFileType } from '../model/citation-files.js'
import { DEFAULT_EXPORT_SETTINGS, type ExportSettings } from '../model/export-settings.js'
import { SAMPLE_IMAGE_NAME, sampleImageBytes } from './sample-image.js'
import sampleText from './sample.md?raw'
import { ASSET_FOLDER, putAsset, putFile } from '../storage/assets.js'
import type { Cursor } from '../storage/db.js'
import { createDocument, getSetting, listDocuments, loadDocument, setSetting } from '../storage/documents.js'
import { safeFileName, withoutMarkdownExtension } from '../model/markdown-files.js'

export const SAMPLE_TEXT: string = sampleText
export const SAMPLE_NAME = 'Welcome to markdocx'

/** A document as the editor opens it. */
export interface OpenDocument {
  id: string
  name: string
  text: string
  cursor: Cursor
  seq: number
  exportSettings: ExportSettings
  fileHandle?: FileSystemFileHandle
  /** False when the browser's storage is unavailable: the document lives in this tab only. */
  persisted: boolean
  /** The name follows the document's title until the user renames it (use-title-name.ts). */
  nameFollowsTitle?: boolean
}

/** The name files made from the document take (.md, .zip, and the .docx without a front-matter title): no characters a file name cannot hold. */
export function documentBaseName(doc: OpenDocument): string {
  return safeFileName(withoutMarkdownExtension(doc.name)) || 'document'
}

const CURRENT = 'current-document'

export async function openById(id: string): Promise<OpenDocument | undefined> {
  const loaded = await loadDocument(id)
  // A trashed document is restored before it is opened (use-trash.ts).
  if (!loaded || loaded.record.trashedAt !== undefined) return undefined
  await setSetting(CURRENT, id)
  return {
    id,
    name: loaded.record.name,
    text: loaded.text,
    cursor: loaded.cursor,
    seq: loaded.seq,
    exportSettings: loaded.record.exportSettings ?? DEFAULT_EXPORT_SETTINGS,
    ...(loaded.record.fileHandle ? { fileHandle: loaded.record.fileHandle } : {}),
    ...(loaded.record.nameFollowsTitle ? { nameFollowsTitle: true } : {}),
    persisted: true,
  }
}

export interface NewDocumentOptions {
  fileHandle?: FileSystemFileHandle
  /** A document made with New: its name follows its title until the user renames it. */
  nameFollowsTitle?: boolean
}

export async function createAndOpen(name: string, text: string, images: { path: string; bytes: Uint8Array; type?: string }[] = [], options: NewDocumentOptions = {}): Promise<OpenDocument> {
  const record = await createDocument(name, text, { ...(options.fileHandle ? { fileHandle: options.fileHandle } : {}), ...(options.nameFollowsTitle ? { nameFollowsTitle: true } : {}) })
  for (const image of images) {
    // A bibliography or style of a bundle keeps its top-level name, as the front matter names it.
    if (!image.path.includes('/') && citationFileKind(image.path)) {
      await putFile(record.id, image.path, citationFileType(image.path), image.bytes.slice().buffer)
      continue
    }
    const info = readImageInfo(image.bytes)
    const name = image.path.split('/').pop() ?? image.path
    await putAsset(record.id, name, image.type ?? 'image/png', image.bytes.slice().buffer, info && info.width > 0 ? { width: info.width, height: info.height } : undefined)
  }
  return (await openById(record.id))!
}

/** The document to show when the app starts. */
export async function startDocument(): Promise<OpenDocument> {
  const last = await getSetting<string>(CURRENT)
  const reopened = last ? await openById(last) : undefined
  if (reopened) return reopened
  const [recent] = await listDocuments()
  const latest = recent ? await openById(recent.id) : undefined
  if (latest) return latest
  return createAndOpen(SAMPLE_NAME, SAMPLE_TEXT, [{ path: `${ASSET_FOLDER}/${SAMPLE_IMAGE_NAME}`, bytes: sampleImageBytes(), type: 'image/png' }])
}

let memoryDocuments = 0

/** A document that lives only in this tab, for when storage fails. */
export function memoryDocument(name: string, text: string, options: NewDocumentOptions = {}): OpenDocument {
  return { id: `memory-${++memoryDocuments}`, name, text, cursor: { anchor: 0, head: 0 }, seq: 0, exportSettings: DEFAULT_EXPORT_SETTINGS, persisted: false, ...(options.nameFollowsTitle ? { nameFollowsTitle: true } : {}) }
}
