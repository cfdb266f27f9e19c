/**
 * How cross-references and numbered captions read, from the front matter, with
 * pandoc-crossref's defaults and its metadata names: `figPrefix`, `tblPrefix`, `eqnPrefix`,
 * `lstPrefix`, `secPrefix` (a word, or a list — singular, plural…, indexed by how many
 * references share it), their capitalised forms (`FigPrefix`…; else each word of the prefix
 * capitalised), `figureTitle`, `tableTitle`, `listingTitle` (the caption words), `rangeDelim`,
 * `pairDelim`, `lastDelim`, `refDelim`. The caption words follow the document's language
 * (`lang`) where no title is given. Read alike by the export and the preview, so both say the same.
 */
import type { CrossReferencePrefix } from './nodes.js'

export interface CaptionTitles {
  figure: string
  table: string
  listing: string
}

export interface CrossReferenceSettings {
  titles: CaptionTitles
  /** Prefix words per kind: [singular, plural, …]; `capitalized` likewise, for `@Fig:x`. */
  prefixes: Record<CrossReferencePrefix, { plain: string[]; capitalized: string[] }>
  /** Between the ends of a run of three or more numbers ("figs. 1-3"). */
  rangeDelim: string
  /** Between exactly two numbers or runs ("figs. 1, 3"). */
  pairDelim: string
  /** Before the last of three or more ("figs. 1, 3, 5"). */
  lastDelim: string
  /** Between the others. */
  refDelim: string
}

/** Caption words by language (the first subtag of `lang`); English where a language is not listed. */
const TITLES: Readonly<Record<string, Omit<CaptionTitles, 'listing'>>> = {
  en: { figure: 'Figure', table: 'Table' },
  de: { figure: 'Abbildung', table: 'Tabelle' },
  fr: { figure: 'Figure', table: 'Tableau' },
  es: { figure: 'Figura', table: 'Tabla' },
  it: { figure: 'Figura', table: 'Tabella' },
  pt: { figure: 'Figura', table: 'Tabela' },
  nl: { figure: 'Figuur', table: 'Tabel' },
  sv: { figure: 'Figur', table: 'Tabell' },
  pl: { figure: 'Rysunek', table: 'Tabela' },
  ru: { figure: 'Рисунок', table: 'Таблица' },
  he: { figure: 'איור', table: 'טבלה' },
  ar: { figure: 'شكل', table: 'جدول' },
  ja: { figure: '図', table: '表' },
  zh: { figure: '图', table: '表' },
}

/** pandoc-crossref's default prefixes. */
const PREFIXES: Readonly<Record<CrossReferencePrefix, readonly string[]>> = {
  fig: ['fig.', 'figs.'],
  tbl: ['tbl.', 'tbls.'],
  eq: ['eq.', 'eqns.'],
  lst: ['lst.', 'lsts.'],
  sec: ['sec.', 'secs.'],
}

/** The metadata name of each kind's prefix (pandoc-crossref says `eqnPrefix` for `eq:`). */
const PREFIX_KEYS: Readonly<Record<CrossReferencePrefix, string>> = { fig: 'figPrefix', tbl: 'tblPrefix', eq: 'eqnPrefix', lst: 'lstPrefix', sec: 'secPrefix' }

/** The caption words: `figureTitle` / `figure-title` (and the table's, the listing's), else the language's. */
export function captionTitles(extra: Readonly<Record<string, unknown>>, lang: string | undefined): CaptionTitles {
  const base = TITLES[lang?.trim().toLowerCase().split('-')[0] ?? 'en'] ?? TITLES.en!
  return {
    figure: word(extra['figure-title'] ?? extra.figureTitle) ?? base.figure,
    table: word(extra['table-title'] ?? extra.tableTitle) ?? base.table,
    listing: word(extra['listing-title'] ?? extra.listingTitle) ?? 'Listing',
  }
}

/** The settings a document's front matter (`extra`, and its `lang`) asks for. */
export function crossReferenceSettings(extra: Readonly<Record<string, unknown>>, lang: string | undefined): CrossReferenceSettings {
  const prefixes = {} as CrossReferenceSettings['prefixes']
  for (const kind of Object.keys(PREFIXES) as CrossReferencePrefix[]) {
    const key = PREFIX_KEYS[kind]
    const plain = words(extra[key]) ?? [...PREFIXES[kind]]
    const capitalized = words(extra[key.charAt(0).toUpperCase() + key.slice(1)]) ?? plain.map(capitalizeWords)
    prefixes[kind] = { plain, capitalized }
  }
  return {
    titles: captionTitles(extra, lang),
    prefixes,
    rangeDelim: delimiter(extra.rangeDelim) ?? '-',
    pairDelim: delimiter(extra.pairDelim) ?? ', ',
    lastDelim: delimiter(extra.lastDelim) ?? ', ',
    refDelim: delimiter(extra.refDelim) ?? ', ',
  }
}

/** The prefix for `count` references of a kind: the list's entry for that count, or its last. */
export function prefixWord(settings: CrossReferenceSettings, kind: CrossReferencePrefix, capitalized: boolean, count: number): string {
  const list = capitalized ? settings.prefixes[kind].capitalized : settings.prefixes[kind].plain
  return list[Math.min(Math.max(count, 1), list.length) - 1] ?? ''
}

/** "fig." → "Fig.", "figure no." → "Figure No." (pandoc-crossref capitalises every word). */
function capitalizeWords(text: string): string {
  return text.replace(/(^|\s)(\S)/gu, (_, space: string, first: string) => space + first.toUpperCase())
}

/** A scalar as a word (YAML may read `figPrefix: 1` as a number); empty strings count (a prefix can be empty). */
function scalar(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim()
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return undefined
}

function word(value: unknown): string | undefined {
  const text = scalar(value)
  return text ? text : undefined
}

/** A prefix: one word, or a list of words by count. */
function words(value: unknown): string[] | undefined {
  if (Array.isArray(value)) {
    const list = value.map(scalar).filter((item): item is string => item !== undefined)
    return list.length > 0 ? list : undefined
  }
  const one = scalar(value)
  return one === undefined ? undefined : [one]
}

/** A delimiter as written (spaces kept: YAML strips them only outside quotes); `&#32;` and `&nbsp;` as pandoc-crossref's documentation advises. */
function delimiter(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  return value.replace(/&#32;/g, ' ').replace(/&nbsp;/g, '\u00a0')
}
