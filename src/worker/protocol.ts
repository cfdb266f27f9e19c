/**
 * The typed messages between the page and the worker that parses, renders the preview and
 * exports. Every render carries a revision number: one request is in flight at a time, the
 * page drops replies older than what it shows, and `base` lets the worker send hast only for
 * blocks the page does not have yet.
 */
import type { Root as HastRoot } from 'hast'
import type { Message } from '../markdown/messages.js'
import type { OutlineEntry, PreviewBlock } from '../markdown/preview-hast.js'

/** Export settings the dialog edits, remembered per document. Lengths in millimetres, size in points. */
export interface ExportSettings {
  pageSize: 'A4' | 'Letter' | 'Legal'
  orientation: 'portrait' | 'landscape'
  margins: { top: number; right: number; bottom: number; left: number }
  font: string
  fontSize: number
  /** A reference .docx whose styles, theme, page setup and headers the export takes (issue 4). */
  referenceDoc?: { name: string; bytes: Uint8Array }
  /** A table of contents after the title block. */
  toc?: boolean
  /** Page numbers in the footer (and the title in the header). */
  pageNumbers?: 'none' | 'page' | 'page-of-pages'
  /** The title block on a page of its own. */
  titlePage?: boolean
  /** Tables too wide for the page: smaller type, or a landscape page of their own. */
  wideTables?: 'shrink' | 'landscape'
}

export const DEFAULT_EXPORT_SETTINGS: ExportSettings = {
  pageSize: 'A4',
  orientation: 'portrait',
  margins: { top: 25.4, right: 25.4, bottom: 25.4, left: 25.4 },
  font: 'Calibri',
  fontSize: 11,
}

export interface RenderRequest {
  type: 'render'
  revision: number
  /** The revision whose blocks the page holds (-1: none); the reply omits hast the page has. */
  base: number
  documentId: string
  text: string
}

export interface ExportRequest {
  type: 'export'
  id: number
  documentId: string
  text: string
  /** The document's name without extension, used when the front matter has no title. */
  name: string
  settings: ExportSettings
}

export interface CheckRequest {
  type: 'check'
  revision: number
}

/** The page's asset store changed: images must be loaded again. */
export interface AssetsChanged {
  type: 'assets-changed'
}

/** The page's answer to a `rasterize` request. */
export interface Rasterized {
  type: 'rasterized'
  id: number
  bytes?: Uint8Array
}

export type WorkerRequest = RenderRequest | ExportRequest | CheckRequest | AssetsChanged | Rasterized

export interface RenderReply {
  type: 'rendered'
  revision: number
  blocks: PreviewBlock[]
  /** Hast of the blocks the page did not have, by key. */
  hast: Record<string, HastRoot>
  outline: OutlineEntry[]
  words: number
  characters: number
  title?: string
  /** The front matter asks for a table of contents down to this heading level. */
  toc?: number
  /** Milliseconds spent parsing and rendering, for the status bar and benchmarks. */
  timings: { parse: number; render: number }
}

export interface RenderFailed {
  type: 'render-failed'
  revision: number
  error: string
}

export interface MessagesReply {
  type: 'messages'
  revision: number
  messages: Message[]
}

export interface ExportReply {
  type: 'exported'
  id: number
  data: Uint8Array
  fileName: string
  messages: Message[]
}

export interface ExportFailed {
  type: 'export-failed'
  id: number
  error: string
}

/** The worker asks the page to draw an image it cannot decode itself (SVG in a worker). */
export interface RasterizeRequest {
  type: 'rasterize'
  id: number
  bytes: Uint8Array
  mime: string
  width: number
  height: number
}

export type WorkerReply = RenderReply | RenderFailed | MessagesReply | ExportReply | ExportFailed | RasterizeRequest
