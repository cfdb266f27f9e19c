/**
 * Images for a document's export, in a worker (or the page): bytes loaded once per document
 * and asset change, formats Word cannot show drawn as PNG — by the page when the worker cannot
 * decode them itself (SVG in a worker), through `rasterize` requests the page answers.
 */
import type { ImageInfo } from '../docx/media/image-format.js'
import { loadImageBytes, rasterize } from './images.js'
import type { RasterizeRequest } from './protocol.js'

export class ImageSource {
  private images = new Map<string, Promise<Uint8Array | undefined>>()
  private imagesFor = ''
  private requests = new Map<number, (bytes: Uint8Array | undefined) => void>()
  private nextId = 0

  constructor(
    /** Sends a rasterize request to the page; undefined where there is no page to ask. */
    private readonly askPage: ((request: RasterizeRequest) => void) | undefined,
  ) {}

  /** The page's asset store changed: load images again. */
  clear(): void {
    this.images.clear()
  }

  /** The page's answer to a rasterize request. */
  answer(id: number, bytes: Uint8Array | undefined): void {
    this.requests.get(id)?.(bytes)
    this.requests.delete(id)
  }

  /** Loads (once per document and asset change) the bytes behind an image URL. */
  load(documentId: string, url: string): Promise<Uint8Array | undefined> {
    if (this.imagesFor !== documentId) {
      this.images.clear()
      this.imagesFor = documentId
    }
    let result = this.images.get(url)
    if (!result) {
      result = loadImageBytes(documentId, url)
      // Handled by whoever awaits it; this only keeps a cached failure from being reported as unhandled.
      result.catch(() => undefined)
      this.images.set(url, result)
    }
    return result
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
