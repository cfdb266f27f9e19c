/**
 * The work the worker does — parse, lay out the preview, collect the compiler's messages,
 * export — written against a `post` function so the same code runs in a Web Worker and, where
 * there is none (jsdom tests, odd browsers), in the page itself.
 */
import type { Root } from 'mdast'
import { VFile } from 'vfile'
import { treeToDocx } from '../convert.js'
import type { ImageInfo } from '../docx/image-format.js'
import { resolveImages } from '../docx/images.js'
import type { DocxOptions } from '../docx/options.js'
import { compile } from '../docx/to-docx.js'
import { readFrontMatter } from '../markdown/front-matter.js'
import { messagesOf, type Message } from '../markdown/messages.js'
import { diffBlocks, fullPatch, patchChanges, PreviewCache, PreviewLayouter, type OutlineEntry, type PreviewBlock } from '../markdown/preview-hast.js'
import { loadImageBytes, rasterize } from './images.js'
import { AUTO_CHECK_LIMIT } from './limits.js'
import type { Unchanged } from '../markdown/chunk-scan.js'
import { parseDocument } from './parser.js'
import type { ExportRequest, ExportSettings, RenderRequest, TextSync, WorkerReply, WorkerRequest } from './protocol.js'
import { applyEdits } from './text-edits.js'


const MM_TO_TWIPS = 1440 / 25.4

/** The compiler's options for what the export dialog set. */
export function docxOptionsFor(settings: ExportSettings): DocxOptions {
  const twips = (mm: number) => Math.round(Math.max(0, mm) * MM_TO_TWIPS)
  return {
    pageSize: settings.pageSize,
    orientation: settings.orientation,
    margins: { top: twips(settings.margins.top), right: twips(settings.margins.right), bottom: twips(settings.margins.bottom), left: twips(settings.margins.left) },
    font: settings.font,
    fontSize: settings.fontSize,
    // Document features (issue 4); unset ones leave the front matter to decide.
    ...(settings.referenceDoc ? { referenceDoc: settings.referenceDoc.bytes } : {}),
    ...(settings.toc ? { toc: true } : {}),
    ...(settings.pageNumbers && settings.pageNumbers !== 'none' ? { pageNumbers: settings.pageNumbers === 'page-of-pages' ? 'page-of-pages' : true } : {}),
    ...(settings.titlePage ? { titlePage: true } : {}),
    ...(settings.wideTables ? { wideTables: settings.wideTables } : {}),
  }
}

/** A file name without characters Windows, macOS or Linux refuse. */
export function downloadName(title: string | undefined, name: string): string {
  const base = (title ?? '').trim() || name.replace(/\.(md|markdown|mdown|txt)$/i, '').trim() || 'document'
  const cleaned = base.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 120)
  return `${cleaned || 'document'}.docx`
}

type Post = (message: WorkerReply, transfer?: Transferable[]) => void

interface Current {
  revision: number
  documentId: string
  text: string
  tree: Root
  file: VFile
}

/** The worker's copy of the text: the revision it belongs to, and what it is. */
interface Held {
  documentId: string
  revision: number
  text: string
}

/** What the page holds after the last reply: its block list, the keys of its renderings (with counts), its outline. */
interface PageMirror {
  revision: number
  blocks: PreviewBlock[]
  keys: Map<string, number>
  outline: OutlineEntry[]
}

const NO_PAGE: PageMirror = { revision: -1, blocks: [], keys: new Map(), outline: [] }

export class Engine {
  private readonly cache = new PreviewCache()
  private layouter = new PreviewLayouter(this.cache)
  private layoutFor = ''
  private held: Held | undefined
  /** The text the parser last parsed, and what the edits since left of it. */
  private parsedText: string | undefined
  private unchanged: Unchanged | undefined
  private current: Current | undefined
  private page: PageMirror = NO_PAGE
  private images = new Map<string, Promise<Uint8Array | undefined>>()
  private imagesFor = ''
  private checkTimer: ReturnType<typeof setTimeout> | undefined
  private rasterizeRequests = new Map<number, (bytes: Uint8Array | undefined) => void>()
  private nextRasterizeId = 0

  constructor(
    private readonly post: Post,
    /** Whether SVG can be drawn by asking the page (true in a worker). */
    private readonly askPage: boolean,
  ) {}

  async handle(message: WorkerRequest): Promise<void> {
    switch (message.type) {
      case 'render':
        return this.render(message)
      case 'export':
        return this.exportDocx(message)
      case 'check':
        if (this.current?.revision === message.revision) await this.check()
        return
      case 'assets-changed':
        this.images.clear()
        return
      case 'rasterized':
        this.rasterizeRequests.get(message.id)?.(message.bytes)
        this.rasterizeRequests.delete(message.id)
        return
    }
  }

  /**
   * Brings the worker's copy of the text to the request's revision; undefined (and a `resync`
   * sent) when the edits are for a revision it does not hold.
   */
  private sync(documentId: string, revision: number, sync: TextSync, exportId?: number): string | undefined {
    this.unchanged = undefined
    if ('text' in sync) {
      this.held = { documentId, revision, text: sync.text }
      return sync.text
    }
    const held = this.held
    const edited = held && held.documentId === documentId && held.revision === sync.after ? applyEdits(held.text, sync.edits) : undefined
    if (!edited) {
      this.held = undefined
      this.post({ type: 'resync', revision, ...(exportId !== undefined ? { exportId } : {}) })
      return undefined
    }
    // The parser last saw the held text when it parsed it (the next parse is of this one).
    if (this.parsedText === held!.text) this.unchanged = { prefix: edited.prefix, suffix: edited.suffix }
    this.held = { documentId, revision, text: edited.text }
    return edited.text
  }

  /** Parses the text with the parser's cache (only what changed since its last parse is parsed). */
  private parse(text: string): ReturnType<typeof parseDocument> {
    const unchanged = this.parsedText !== undefined && this.unchanged ? this.unchanged : undefined
    this.unchanged = undefined
    const result = parseDocument(text, unchanged)
    this.parsedText = text
    return result
  }

  private render(request: RenderRequest): void {
    clearTimeout(this.checkTimer)
    const text = this.sync(request.documentId, request.revision, request.sync)
    if (text === undefined) return
    try {
      const started = performance.now()
      const { tree, file } = this.parse(text)
      const parsed = performance.now()
      if (this.layoutFor !== request.documentId) {
        this.layouter = new PreviewLayouter(this.cache)
        this.layoutFor = request.documentId
      }
      const layout = this.layouter.update(tree, text)
      const page = request.base === this.page.revision ? this.page : NO_PAGE
      const patch = page === NO_PAGE ? fullPatch(layout.blocks) : diffBlocks(page.blocks, layout.blocks)
      // Renderings the page lacks: of the blocks the patch adds, those whose key it holds nowhere else.
      const keys = page === NO_PAGE ? new Map<string, number>() : page.keys
      const { removed, added } = page === NO_PAGE ? { removed: [], added: layout.blocks } : patchChanges(page.blocks, patch)
      for (const block of removed) {
        const count = (keys.get(block.key) ?? 0) - 1
        if (count > 0) keys.set(block.key, count)
        else keys.delete(block.key)
      }
      const hast: Record<string, NonNullable<ReturnType<PreviewCache['get']>>['hast']> = {}
      for (const block of added) {
        const count = keys.get(block.key) ?? 0
        if (count === 0) {
          const rendered = this.cache.get(block.key)
          if (rendered) hast[block.key] = rendered.hast
        }
        keys.set(block.key, count + 1)
      }
      const outlineChanged = page === NO_PAGE || layout.outline !== page.outline
      this.page = { revision: request.revision, blocks: layout.blocks, keys, outline: layout.outline }
      // Renderings of blocks no longer shown are dropped now and then, not on every keystroke.
      if (this.cache.size > keys.size * 1.5 + 256) this.cache.retain(this.layouter.keys())
      this.current = { revision: request.revision, documentId: request.documentId, text, tree, file }
      const metadata = readFrontMatter(tree)
      const title = metadata.title
      const tocDepth = Number(metadata.extra['toc-depth'])
      const toc = metadata.toc === true ? (Number.isInteger(tocDepth) && tocDepth > 0 ? tocDepth : 3) : typeof metadata.toc === 'number' && metadata.toc > 0 ? metadata.toc : undefined
      this.post({
        type: 'rendered',
        revision: request.revision,
        patch,
        hast,
        ...(outlineChanged ? { outline: layout.outline } : {}),
        words: layout.words,
        characters: layout.characters,
        ...(title ? { title } : {}),
        ...(toc ? { toc } : {}),
        timings: { parse: parsed - started, render: performance.now() - parsed },
      })
      if (text.length <= AUTO_CHECK_LIMIT) {
        this.checkTimer = setTimeout(() => void this.check(), 250 + text.length / 2000)
      }
    } catch (error) {
      this.page = NO_PAGE
      this.layouter = new PreviewLayouter(this.cache)
      this.post({ type: 'render-failed', revision: request.revision, error: describe(error) })
    }
  }

  /** Compiles the current tree (without packing) to learn what will not survive into Word. */
  private async check(): Promise<void> {
    const current = this.current
    if (!current) return
    try {
      const file = new VFile({ value: current.text })
      const images = await resolveImages(current.tree, { loadImage: (url) => this.loadImage(current.documentId, url), convertImage: (bytes, info) => this.convert(bytes, info) })
      compile(current.tree, { images, file })
      if (this.current !== current) return
      this.post({ type: 'messages', revision: current.revision, messages: [...messagesOf(current.file), ...messagesOf(file)] })
    } catch (error) {
      this.post({ type: 'messages', revision: current.revision, messages: [{ reason: `Checking the document failed: ${describe(error)}`, ruleId: 'internal-error', severity: 'error' }] })
    }
  }

  private async exportDocx(request: ExportRequest): Promise<void> {
    const text = this.sync(request.documentId, request.revision, request.sync, request.id)
    if (text === undefined) return
    try {
      // The tree of the last render when it is of this text; otherwise the chunked parser's
      // next result (only what changed since is parsed). Its trees share nodes with the next
      // parse, so the result becomes the current tree.
      if (!(this.current && this.current.text === text && this.current.documentId === request.documentId)) {
        this.current = { revision: request.revision, documentId: request.documentId, text, ...this.parse(text) }
      }
      const current = this.current
      const file = new VFile({ value: current.text, path: `${request.name}.md` })
      const result = await treeToDocx(current.tree, file, {
        ...docxOptionsFor(request.settings),
        output: 'uint8array',
        loadImage: (url) => this.loadImage(current.documentId, url),
        convertImage: (bytes, info) => this.convert(bytes, info),
      })
      const messages = [...messagesOf(current.file), ...result.messages]
      this.post({ type: 'exported', id: request.id, data: result.data, fileName: downloadName(result.metadata.title, request.name), messages }, [result.data.buffer])
      if (current === this.current) this.post({ type: 'messages', revision: current.revision, messages })
    } catch (error) {
      this.post({ type: 'export-failed', id: request.id, error: describe(error) })
    }
  }

  /** Loads (once per document and asset change) the bytes behind an image URL. */
  private loadImage(documentId: string, url: string): Promise<Uint8Array | undefined> {
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

  private convert(bytes: Uint8Array, info: ImageInfo): Promise<Uint8Array | undefined> {
    return rasterize(bytes, info, this.askPage ? (data, mime, size) => this.rasterizeOnPage(data, mime, size) : undefined)
  }

  private rasterizeOnPage(bytes: Uint8Array, mime: string, size: { width: number; height: number }): Promise<Uint8Array | undefined> {
    const id = ++this.nextRasterizeId
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.rasterizeRequests.delete(id)
        resolve(undefined)
      }, 15_000)
      this.rasterizeRequests.set(id, (result) => {
        clearTimeout(timer)
        resolve(result)
      })
      this.post({ type: 'rasterize', id, bytes: bytes.slice(), mime, ...size })
    })
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message || error.name
  return String(error)
}
