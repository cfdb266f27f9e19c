/**
 * The compiler's options and their defaults: A4 portrait, 1440-twip margins, Calibri 11 pt.
 */
import type { VFile } from 'vfile'
import type { Handlers } from './handlers/types.js'
import type { ResolvedImages } from './images.js'
import { PAGE_SIZES, type PageSizeName } from './units.js'

export interface Margins {
  top: number
  right: number
  bottom: number
  left: number
}

export interface DocxOptions {
  /** `A4` (default), `Letter`, `Legal`, or a size in twips. */
  pageSize?: PageSizeName | { width: number; height: number }
  orientation?: 'portrait' | 'landscape'
  /** Margins in twips: one number for all four sides, or each side (default 1440 = 1 inch). */
  margins?: number | Partial<Margins>
  /** Body font family (default Calibri). */
  font?: string
  /** Body font size in points (default 11). */
  fontSize?: number
  /** Font family for code (default Consolas). */
  codeFont?: string
  /** Handlers that replace or add to the built-in ones, by mdast node type. */
  handlers?: Partial<Handlers>
  /** Images fetched and measured beforehand by `resolveImages`, by URL. */
  images?: ResolvedImages
  /** The file the tree was parsed from; messages are recorded on it. */
  file?: VFile
  /** Document title for the core properties (default: front matter `title`). */
  title?: string
}

export interface ResolvedOptions {
  page: { width: number; height: number }
  margins: Margins
  font: string
  fontSize: number
  codeFont: string
  title?: string
}

const DEFAULT_MARGIN = 1440

export function resolveOptions(options: DocxOptions): ResolvedOptions {
  const base = typeof options.pageSize === 'object' ? options.pageSize : PAGE_SIZES[options.pageSize ?? 'A4'] ?? PAGE_SIZES.A4
  const landscape = options.orientation === 'landscape'
  const page = landscape
    ? { width: Math.max(base.width, base.height), height: Math.min(base.width, base.height) }
    : { width: Math.min(base.width, base.height), height: Math.max(base.width, base.height) }
  const m = options.margins
  const margins: Margins =
    typeof m === 'number'
      ? { top: m, right: m, bottom: m, left: m }
      : { top: DEFAULT_MARGIN, right: DEFAULT_MARGIN, bottom: DEFAULT_MARGIN, left: DEFAULT_MARGIN, ...m }
  const resolved: ResolvedOptions = {
    page,
    margins: clampMargins(margins, page),
    font: options.font?.trim() || 'Calibri',
    fontSize: clampFontSize(options.fontSize),
    codeFont: options.codeFont?.trim() || 'Consolas',
  }
  if (options.title !== undefined) resolved.title = options.title
  return resolved
}

/** Margins that leave at least an inch of text area each way, so every layout computation stays positive. */
function clampMargins(margins: Margins, page: { width: number; height: number }): Margins {
  const fit = (a: number, b: number, size: number): [number, number] => {
    const safeA = Number.isFinite(a) && a >= 0 ? Math.round(a) : DEFAULT_MARGIN
    const safeB = Number.isFinite(b) && b >= 0 ? Math.round(b) : DEFAULT_MARGIN
    const room = size - 1440
    if (safeA + safeB <= room) return [safeA, safeB]
    const scale = room / (safeA + safeB)
    return [Math.floor(safeA * scale), Math.floor(safeB * scale)]
  }
  const [left, right] = fit(margins.left, margins.right, page.width)
  const [top, bottom] = fit(margins.top, margins.bottom, page.height)
  return { top, right, bottom, left }
}

function clampFontSize(size: number | undefined): number {
  if (size === undefined || !Number.isFinite(size)) return 11
  return Math.min(72, Math.max(6, Math.round(size * 2) / 2))
}

/** Width and height of the text area in twips. */
export function textArea(options: ResolvedOptions): { width: number; height: number } {
  return {
    width: options.page.width - options.margins.left - options.margins.right,
    height: options.page.height - options.margins.top - options.margins.bottom,
  }
}

