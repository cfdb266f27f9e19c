/**
 * The work the render worker does — keep its copy of the text, parse, lay out the preview,
 * collect the compiler's messages — written against a `post` function so the same code runs in
 * a Web Worker and, where there is none (jsdom tests, odd browsers), in the page itself.
 *
 * Exports: connected to the export worker (export-engine.ts), it sends that worker the current
 * tree when typing pauses (so the export is prepared before the click) and, on Export .docx,
 * the job; without one (in the page), it exports itself.
 */
import type { Root } from 'mdast'
import { VFile } from 'vfile'
import { resolveDiagrams } from '../docx/media/diagrams.js'
import { resolveImages } from '../docx/media/images.js'
import { compile } from '../docx/to-docx.js'
import type { Unchanged } from '../markdown/chunked/chunk-scan.js'
import { readFrontMatter, tocDepthOf } from '../mdast/front-matter.js'
import { messagesOf } from '../markdown/messages.js'
import {
  diffBlocks,
  fullPatch,
  limitOutline,
  patchChanges,
  PreviewCache,
  PreviewLayouter,
  samePageOutline,
  type OutlineEntry,
  type PageOutline,
  type PreviewBlock,
} from '../markdown/preview-hast.js'
import { CitationSource } from './citation-source.js'
import { DiagramSource } from './diagram-source.js'
import { buildDocx } from './export-docx.js'
import { IMAGE_LIMITS } from './image-limits.js'
import { ImageSource } from './image-source.js'
import { AUTO_CHECK_LIMIT } from './limits.js'
import { parseDocument } from './parser.js'
import { postInParts } from './render-parts.js'
import type { ExporterLinkMessage, ExportRequest, HastJson, RenderRequest, TextSync, WorkerReply, WorkerRequest } from './protocol.js'
import { applyEdits } from './text-edits.js'

export { docxOptionsFor, downloadName } from './export-docx.js'

/**
 * How long typing must pause before the tree goes to the export worker to be prepared: a
 * pause between words or sentences is shorter, one to read or reach for the button longer.
 * Sending costs the render worker a copy of the tree (~30 ms for 1 MiB), and the export worker
 * a compile (seconds at 1 MiB the first time, on the second core; it slows to a fifth of a core
 * while the user types, export-engine.ts). A document just opened waits the same second: sent
 * at once, its first compile (nothing cached yet) ran into the first keystrokes after a jump
 * into the document, keystroke p95 57–115 ms against 39–79 ms (`npm run bench:compare`).
 */
const PREPARE_AFTER_MS = 1000

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
  /** Counts changes of the text (revisions count requests): an export prepared for a version is of that text. */
  version: number
}

/** The render worker's end of the channel to the export worker. */
export interface ExporterLink {
  post(message: ExporterLinkMessage): void
}

/** What the page holds after the last reply: its block list, the keys of its renderings (with counts), its outline. */
interface PageMirror {
  revision: number
  blocks: PreviewBlock[]
  keys: Map<string, number>
  /** The layout's whole outline, and the part of it the page was sent (outline-limit.ts). */
  outlineSource: OutlineEntry[]
  outline: PageOutline
}

const NO_PAGE: PageMirror = { revision: -1, blocks: [], keys: new Map(), outlineSource: [], outline: { entries: [] } }

/**
 * Characters of preview hast (as JSON) in one message to the page (HastReply in protocol.ts).
 * The page reads each message in a task of its own; a string is copied, not parsed, when it is
 * read (about a millisecond per megabyte), and each part redraws the preview once.
 */
const HAST_PART = 1_000_000


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
  private readonly images: ImageSource
  private readonly diagrams: DiagramSource
  private readonly citations = new CitationSource()
  private checkTimer: ReturnType<typeof setTimeout> | undefined
  private exporter: ExporterLink | undefined
  /** The wait for the images of an export built here (without an export worker). */
  private exportImages: AbortController | undefined
  private prepareTimer: ReturnType<typeof setTimeout> | undefined
  /** The version of the text last counted, and the one whose tree the export worker has. */
  private version = 0
  private treeSent: { documentId: string; version: number } | undefined

  constructor(
    private readonly post: Post,
    /** Whether SVG can be drawn by asking the page (true in a worker). */
    askPage: boolean,
  ) {
    this.images = new ImageSource(askPage ? (request) => this.post(request) : undefined)
    this.diagrams = new DiagramSource(askPage ? (request) => this.post(request) : undefined)
  }

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
        this.citations.clear()
        return
      case 'prepare-export':
        // The user reaches for Export: its preparation need not wait for typing to stop.
        if (this.held) this.exporter?.post({ type: 'hurry' })
        // Only a tree of the text as it is goes (sendTree checks); otherwise the pause timer stays.
        if (this.sendTree()) clearTimeout(this.prepareTimer)
        return
      case 'rasterized':
        this.images.answer(message.id, message.bytes)
        return
      case 'diagram-drawn':
        this.diagrams.answer(message.id, message.result)
        return
      case 'connect-exporter':
        this.connectExporter({ post: (link) => message.port.postMessage(link) })
        return
      case 'skip-images':
        this.exportImages?.abort()
        return
    }
  }

  /** Exports go to the export worker from now on (a fresh one holds no tree yet). */
  connectExporter(link: ExporterLink): void {
    this.exporter = link
    this.treeSent = undefined
  }

  /**
   * Brings the worker's copy of the text to the request's revision; undefined (and a `resync`
   * sent) when the edits are for a revision it does not hold.
   */
  private sync(documentId: string, revision: number, sync: TextSync, exportId?: number): string | undefined {
    this.unchanged = undefined
    if ('text' in sync) {
      const same = this.held?.documentId === documentId && this.held.text === sync.text
      this.held = { documentId, revision, text: sync.text, version: same ? this.version : ++this.version }
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
    this.held = { documentId, revision, text: edited.text, version: sync.edits.length > 0 ? ++this.version : held!.version }
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

  private async render(request: RenderRequest): Promise<void> {
    clearTimeout(this.checkTimer)
    clearTimeout(this.prepareTimer)
    const was = this.held
    const text = this.sync(request.documentId, request.revision, request.sync)
    if (text === undefined) return
    // The text changed: a preparation in the export worker waits while the user types, and one of
    // older text is not packed (export-engine.ts).
    const now = this.held
    if (now && (now.version !== was?.version || now.documentId !== was.documentId)) this.exporter?.post({ type: 'activity' })
    try {
      const started = performance.now()
      const parsed0 = this.parse(text)
      const file = parsed0.file
      // Citations formatted against the document's bibliography (a copy of the tree; see citation-source.ts).
      const tree = await this.citations.resolve(parsed0.tree, file, request.documentId)
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
      // In parts of about HAST_PART characters: the first goes with the patch, the others right after it.
      const parts: Record<string, HastJson>[] = [{}]
      let size = 0
      for (const block of added) {
        const count = keys.get(block.key) ?? 0
        if (count === 0) {
          const rendered = this.cache.get(block.key)
          if (rendered) {
            const json = JSON.stringify(rendered.hast)
            if (size > 0 && size + json.length > HAST_PART) {
              parts.push({})
              size = 0
            }
            parts[parts.length - 1]![block.key] = json
            size += json.length
          }
        }
        keys.set(block.key, count + 1)
      }
      const hast = parts[0]!
      // The outline is cut to what the page can show, and sent only when that part or a count
      // changed: an edit that moves only headings past the first thousand sends nothing.
      const pageOutline = layout.outline === page.outlineSource ? page.outline : limitOutline(layout.outline)
      const outlineChanged = page === NO_PAGE || (pageOutline !== page.outline && !samePageOutline(pageOutline, page.outline))
      this.page = { revision: request.revision, blocks: layout.blocks, keys, outlineSource: layout.outline, outline: outlineChanged ? pageOutline : page.outline }
      // Renderings of blocks no longer shown are dropped now and then, not on every keystroke.
      if (this.cache.size > keys.size * 1.5 + 256) this.cache.retain(this.layouter.keys())
      this.current = { revision: request.revision, documentId: request.documentId, text, tree, file }
      const metadata = readFrontMatter(tree)
      const title = metadata.title
      const toc = tocDepthOf(metadata)
      // A long block list and outline go first in parts, each read by the page in a task of its own.
      const outline = outlineChanged ? pageOutline.entries : undefined
      const partsBefore = postInParts(patch, outline, (part) => this.post({ type: 'blocks', revision: request.revision, ...part }))
      this.post({
        type: 'rendered',
        revision: request.revision,
        patch: { ...patch, blocks: patch.blocks.slice(partsBefore.blocks) },
        hast,
        ...(outline ? { outline: outline.slice(partsBefore.outline) } : {}),
        ...(outline && pageOutline.totals ? { outlineTotals: pageOutline.totals } : {}),
        ...(partsBefore.parts > 0 ? { partsBefore: partsBefore.parts } : {}),
        words: layout.words,
        characters: layout.characters,
        ...(title ? { title } : {}),
        ...(toc ? { toc } : {}),
        timings: { parse: parsed - started, render: performance.now() - parsed },
        notes: layout.notes,
      })
      for (const part of parts.slice(1)) this.post({ type: 'hast', revision: request.revision, hast: part })
      if (text.length <= AUTO_CHECK_LIMIT) {
        this.checkTimer = setTimeout(() => void this.check(), 250 + text.length / 2000)
      }
      if (this.exporter) this.prepareTimer = setTimeout(() => this.sendTree(), PREPARE_AFTER_MS)
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
      const [images, diagrams] = await Promise.all([
        resolveImages(current.tree, { loadImage: (url, signal) => this.images.load(current.documentId, url, signal), convertImage: (bytes, info) => this.images.convert(bytes, info), ...IMAGE_LIMITS }),
        resolveDiagrams(current.tree, { renderDiagram: this.diagrams.render }),
      ])
      compile(current.tree, { images, diagrams, file })
      if (this.current !== current) return
      this.post({ type: 'messages', revision: current.revision, messages: [...messagesOf(current.file), ...messagesOf(file)] })
    } catch (error) {
      this.post({ type: 'messages', revision: current.revision, messages: [{ reason: `Checking the document failed: ${describe(error)}`, ruleId: 'internal-error', severity: 'error' }] })
    }
  }

  /**
   * Sends the export worker the tree of the text as it is, unless it has it: a copy (the
   * parser's trees share nodes with its next results), never parsed again there.
   */
  private sendTree(): boolean {
    const current = this.current
    const held = this.held
    if (!this.exporter || !current || !held || current.text !== held.text || current.documentId !== held.documentId) return false
    if (this.treeSent?.documentId === held.documentId && this.treeSent.version === held.version) return true
    this.exporter.post({ type: 'tree', documentId: held.documentId, version: held.version, text: held.text, tree: current.tree, messages: messagesOf(current.file) })
    this.treeSent = { documentId: held.documentId, version: held.version }
    return true
  }

  private async exportDocx(request: ExportRequest): Promise<void> {
    clearTimeout(this.prepareTimer)
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
      if (this.exporter && this.held && this.sendTree()) {
        this.exporter.post({ type: 'job', id: request.id, documentId: request.documentId, version: this.held.version, name: request.name, settings: request.settings, settingsVersion: request.settingsVersion })
        return
      }
      // Exported here (no export worker): the page's skip-images stops waiting for its images.
      const images = new AbortController()
      this.exportImages = images
      const loading = { signal: images.signal, retry: true, onProgress: (loaded: number, total: number) => this.post({ type: 'export-progress', loaded, total }) }
      const built = await buildDocx({ documentId: current.documentId, tree: current.tree, text: current.text, parseMessages: messagesOf(current.file) }, request.name, request.settings, this.images, undefined, this.diagrams.render, loading).finally(() => {
        if (this.exportImages === images) this.exportImages = undefined
      })
      this.post({ type: 'exported', id: request.id, data: built.data, fileName: built.fileName, messages: built.messages }, [built.data.buffer])
      if (current === this.current) this.post({ type: 'messages', revision: current.revision, messages: built.messages })
    } catch (error) {
      this.post({ type: 'export-failed', id: request.id, error: describe(error) })
    }
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message || error.name
  return String(error)
}
