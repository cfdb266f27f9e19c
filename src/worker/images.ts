/**
 * Images for the export, in the worker: local paths come from the asset store (pasted and
 * dropped images), http(s) URLs are fetched when the network and the server allow it, and
 * formats Word cannot show (WebP, AVIF, TIFF where the browser decodes it, SVG) are drawn
 * onto an OffscreenCanvas and embedded as PNG.
 */
import type { ImageInfo } from '../docx/media/image-format.js'
import { assetPath, getAsset } from '../storage/assets.js'

const MIME: Record<ImageInfo['format'], string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
  tiff: 'image/tiff',
  avif: 'image/avif',
  svg: 'image/svg+xml',
}

export function mimeOf(format: ImageInfo['format']): string {
  return MIME[format]
}

/**
 * Bytes behind an image URL of a document, or undefined. `signal` gives a download up (the
 * export's queue aborts it at its time limit, its deadline, or when the user stops waiting).
 */
export async function loadImageBytes(documentId: string, url: string, signal?: AbortSignal): Promise<Uint8Array | undefined> {
  const path = assetPath(url)
  if (path !== undefined) {
    const asset = await getAsset(documentId, path)
    if (!asset) throw new Error('it is not among this document’s stored images (paste or drop the file into the editor)')
    return new Uint8Array(asset.bytes)
  }
  if (/^https?:/i.test(url.trim())) {
    try {
      const response = await fetch(url.trim(), { ...(signal ? { signal } : {}), mode: 'cors', credentials: 'omit' })
      if (!response.ok) throw new Error(`the server answered ${response.status}`)
      return new Uint8Array(await response.arrayBuffer())
    } catch (error) {
      // Offline, a refused connection and a server without CORS headers all read "Failed to fetch" here.
      throw new Error(`could not be downloaded (${error instanceof Error ? error.message : String(error)})`)
    }
  }
  return undefined
}

/** Longest side of a rasterised SVG without its own size, and the cap for any rasterisation. */
const DEFAULT_SVG_WIDTH = 800
const MAX_SIDE = 4096

/** The pixel size to draw an image at: its own, SVGs doubled for a crisp print, capped. */
export function rasterSize(info: ImageInfo, natural?: { width: number; height: number }): { width: number; height: number } {
  let width = info.width || natural?.width || DEFAULT_SVG_WIDTH
  let height = info.height || natural?.height || Math.round(width * 0.75)
  if (info.format === 'svg') {
    width *= 2
    height *= 2
  }
  const scale = Math.min(1, MAX_SIDE / Math.max(width, height))
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) }
}

/**
 * PNG bytes of an image drawn on an OffscreenCanvas, or undefined where the browser cannot
 * decode it here (no OffscreenCanvas, or an SVG inside a worker: then `fallback` is asked).
 */
export async function rasterize(bytes: Uint8Array, info: ImageInfo, fallback?: (bytes: Uint8Array, mime: string, size: { width: number; height: number }) => Promise<Uint8Array | undefined>): Promise<Uint8Array | undefined> {
  const mime = mimeOf(info.format)
  if (typeof createImageBitmap === 'function' && typeof OffscreenCanvas === 'function') {
    try {
      const bitmap = await createImageBitmap(new Blob([bytes as BlobPart], { type: mime }))
      const size = rasterSize(info, { width: bitmap.width, height: bitmap.height })
      const canvas = new OffscreenCanvas(size.width, size.height)
      const context = canvas.getContext('2d')
      if (!context) return undefined
      context.drawImage(bitmap, 0, 0, size.width, size.height)
      bitmap.close()
      const blob = await canvas.convertToBlob({ type: 'image/png' })
      return new Uint8Array(await blob.arrayBuffer())
    } catch {
      // Chromium cannot decode SVG in a worker; the page can.
    }
  }
  return fallback ? fallback(bytes, mime, rasterSize(info)) : undefined
}
