/**
 * Pasted and dropped images, kept in IndexedDB under the relative path the Markdown uses
 * (`images/name.png`), so the text carries a short link, never a data URL; and the files the
 * front matter names (`refs.bib`, `style.csl`), kept the same way at the top level. The page shows them
 * through object URLs; the worker reads the same store to embed them in the export.
 */
import { committed, openDatabase, promised, STORES, type AssetRecord } from './db.js'

export const ASSET_FOLDER = 'images'

/** The store key for a URL written in the Markdown, or undefined when it is not a local path. */
export function assetPath(url: string): string | undefined {
  const trimmed = url.trim()
  if (trimmed === '' || /^[a-z][a-z0-9+.-]*:/i.test(trimmed) || trimmed.startsWith('//') || trimmed.startsWith('#')) return undefined
  let path = trimmed.split(/[?#]/)[0] ?? ''
  try {
    path = decodeURI(path)
  } catch {
    // keep it as written
  }
  path = path.replace(/\\/g, '/').replace(/^(\.\/)+/, '').replace(/^\/+/, '')
  return path === '' ? undefined : path
}

/** A file name safe in a Markdown link and a zip: letters, digits, dot, dash, underscore. */
export function safeFileName(name: string, fallback = 'image.png'): string {
  const base = name.split(/[\\/]/).pop() ?? ''
  const cleaned = base
    .normalize('NFKC')
    .replace(/\s+/g, '-')
    .replace(/[^\p{L}\p{N}._-]/gu, '')
    .replace(/^[.-]+/, '')
    .slice(-100)
  return cleaned === '' || !cleaned.includes('.') ? (cleaned ? `${cleaned}.${fallback.split('.').pop()}` : fallback) : cleaned
}

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp', 'image/svg+xml': 'svg', 'image/bmp': 'bmp', 'image/avif': 'avif', 'image/tiff': 'tiff' }

/** The extension for an image MIME type. */
export function extensionFor(type: string): string {
  return EXTENSIONS[type] ?? 'png'
}

export async function getAsset(documentId: string, path: string): Promise<AssetRecord | undefined> {
  const db = await openDatabase()
  const record = await promised(db.transaction(STORES.assets, 'readonly').objectStore(STORES.assets).get([documentId, path]))
  return record as AssetRecord | undefined
}

export async function listAssets(documentId: string): Promise<AssetRecord[]> {
  const db = await openDatabase()
  const range = IDBKeyRange.bound([documentId, ''], [documentId, '\uffff'])
  return (await promised(db.transaction(STORES.assets, 'readonly').objectStore(STORES.assets).getAll(range))) as AssetRecord[]
}

/**
 * Stores an image under `images/<name>`, returning the path to write in the Markdown. The same
 * bytes under the same name are stored once; a different image with a taken name gets `-1`, `-2`….
 */
export async function putAsset(documentId: string, fileName: string, type: string, bytes: ArrayBuffer, size?: { width: number; height: number }): Promise<string> {
  const db = await openDatabase()
  const name = safeFileName(fileName, `image.${extensionFor(type)}`)
  const dot = name.lastIndexOf('.')
  const stem = name.slice(0, dot)
  const extension = name.slice(dot)
  const transaction = db.transaction(STORES.assets, 'readwrite')
  const store = transaction.objectStore(STORES.assets)
  let path = `${ASSET_FOLDER}/${name}`
  for (let n = 1; ; n++) {
    const existing = (await promised(store.get([documentId, path]))) as AssetRecord | undefined
    if (!existing) break
    if (sameBytes(existing.bytes, bytes)) {
      await committed(transaction)
      return path
    }
    path = `${ASSET_FOLDER}/${stem}-${n}${extension}`
  }
  const record: AssetRecord = { documentId, path, type, bytes, ...(size ? { width: size.width, height: size.height } : {}) }
  store.put(record)
  await committed(transaction)
  return path
}

/**
 * Stores a file the front matter names (a bibliography, a citation style) at the top of the
 * document's files, under its own safe name — `refs.bib`, as `bibliography: refs.bib` finds it.
 * A file loaded again under the same name replaces the stored one: it is the newer version of
 * the same bibliography, not a second one. Returns the stored name.
 */
export async function putFile(documentId: string, fileName: string, type: string, bytes: ArrayBuffer): Promise<string> {
  const db = await openDatabase()
  const path = safeFileName(fileName, 'file.txt')
  const transaction = db.transaction(STORES.assets, 'readwrite')
  const record: AssetRecord = { documentId, path, type, bytes }
  transaction.objectStore(STORES.assets).put(record)
  await committed(transaction)
  return path
}

/** Forgets one of a document's files. */
export async function deleteAsset(documentId: string, path: string): Promise<void> {
  const db = await openDatabase()
  const transaction = db.transaction(STORES.assets, 'readwrite')
  transaction.objectStore(STORES.assets).delete([documentId, path])
  await committed(transaction)
}

/** Gives document `to` copies of every image of document `from` (a document copied with its images). */
export async function copyAssets(from: string, to: string): Promise<void> {
  const assets = await listAssets(from)
  if (assets.length === 0) return
  const db = await openDatabase()
  const transaction = db.transaction(STORES.assets, 'readwrite')
  const store = transaction.objectStore(STORES.assets)
  for (const asset of assets) store.put({ ...asset, documentId: to })
  await committed(transaction)
}

/** Forgets every image of a document (when the document is deleted). */
export async function deleteAssets(documentId: string): Promise<void> {
  const db = await openDatabase()
  const transaction = db.transaction(STORES.assets, 'readwrite')
  transaction.objectStore(STORES.assets).delete(IDBKeyRange.bound([documentId, ''], [documentId, '\uffff']))
  await committed(transaction)
}

function sameBytes(a: ArrayBuffer, b: ArrayBuffer): boolean {
  if (a.byteLength !== b.byteLength) return false
  const x = new Uint8Array(a)
  const y = new Uint8Array(b)
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false
  return true
}
