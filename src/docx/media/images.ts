/**
 * Images are fetched and measured *before* compiling (the compiler does no I/O): every image
 * URL in the tree is loaded once, through the caller's loader, and checked by its bytes.
 */
import type { Definition, Html, Image, ImageReference, Root } from 'mdast'
import { normalizeIdentifier } from 'micromark-util-normalize-identifier'
import { walk } from '../../mdast/walk.js'
import { htmlImageSources } from '../html/to-mdast.js'
import { isEmbeddable, readImageInfo, type ImageInfo } from './image-format.js'

/** Loads the bytes behind an image URL, as written in the Markdown. Throw (or return undefined) when it cannot. */
export type ImageLoader = (url: string) => Promise<Uint8Array | undefined>

/**
 * Turns an image Word cannot show (WebP, TIFF, AVIF, SVG…) into PNG or JPEG bytes, e.g. on a
 * canvas in the browser. Returns undefined when it cannot.
 */
export type ImageConverter = (bytes: Uint8Array, info: ImageInfo) => Promise<Uint8Array | undefined>

export interface LoadedImage {
  ok: true
  bytes: Uint8Array
  info: ImageInfo
  /** For SVG: a raster rendering Word shows where it cannot draw SVG (and as the `a:blip`). */
  fallback?: { bytes: Uint8Array; info: ImageInfo }
}

export interface FailedImage {
  ok: false
  /** Why it is not in the document, said for a person: "file not found", "not an image"… */
  reason: string
}

export type ImageResult = LoadedImage | FailedImage

/** Every image URL of a document with what loading it gave. */
export type ResolvedImages = ReadonlyMap<string, ImageResult>

export interface ResolveImagesOptions {
  loadImage?: ImageLoader
  convertImage?: ImageConverter
  /** How many images load at once (default 6). */
  concurrency?: number
}

/** The URLs of every image in the tree (images, image references and `<img src>` in raw HTML), each once, in document order. */
export function imageUrls(tree: Root): string[] {
  const definitions = new Map<string, Definition>()
  // In document order: URLs, and references to resolve once every definition is known (a
  // definition may come after its use).
  const found: Array<string | ImageReference> = []
  walk(tree, (node) => {
    if (node.type === 'image') found.push((node as Image).url)
    else if (node.type === 'html') found.push(...htmlImageSources(node as Html))
    else if (node.type === 'imageReference') found.push(node as ImageReference)
    else if (node.type === 'definition') {
      const id = normalizeIdentifier((node as Definition).identifier)
      if (!definitions.has(id)) definitions.set(id, node as Definition)
    }
  })
  const urls = new Set<string>()
  for (const entry of found) {
    if (typeof entry === 'string') urls.add(entry)
    else {
      const definition = definitions.get(normalizeIdentifier(entry.identifier))
      if (definition) urls.add(definition.url)
    }
  }
  return [...urls]
}

/** Loads, sniffs and (where asked) converts every image of the tree. Never throws. */
export async function resolveImages(tree: Root, options: ResolveImagesOptions = {}): Promise<Map<string, ImageResult>> {
  const results = new Map<string, ImageResult>()
  const urls = imageUrls(tree)
  let next = 0
  const worker = async () => {
    while (next < urls.length) {
      const url = urls[next++]!
      results.set(url, await resolveOne(url, options))
    }
  }
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 6, urls.length) }, worker))
  // Keep document order whatever order the loads finished in, so anything iterating is deterministic.
  return new Map(urls.map((url) => [url, results.get(url)!]))
}

async function resolveOne(url: string, options: ResolveImagesOptions): Promise<ImageResult> {
  let bytes: Uint8Array | undefined
  try {
    bytes = url.trim().toLowerCase().startsWith('data:') ? decodeDataUrl(url) : await options.loadImage?.(url)
  } catch (error) {
    return { ok: false, reason: describeError(error) }
  }
  if (bytes === undefined) return { ok: false, reason: options.loadImage || url.startsWith('data:') ? 'could not be loaded' : 'no image loader was given' }
  return checkImage(bytes, options.convertImage)
}

/** Checks bytes are an image Word can show, converting them where a converter is given. */
export async function checkImage(bytes: Uint8Array, convert?: ImageConverter): Promise<ImageResult> {
  if (bytes.length === 0) return { ok: false, reason: 'the file is empty' }
  const info = readImageInfo(bytes)
  if (!info) return { ok: false, reason: 'not a readable image (unknown or corrupt data)' }
  if (isEmbeddable(info.format)) {
    if (info.width <= 0 || info.height <= 0) return { ok: false, reason: `the ${info.format.toUpperCase()} has no size` }
    return { ok: true, bytes, info }
  }
  let failure = ''
  if (convert) {
    try {
      const converted = await convert(bytes, info)
      const convertedInfo = converted && readImageInfo(converted)
      if (converted && convertedInfo && isEmbeddable(convertedInfo.format) && convertedInfo.width > 0 && convertedInfo.height > 0) {
        if (info.format === 'svg') return { ok: true, bytes, info: { ...info, width: info.width || convertedInfo.width, height: info.height || convertedInfo.height }, fallback: { bytes: converted, info: convertedInfo } }
        return { ok: true, bytes: converted, info: convertedInfo }
      }
    } catch (error) {
      // Said below: what went wrong helps (a missing image library, a malformed SVG).
      failure = ` (${describeError(error).split('\n')[0]})`
    }
  }
  return { ok: false, reason: `${info.format.toUpperCase()} images cannot be embedded in Word${convert ? ` and converting it failed${failure}` : ''}` }
}

/** Bytes of a `data:` URL (base64 or percent-encoded). */
export function decodeDataUrl(url: string): Uint8Array | undefined {
  const match = /^data:([^,]*?)(;base64)?,(.*)$/is.exec(url.trim())
  if (!match) return undefined
  const payload = match[3] ?? ''
  if (match[2]) {
    const clean = safeDecodeURIComponent(payload).replace(/[^A-Za-z0-9+/=_-]/g, '').replace(/-/g, '+').replace(/_/g, '/')
    try {
      const binary = atob(clean)
      const bytes = new Uint8Array(binary.length)
      for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
      return bytes
    } catch {
      return undefined
    }
  }
  try {
    return new TextEncoder().encode(decodeURIComponent(payload))
  } catch {
    return undefined
  }
}

function safeDecodeURIComponent(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

function describeError(error: unknown): string {
  if (error instanceof Error) return error.message
  return String(error)
}
