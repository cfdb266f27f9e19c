/**
 * The document-level features asked for by options or by front matter (options win):
 * table of contents, page numbers, running title, title page, title block, wide-table
 * handling, language, and the words used for captions and the contents heading.
 */
import { tocDepthOf, type DocumentMetadata } from '../../mdast/front-matter.js'
import type { DocxOptions } from '../options.js'
import { isLanguageTag } from '../text/rtl.js'
import { numberSectionsOf } from '../../mdast/section-numbers.js'
import { captionTitles } from '../../mdast/cross-reference-settings.js'

export interface Features {
  toc?: { depth: number; title: string }
  /** Page numbers in the footer: `page` ("3") or `page-of-pages` ("Page 3 of 12"). */
  pageNumbers?: 'page' | 'page-of-pages'
  /** The document title in the header (a TITLE field). */
  headerTitle: boolean
  /** The title block on a page of its own, without header and footer. */
  titlePage: boolean
  /** Title, subtitle, authors, date and abstract at the top of the body. */
  titleBlock: boolean
  wideTables: 'shrink' | 'landscape'
  /** Headings numbered 1, 1.1… (see heading-numbering.ts). */
  numberSections: boolean
  /** BCP 47 language tag of the document. */
  lang?: string
  /** The document title (option, else front matter). */
  title?: string
  labels: Labels
}

export interface Labels {
  figure: string
  table: string
  contents: string
  page: string
  of: string
}

/** The words of the page furniture by language (the caption words are mdast/cross-reference-settings.ts's, shared with the preview). */
const LABELS: Readonly<Record<string, Omit<Labels, 'figure' | 'table'>>> = {
  en: { contents: 'Contents', page: 'Page', of: 'of' },
  de: { contents: 'Inhaltsverzeichnis', page: 'Seite', of: 'von' },
  fr: { contents: 'Table des matières', page: 'Page', of: 'sur' },
  es: { contents: 'Índice', page: 'Página', of: 'de' },
  it: { contents: 'Indice', page: 'Pagina', of: 'di' },
  pt: { contents: 'Sumário', page: 'Página', of: 'de' },
  nl: { contents: 'Inhoudsopgave', page: 'Pagina', of: 'van' },
  sv: { contents: 'Innehåll', page: 'Sida', of: 'av' },
  pl: { contents: 'Spis treści', page: 'Strona', of: 'z' },
  ru: { contents: 'Содержание', page: 'Страница', of: 'из' },
  he: { contents: 'תוכן עניינים', page: 'עמוד', of: 'מתוך' },
  ar: { contents: 'المحتويات', page: 'صفحة', of: 'من' },
  ja: { contents: '目次', page: 'ページ', of: '/' },
  zh: { contents: '目录', page: '第', of: '/' },
}


export function resolveFeatures(options: DocxOptions, metadata: DocumentMetadata): Features {
  const extra = metadata.extra
  const lang = [options.lang, metadata.lang].find((value): value is string => typeof value === 'string' && isLanguageTag(value.trim()))?.trim()
  const base = LABELS[lang?.toLowerCase().split('-')[0] ?? 'en'] ?? LABELS.en!
  const titles = captionTitles(extra, lang)
  const labels: Labels = { ...base, figure: titles.figure, table: titles.table }
  const features: Features = {
    headerTitle: false,
    titlePage: options.titlePage ?? booleanOf(extra['title-page']) ?? false,
    titleBlock: options.titleBlock ?? true,
    numberSections: options.numberSections ?? numberSectionsOf(extra['number-sections']) ?? false,
    wideTables: options.wideTables === 'landscape' || (options.wideTables === undefined && extra['wide-tables'] === 'landscape') ? 'landscape' : 'shrink',
    labels,
  }
  if (lang) features.lang = lang
  const title = options.title ?? metadata.title
  if (title) features.title = title

  const toc = tocOf(options.toc, metadata, labels)
  if (toc) features.toc = toc

  const pageNumbers = options.pageNumbers ?? pageNumbersOf(extra['page-numbers'])
  if (pageNumbers) features.pageNumbers = pageNumbers === 'page-of-pages' ? 'page-of-pages' : 'page'
  features.headerTitle = (options.headerTitle ?? booleanOf(extra['header-title']) ?? features.pageNumbers !== undefined) && features.title !== undefined
  return features
}

function tocOf(option: DocxOptions['toc'], metadata: DocumentMetadata, labels: Labels): Features['toc'] {
  const extra = metadata.extra
  const depth = tocDepthOf(metadata, option)
  if (depth === undefined) return undefined
  const title = (typeof option === 'object' ? option.title : undefined) ?? stringOf(extra['toc-title']) ?? labels.contents
  return { depth, title }
}

function pageNumbersOf(value: unknown): DocxOptions['pageNumbers'] {
  if (value === true || value === 'true') return true
  if (value === 'page-of-pages') return 'page-of-pages'
  return undefined
}

function booleanOf(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value
  if (value === 'true') return true
  if (value === 'false') return false
  return undefined
}

function numberOf(value: unknown): number | undefined {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN
  return Number.isFinite(number) ? number : undefined
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined
}
