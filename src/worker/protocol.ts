/**
 * The typed messages between the page and the worker that parses, renders the preview and
 * exports. Every render carries a revision number: one request is in flight at a time, the
 * page drops replies older than what it shows, and `base` lets the worker send only what the
 * page does not have yet: a patch of the block list, hast for new blocks, the outline when it
 * changed.
 *
 * The worker keeps its own copy of the text: a request carries the edits made since the
 * revision the worker last received (a few bytes per keystroke), or the whole text when the
 * worker may not hold that revision (first request, another document, a fresh worker). A
 * worker that does not hold the revision the edits apply to answers `resync`, and the page
 * sends the whole text.
 */
import type { Root } from 'mdast'
import type { DiagramResult } from '../docx/media/diagrams.js'
import type { DiagramKind } from '../mdast/diagrams.js'
import type { Message } from '../markdown/messages.js'
import type { BlockPatch, OutlineEntry, PreviewBlock } from '../markdown/preview-hast.js'
import type { ExportSettings } from '../model/export-settings.js'
import type { TextEdit } from '../model/text-edit.js'

// The protocol carries these; their home is the model floor (src/model), below storage and the worker.
export type { ExportSettings, TextEdit }

/** How a request brings the worker's copy of the text to its revision. */
export type TextSync = { text: string } | { after: number; edits: readonly TextEdit[] }

export interface RenderRequest {
  type: 'render'
  revision: number
  /** The revision whose blocks the page holds (-1: none); the reply is a patch of those. */
  base: number
  documentId: string
  sync: TextSync
}

export interface ExportRequest {
  type: 'export'
  id: number
  /** The text's revision (exports and renders share the numbering). */
  revision: number
  documentId: string
  sync: TextSync
  /** The document's name without extension, used when the front matter has no title. */
  name: string
  settings: ExportSettings
  /** Which `ExporterSettings` message these settings are (0: none was sent), so a prepared export with them can be used. */
  settingsVersion: number
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

/** The page's answer to a `draw-diagram` request. */
export interface DiagramDrawn {
  type: 'diagram-drawn'
  id: number
  result: DiagramResult
}

/** The page hands the render worker its end of a channel to the export worker. */
export interface ConnectExporter {
  type: 'connect-exporter'
  port: MessagePort
}

/** The pointer is on Export .docx (or it has focus): hand the export worker the tree now, not after the pause. */
export interface PrepareExport {
  type: 'prepare-export'
}

/**
 * The user pressed Export without them (or Cancel) while images load: the export under way stops
 * waiting for images; those not loaded become placeholders with a message.
 */
export interface SkipImages {
  type: 'skip-images'
}

export type WorkerRequest = RenderRequest | ExportRequest | CheckRequest | AssetsChanged | Rasterized | DiagramDrawn | ConnectExporter | PrepareExport | SkipImages

/*
 * The export worker (exporter.ts) compiles and packs .docx files off the render worker, so a
 * long export never holds up the preview. When typing pauses, the render worker sends it the
 * current tree (a copy, never parsed again) and it prepares the export with the document's
 * settings; Export .docx then reuses those bytes when the text and settings are unchanged.
 */

/** The page's export settings for a document (sent when they change), for exports prepared in advance. */
export interface ExporterSettings {
  type: 'settings'
  documentId: string
  name: string
  settings: ExportSettings
  version: number
}

/** The page hands the export worker its end of the channel to the render worker. */
export interface ConnectRenderer {
  type: 'connect'
  port: MessagePort
}

export type ExporterRequest = ExporterSettings | ConnectRenderer | AssetsChanged | Rasterized | DiagramDrawn | SkipImages

/** Render worker → export worker: the tree of a version of the text (the version counts text changes). */
export interface TreeMessage {
  type: 'tree'
  documentId: string
  version: number
  text: string
  tree: Root
  /** The parser's messages, already in the page's form. */
  messages: Message[]
}

/** Render worker → export worker: export the given version (its tree was sent before). */
export interface JobMessage {
  type: 'job'
  id: number
  documentId: string
  version: number
  name: string
  settings: ExportSettings
  settingsVersion: number
}

/** Render worker → export worker: the text changed (the user types), so a preparation waits, and one of the text before is not packed. */
export interface ActivityMessage {
  type: 'activity'
}

/** Render worker → export worker: the pointer reached Export .docx, so a preparation goes on even if the user typed just before. */
export interface HurryMessage {
  type: 'hurry'
}

export type ExporterLinkMessage = TreeMessage | JobMessage | ActivityMessage | HurryMessage

export interface RenderReply {
  type: 'rendered'
  revision: number
  /** The change to the page's block list (of revision `base`; the whole list when base was -1). */
  patch: BlockPatch
  /** Hast of the blocks the page did not have, by key, as JSON (HastJson). */
  hast: Record<string, HastJson>
  /**
   * The headings, when they changed (in text, slug or line) since the base revision. Only
   * those the page can list when there are more than OUTLINE_LIMIT (markdown/preview/outline-limit.ts).
   */
  outline?: OutlineEntry[]
  /** With `outline`, when it leaves headings out: the document's headings of each level (index 0 is level 1). */
  outlineTotals?: number[]
  words: number
  characters: number
  title?: string
  /** The front matter asks for a table of contents down to this heading level. */
  toc?: number
  /** Milliseconds spent parsing and rendering, for the status bar and benchmarks. */
  timings: { parse: number; render: number }
  /** What the preview leaves out of blocks too large to lay out at once (markdown/preview/size-limits.ts), at their lines. */
  notes: Message[]
  /**
   * How many BlocksReply parts came before this reply: their blocks go before `patch.blocks`,
   * their entries before `outline` (the page joins them, render-client.ts).
   */
  partsBefore?: number
}

/**
 * The first blocks and outline entries of the render of `revision`, posted before its
 * RenderReply when there are many: taking 100 000 headings' block list and outline in one
 * message held the page's main thread for over a second (a message is read in one task).
 */
export interface BlocksReply {
  type: 'blocks'
  revision: number
  blocks: PreviewBlock[]
  outline: OutlineEntry[]
}

/**
 * More renderings for the render of `revision`, posted right after it: a render that adds many
 * blocks sends their hast in parts, so the page takes each part in a task of its own (taking
 * 100 000 headings' renderings in one message held its main thread for seconds).
 */
export interface HastReply {
  type: 'hast'
  revision: number
  hast: Record<string, HastJson>
}

/**
 * A block's hast as JSON text (JSON.stringify of its root). The page parses it only when it
 * draws the block: a message of strings is read (deserialised) in a copy, while one of objects
 * is rebuilt node by node on the page's main thread — 100 000 headings' renderings took it
 * 80–200 ms per part of 2 000 elements, and most blocks of a long document are never drawn.
 */
export type HastJson = string

/** The worker does not hold the text the request's edits apply to: send the whole text. */
export interface ResyncReply {
  type: 'resync'
  revision: number
  /** Set when the request was an export. */
  exportId?: number
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

/** The worker asks the page to draw a diagram (mermaid needs the DOM; see diagrams/page-diagrams.ts). */
export interface DrawDiagramRequest {
  type: 'draw-diagram'
  id: number
  kind: DiagramKind
  source: string
}

/**
 * Images of the export being built have loaded (or failed): how many of how many. Sent while
 * any export builds (one prepared in advance too: a click may be waiting on it); the page shows
 * it while an export is pending.
 */
export interface ExportProgress {
  type: 'export-progress'
  loaded: number
  total: number
}

export type WorkerReply = RenderReply | BlocksReply | HastReply | ResyncReply | RenderFailed | MessagesReply | ExportReply | ExportFailed | ExportProgress | RasterizeRequest | DrawDiagramRequest
