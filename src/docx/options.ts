/**
 * The compiler's options and their defaults: A4 portrait, 1440-twip margins, Calibri 11 pt.
 */
import type { Root } from 'mdast'
import type { VFile } from 'vfile'
import type { Handlers } from './handlers/types.js'
import type { ResolvedDiagrams } from './media/diagrams.js'
import type { ResolvedImages } from './media/images.js'
import type { ReferenceTemplate } from './styles/reference-doc.js'
import { PAGE_SIZES, type PageSizeName } from './ooxml/units.js'

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
  /** Diagrams drawn beforehand by `resolveDiagrams`, by `diagramKey(kind, source)`. */
  diagrams?: ResolvedDiagrams
  /** The file the tree was parsed from; messages are recorded on it. */
  file?: VFile
  /** Document title for the core properties, the title block and the header (default: front matter `title`). */
  title?: string
  /**
   * A reference .docx (or .dotx), like pandoc's `--reference-doc`: its styles win over ours
   * (ours fill in only what it lacks), and its theme, page size, margins, headers and footers
   * are used unless other options say otherwise.
   */
  referenceDoc?: Uint8Array
  /** A table of contents (a TOC field) after the title block: `true`, or its depth (default 3) and title. Default: front matter `toc`. */
  toc?: boolean | { depth?: number; title?: string }
  /** Page numbers in the footer: `true` ("3") or `'page-of-pages'` ("Page 3 of 12"). Default: front matter `page-numbers`. */
  pageNumbers?: boolean | 'page-of-pages'
  /** The document title in the page header (default: on with page numbers, when there is a title). */
  headerTitle?: boolean
  /** The title block on a page of its own, with no header or footer there. Default: front matter `title-page`. */
  titlePage?: boolean
  /** Write the front matter's title, subtitle, authors, date and abstract at the top (default true). */
  titleBlock?: boolean
  /** Number the headings 1, 1.1, 1.1.1… as a Word list tied to the Heading styles (pandoc's `--number-sections`). Default: front matter `number-sections`. */
  numberSections?: boolean
  /** Tables too wide for the page: `'shrink'` their type (default) or put each in a landscape section of its own. */
  wideTables?: 'shrink' | 'landscape'
  /** Document language, a BCP 47 tag such as `en-GB` or `he` (default: front matter `lang`). */
  lang?: string
  /**
   * SVG images and diagrams: `'raster'` (default) embeds their PNG rendering only; `'vector'`
   * embeds the SVG itself with the PNG as fallback, as Word 2016+ does. Vector is opt-in because the
   * shared check-docx oracle flags any SVG part (it applies Office markup-compatibility rules
   * to the image's own XML), although Word opens such files.
   */
  svg?: 'raster' | 'vector'
  /**
   * The Markdown parser for front-matter values written in Markdown (title, subtitle, abstract).
   * The compiler reads only trees, so whoever parsed the document passes its parser here
   * (`markdownToDocx` and the unified plugin do); without it those values are plain text.
   */
  parseMarkdown?: ParseMarkdown
}

/** Markdown text → mdast, as the caller's pipeline parses it. */
export type ParseMarkdown = (markdown: string) => Root

export interface ResolvedOptions {
  page: { width: number; height: number }
  margins: Margins
  font: string
  fontSize: number
  codeFont: string
  title?: string
  svg: 'raster' | 'vector'
  parseMarkdown?: ParseMarkdown
}

const DEFAULT_MARGIN = 1440

/** The options with their defaults; a reference template's page size and margins stand in for those not given. */
export function resolveOptions(options: DocxOptions, reference?: ReferenceTemplate): ResolvedOptions {
  const templatePage = options.pageSize === undefined ? reference?.page : undefined
  const base = typeof options.pageSize === 'object' ? options.pageSize : (templatePage ?? PAGE_SIZES[options.pageSize ?? 'A4'] ?? PAGE_SIZES.A4)
  const landscape = options.orientation === 'landscape' || (options.orientation === undefined && templatePage !== undefined && templatePage.width > templatePage.height)
  const page = landscape
    ? { width: Math.max(base.width, base.height), height: Math.min(base.width, base.height) }
    : { width: Math.min(base.width, base.height), height: Math.max(base.width, base.height) }
  const m = options.margins ?? reference?.margins
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
    svg: options.svg === 'vector' ? 'vector' : 'raster',
  }
  if (options.title !== undefined) resolved.title = options.title
  if (options.parseMarkdown) resolved.parseMarkdown = options.parseMarkdown
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

