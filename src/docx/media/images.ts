/**
 * Images are fetched and measured *before* compiling (the compiler does no I/O): every image
 * URL in the tree is loaded once, through the caller's loader and a bounded queue (a time limit
 * per image, a deadline for all, cancellable: util/load-queue.ts), and checked by its bytes.
 * What did not load is a failure with its reason; the compiler puts a placeholder in its place.
 */
import type { Definition, Html, Image, ImageReference, Root } from 'mdast'
import { normalizeIdentifier } from 'micromark-util-normalize-identifier'
import { walk } from '../../mdast/walk.js'
import { loadAll, type FailureKind } from '../../util/load-queue.js'
import { htmlImageSources } from '../html/to-mdast.js'
import { isEmbeddable, readImageInfo, type ImageInfo } from './image-format.js'
import { append } from '../../util/append.js'

/**
 * Loads the bytes behind an image URL, as written in the Markdown. Throw (or return undefined)
 * when it cannot; `signal` aborts when the wait is given up (time limit, deadline, cancel).
 */
export type ImageLoader = (url: string, signal?: AbortSignal) => Promise<Uint8Array | undefined>

/**
 * What a loader throws when the image's server cannot be reached at all (its name does not
 * resolve, it refuses connections): the other images of that host are then not tried, each of
 * which could cost seconds of waiting on the network.
 */
export class UnreachableHostError extends Error {
  override readonly name = 'UnreachableHostError'
}

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
  /** Loading was cut short (time limit, deadline, cancel): a later try may load it. */
  cutShort?: true
}

export type ImageResult = LoadedImage | FailedImage

/** Every image URL of a document with what loading it gave. */
export type ResolvedImages = ReadonlyMap<string, ImageResult>

export interface ResolveImagesOptions {
  loadImage?: ImageLoader
  convertImage?: ImageConverter
  /** How many images load at once (default 6). */
  concurrency?: number
  /** Milliseconds one image may take to load (default: no limit). */
  imageTimeoutMs?: number
  /** Milliseconds all images may take to load: the ones not loaded then become placeholders (default: no limit). */
  imageDeadlineMs?: number
  /** Aborting it stops waiting for images: those not loaded yet become placeholders. */
  imageSignal?: AbortSignal
  /** Called as images load: how many of how many (each URL counted once). */
  onImageProgress?: (done: number, total: number) => void
}

/** Timeouts in a row from one host after which its other images are not waited for. */
const HOST_TIMEOUTS = 2

/** The URLs of every image in the tree (images, image references and `<img src>` in raw HTML), each once, in document order. */
export function imageUrls(tree: Root): string[] {
  const definitions = new Map<string, Definition>()
  // In document order: URLs, and references to resolve once every definition is known (a
  // definition may come after its use).
  const found: Array<string | ImageReference> = []
  walk(tree, (node) => {
    if (node.type === 'image') found.push((node as Image).url)
    else if (node.type === 'html') append(found, htmlImageSources(node as Html))
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
  const urls = imageUrls(tree)
  const loaded = await loadAll(urls, (url, signal) => loadOne(url, options, signal), {
    concurrency: options.concurrency ?? 6,
    ...(options.imageTimeoutMs !== undefined ? { timeoutMs: options.imageTimeoutMs } : {}),
    ...(options.imageDeadlineMs !== undefined ? { deadlineMs: options.imageDeadlineMs } : {}),
    ...(options.imageSignal ? { signal: options.imageSignal } : {}),
    ...(options.onImageProgress ? { onProgress: options.onImageProgress } : {}),
    groupOf: hostOf,
    groupTimeouts: HOST_TIMEOUTS,
    groupUnreachable: (error) => error instanceof UnreachableHostError,
  })
  // Checking and converting loaded bytes is not cut short: the bytes are here, and a converter has its own limits.
  const checked = await loadAll(urls, async (url): Promise<ImageResult> => {
    const result = loaded.get(url)!
    if (!result.ok) return { ok: false, reason: result.reason, ...(cut(result.kind) ? { cutShort: true as const } : {}) }
    if (result.value === undefined) return { ok: false, reason: options.loadImage || url.startsWith('data:') ? 'could not be loaded' : 'no image loader was given' }
    return checkImage(result.value, options.convertImage)
  }, { concurrency: options.concurrency ?? 6 })
  // In document order whatever order the loads finished in, so anything iterating is deterministic.
  return new Map(urls.map((url) => {
    const result = checked.get(url)!
    return [url, result.ok ? result.value : { ok: false, reason: result.reason }]
  }))
}

async function loadOne(url: string, options: ResolveImagesOptions, signal: AbortSignal): Promise<Uint8Array | undefined> {
  return url.trim().toLowerCase().startsWith('data:') ? decodeDataUrl(url) : options.loadImage?.(url, signal)
}

function cut(kind: FailureKind): boolean {
  return kind !== 'failed'
}

/** The host of an http(s) URL, lowercased (images of one server are given up together when it hangs). */
export function hostOf(url: string): string | undefined {
  return /^\s*https?:\/\/(?:[^@/?#]*@)?([^/?#]+)/i.exec(url)?.[1]?.toLowerCase()
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
