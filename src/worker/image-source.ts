/**
 * Images for a document's export, in a worker (or the page): bytes loaded once per document
 * and asset change, formats Word cannot show drawn as PNG — by the page when the worker cannot
 * decode them itself (SVG in a worker), through `rasterize` requests the page answers.
 */
import type { ImageInfo } from '../docx/media/image-format.js'
import { RETRY_FAILED_IMAGES_AFTER_MS } from './image-limits.js'
import { loadImageBytes, rasterize } from './images.js'
import type { RasterizeRequest } from './protocol.js'

export class ImageSource {
  private images = new Map<string, Promise<Uint8Array | undefined>>()
  /** The signal each load in flight was started with: a load given up is not handed to a later caller. */
  private signals = new Map<string, AbortSignal | undefined>()
  /** Loads that failed, and when (`now()`). */
  private failures = new Map<string, { error: Error; at: number }>()
  private imagesFor = ''
  private requests = new Map<number, (bytes: Uint8Array | undefined) => void>()
  private nextId = 0

  constructor(
    /** Sends a rasterize request to the page; undefined where there is no page to ask. */
    private readonly askPage: ((request: RasterizeRequest) => void) | undefined,
    /** The clock failures are timed by, in milliseconds (tests stand in their own). */
    private readonly now: () => number = () => performance.now(),
    /** Whether the browser says it has no network (`navigator.onLine` is false; tests stand in their own). */
    private readonly offline: () => boolean = () => typeof navigator !== 'undefined' && navigator.onLine === false,
  ) {}

  /** The page's asset store changed: load images again. */
  clear(): void {
    this.images.clear()
    this.signals.clear()
    this.failures.clear()
  }

  /** The page's answer to a rasterize request. */
  answer(id: number, bytes: Uint8Array | undefined): void {
    this.requests.get(id)?.(bytes)
    this.requests.delete(id)
  }

  /**
   * Loads (once per document and asset change) the bytes behind an image URL. A failure is
   * remembered for exports prepared in advance (so each pause in typing does not download a
   * hundred broken badges again), and tried again when `retry` is set — an export the user asked
   * for, since the network may be back — once it is RETRY_FAILED_IMAGES_AFTER_MS old. Loads
   * given up (aborted) are never remembered.
   */
  load(documentId: string, url: string, signal?: AbortSignal, retry = false): Promise<Uint8Array | undefined> {
    if (this.imagesFor !== documentId) {
      this.images.clear()
      this.signals.clear()
      this.failures.clear()
      this.imagesFor = documentId
    }
    const failure = this.failures.get(url)
    if (failure && (!retry || this.recentlyFailed(url))) return Promise.reject(failure.error)
    this.failures.delete(url)
    let result = this.images.get(url)
    if (result && this.signals.get(url)?.aborted) result = undefined
    if (!result) {
      const loading = loadImageBytes(documentId, url, signal)
      result = loading
      this.images.set(url, loading)
      this.signals.set(url, signal)
      const forget = (error: Error | undefined) => {
        if (this.images.get(url) !== loading) return
        this.images.delete(url)
        this.signals.delete(url)
        if (error && !signal?.aborted) this.failures.set(url, { error, at: this.now() })
      }
      loading.then(
        (bytes) => {
          if (bytes === undefined) forget(undefined)
          // Loaded: kept whatever happens to the signal it was loaded with.
          else if (this.images.get(url) === loading) this.signals.delete(url)
        },
        (error: unknown) => forget(error instanceof Error ? error : new Error(String(error))),
      )
    }
    return result
  }

  /**
   * The image failed to load less than RETRY_FAILED_IMAGES_AFTER_MS ago, or the browser says it
   * is offline: an export asked for now would not try it again.
   */
  recentlyFailed(url: string): boolean {
    const failure = this.failures.get(url)
    if (failure === undefined) return false
    return this.offline() || this.now() - failure.at < RETRY_FAILED_IMAGES_AFTER_MS
  }

  /** The browser says the network is back: the next export asked for tries every failed image again. */
  networkBack(): void {
    for (const failure of this.failures.values()) failure.at = -Infinity
  }

  convert(bytes: Uint8Array, info: ImageInfo): Promise<Uint8Array | undefined> {
    return rasterize(bytes, info, this.askPage ? (data, mime, size) => this.onPage(data, mime, size) : undefined)
  }

  private onPage(bytes: Uint8Array, mime: string, size: { width: number; height: number }): Promise<Uint8Array | undefined> {
    const id = ++this.nextId
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.requests.delete(id)
        resolve(undefined)
      }, 15_000)
      this.requests.set(id, (result) => {
        clearTimeout(timer)
        resolve(result)
      })
      this.askPage!({ type: 'rasterize', id, bytes: bytes.slice(), mime, ...size })
    })
  }
}
