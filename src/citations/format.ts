/**
 * The citation processor: citation-js reads the bibliographies (BibTeX/BibLaTeX through
 * plugin-bibtex, CSL-JSON, CSL-YAML) and citeproc-js (through plugin-csl) formats every
 * citation of the document at once — in order, so numbering (IEEE), disambiguation (Doe 1999a)
 * and "ibid." come out as the style says — and the reference list. No formatting is written
 * here: only the processor's HTML comes back, for csl-html.ts to turn into tree nodes.
 *
 * This module is big (citation-js, citeproc-js, locales: ~1 MB); resolve.ts imports it only
 * when a document has citations and a bibliography, so the app loads it lazily.
 *
 * Global state: plugin-csl keeps styles and engines in process-wide registers. A style is
 * registered under a name made from its XML's hash (the same style, the same name, in every
 * run), and its engine is reset for each document (plugin-csl's `updateItems([])`, then
 * `rebuildProcessorState`, which starts the citation registry anew).
 */
import { Cite, plugins, type CSL } from '@citation-js/core'
import '@citation-js/plugin-bibtex'
import '@citation-js/plugin-csl'
import { parseYaml } from '../util/yaml.js'
import { hashString } from '../util/hash.js'
import type { PhrasingContent } from 'mdast'
import type { CitationItem } from '../mdast/nodes.js'
import { CHICAGO_AUTHOR_DATE } from './styles/chicago-author-date.js'
import { IEEE } from './styles/ieee.js'
import { builtinStyle } from './shipped-styles.js'

/** One bibliography file's text, with the name messages give it. */
export interface BibliographyText {
  name: string
  text: string
}

export interface FormatRequest {
  bibliographies: BibliographyText[]
  /** CSL items written in the front matter (`references:`). */
  references: unknown[]
  /** A shipped style's name, or a style's CSL XML. */
  style: string
  lang?: string
  clusters: Array<{ mode: 'normal' | 'author-in-text'; items: CitationItem[] }>
  /** Keys cited with `nocite` (`*`: every entry). */
  nocite: string[]
}

export interface FormattedCluster {
  /** The citation's HTML (citeproc's), or undefined when none of its keys is known. */
  html?: string
  /** Note styles: the footnote's HTML; `html` is then what stays in the text (author-in-text: the author). */
  note?: string
  /** Keys not in any bibliography. */
  unknown: string[]
}

export interface FormatProblem {
  reason: string
  ruleId: 'bibliography-invalid' | 'csl-invalid'
  /** The bibliography file or style it is about. */
  name?: string
  line?: number
}

export interface FormatResult {
  clusters: FormattedCluster[]
  /** The reference list in the style's order: each entry's key and HTML. */
  entries: Array<{ key: string; html: string }>
  hangingIndent: boolean
  problems: FormatProblem[]
}


/** What a citeproc-js engine offers (the parts used here). */
interface Engine {
  opt: { class?: string }
  rebuildProcessorState(citations: unknown[], mode: string, uncited: string[]): Array<[string, number, string]>
  previewCitationCluster(citation: unknown, before: unknown[], after: unknown[], mode: string): string
  makeBibliography(): false | [{ hangingindent?: number | boolean; 'second-field-align'?: string | false; entry_ids: string[][] }, string[]]
}

export function formatCitations(request: FormatRequest): FormatResult {
  const problems: FormatProblem[] = []
  const items = new Map<string, CSL>()
  for (const source of request.bibliographies) for (const item of readBibliography(source, problems)) if (!items.has(String(item.id))) items.set(String(item.id), item)
  for (const item of cslItems(request.references, 'references', problems)) if (!items.has(String(item.id))) items.set(String(item.id), item)

  const engine = engineFor(request.style, request.lang, [...items.values()], problems)
  authorWithoutAffixes(engine)
  const note = engine.opt.class === 'note'
  const citations: unknown[] = []
  const clusters: FormattedCluster[] = request.clusters.map((cluster, index) => {
    const known = cluster.items.filter((item) => items.has(item.key))
    const unknown = cluster.items.filter((item) => !items.has(item.key)).map((item) => item.key)
    if (known.length > 0) {
      const properties: Record<string, unknown> = { noteIndex: note ? citations.length + 1 : 0 }
      if (cluster.mode === 'author-in-text' && !note) properties.mode = 'composite'
      citations.push({ citationID: `c${index}`, citationItems: known.map(citeprocItem), properties })
    }
    return { unknown }
  })
  const uncited = request.nocite.includes('*') ? [...items.keys()] : request.nocite.filter((key) => items.has(key))
  let formatted: Array<[string, number, string]> = []
  try {
    formatted = engine.rebuildProcessorState(citations, 'html', uncited)
  } catch (error) {
    problems.push({ reason: `The citations could not be formatted (${describe(error)})`, ruleId: 'csl-invalid' })
  }
  for (const [id, , html] of formatted) {
    const index = Number(id.slice(1))
    const cluster = clusters[index]!
    // A numeric style has no author in its citations (IEEE): citeproc-js's composite mode then
    // prints a placeholder, where pandoc writes the authors' family names ("Doe and Roe [1]").
    if (!note) cluster.html = html.includes('[NO_PRINTED_FORM]') ? html.replace('[NO_PRINTED_FORM]', escapeHtml(familyNames(items.get(request.clusters[index]!.items.find((item) => items.has(item.key))!.key)!))) : html
    else {
      cluster.note = html
      const source = request.clusters[index]!
      // pandoc: an author-in-text citation in a note style leaves the author in the text.
      if (source.mode === 'author-in-text') cluster.html = engine.previewCitationCluster({ citationItems: source.items.filter((item) => items.has(item.key)).map(citeprocItem), properties: { noteIndex: 0, mode: 'author-only' } }, [], [], 'html')
    }
  }
  const entries: Array<{ key: string; html: string }> = []
  let hangingIndent = false
  const bibliography = safely(() => engine.makeBibliography(), problems)
  if (bibliography) {
    const [params, html] = bibliography
    // A second-field-aligned list ("[1]  J. Doe…", IEEE) hangs its text after the number too.
    hangingIndent = Boolean(params.hangingindent) || Boolean(params['second-field-align'])
    params.entry_ids.forEach((ids, index) => entries.push({ key: String(ids[0]), html: html[index] ?? '' }))
  }
  return { clusters, entries, hangingIndent, problems }
}

/** The internal step of citeproc-js that renders one citation (replaced on an engine by authorWithoutAffixes). */
type RenderCluster = (this: unknown, sorted: Array<[unknown, Record<string, unknown>]>, citation: { properties?: { mode?: string } }) => string

const patched = new WeakSet<object>()

/**
 * citeproc-js (2.4) renders an author-in-text citation ("composite" mode) as its author-only
 * form, then its suppress-author form, both with the items' prefixes and suffixes:
 * `@doe99 [p. 3, and elsewhere]` came out "Doe, and elsewhere (1999, 3, and elsewhere)" where
 * pandoc writes "Doe (1999, 3, and elsewhere)". On this engine (plugin-csl keeps engines, so
 * once each) the author's half is rendered without them; the rest is citeproc-js's own step.
 */
function authorWithoutAffixes(engine: Engine): void {
  const own = engine as unknown as { process_CitationCluster?: RenderCluster }
  const original = own.process_CitationCluster
  if (patched.has(engine) || typeof original !== 'function') return
  patched.add(engine)
  own.process_CitationCluster = function (this: unknown, sorted, citation) {
    const properties = citation?.properties
    if (properties?.mode !== 'composite') return original.call(this, sorted, citation)
    const affixes = sorted.map(([, cite]) => [cite.prefix, cite.suffix] as const)
    for (const [, cite] of sorted) {
      delete cite.prefix
      delete cite.suffix
    }
    let author: string
    try {
      properties.mode = 'author-only'
      author = original.call(this, sorted, citation)
    } finally {
      sorted.forEach(([, cite], index) => {
        const [prefix, suffix] = affixes[index]!
        if (prefix !== undefined) cite.prefix = prefix
        if (suffix !== undefined) cite.suffix = suffix
      })
    }
    properties.mode = 'suppress-author'
    const rest = original.call(this, sorted, citation)
    properties.mode = 'composite'
    return [author, rest].filter(Boolean).join(' ')
  }
}

/** An item's authors (else editors) by family name, as pandoc names them in the text: "Doe", "Doe and Roe", "Doe et al.". */
function familyNames(item: CSL): string {
  const names = (item.author ?? item.editor ?? []).map((name) => name.family ?? name.literal ?? '').filter((name) => name !== '')
  if (names.length === 0) return String(item.title ?? item.id)
  return names.length === 1 ? names[0]! : names.length === 2 ? `${names[0]} and ${names[1]}` : `${names[0]} et al.`
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&#38;').replace(/</g, '&#60;').replace(/>/g, '&#62;')
}

function citeprocItem(item: CitationItem): Record<string, unknown> {
  const out: Record<string, unknown> = { id: item.key }
  if (item.prefix) out.prefix = `${item.prefixContent ? affixMarkup(item.prefixContent) : item.prefix} `
  if (item.suffix) {
    const suffix = item.suffixContent ? affixMarkup(item.suffixContent) : item.suffix
    out.suffix = /^[\s,.;:]/.test(item.suffix) ? suffix : ` ${suffix}`
  }
  if (item.locator !== undefined) {
    out.locator = item.locator
    out.label = item.label === 'sub verbo' ? 'sub-verbo' : item.label
  }
  if (item.suppressAuthor) out['suppress-author'] = true
  return out
}

/**
 * An affix's markup as citeproc-js reads it in a prefix or suffix: `<i>`, `<b>` (it escapes
 * every other `<` and `&` itself, so text goes in as it is); other markup gives its text.
 */
function affixMarkup(nodes: PhrasingContent[]): string {
  return nodes
    .map((node): string => {
      if (node.type === 'emphasis') return `<i>${affixMarkup(node.children)}</i>`
      if (node.type === 'strong') return `<b>${affixMarkup(node.children)}</b>`
      if ('children' in node) return affixMarkup(node.children as PhrasingContent[])
      return 'value' in node ? node.value : ''
    })
    .join('')
}

/** A style's engine: a shipped style by name, else the caller's CSL XML; Chicago author-date (pandoc's default) when it cannot be read. */
function engineFor(style: string, lang: string | undefined, items: CSL[], problems: FormatProblem[]): Engine {
  const csl = plugins.config.get('@csl') as { engine: (data: CSL[], style: string, locale: string | undefined, format: string) => Engine; styles: { has(name: string): boolean; add(name: string, xml: string): void }; locales: { has(name: string): boolean } }
  const locale = localeFor(lang, csl.locales)
  const name = registerStyle(style, csl.styles)
  try {
    return csl.engine(items, name, locale, 'html')
  } catch (error) {
    problems.push({ reason: `The citation style could not be read (${describe(error)}); Chicago author-date is used`, ruleId: 'csl-invalid' })
    return csl.engine(items, registerStyle('chicago-author-date', csl.styles), locale, 'html')
  }
}

function registerStyle(style: string, styles: { has(name: string): boolean; add(name: string, xml: string): void }): string {
  const builtin = builtinStyle(style)
  if (builtin === 'apa' || builtin === 'vancouver') return builtin
  const xml = builtin === 'ieee' ? IEEE : builtin === 'chicago-author-date' ? CHICAGO_AUTHOR_DATE : style
  const name = `markdocx-${hashString(xml)}`
  if (!styles.has(name)) styles.add(name, xml)
  return name
}

/** plugin-csl's locale for a BCP 47 tag (`de` → `de-DE`); English (citeproc's default) otherwise. */
function localeFor(lang: string | undefined, locales: { has(name: string): boolean }): string | undefined {
  if (!lang) return undefined
  if (locales.has(lang)) return lang
  const base = lang.split(/[-_]/)[0]!.toLowerCase()
  const guess = `${base}-${base === 'en' ? 'US' : base.toUpperCase()}`
  return locales.has(guess) ? guess : undefined
}

/** A bibliography file's entries: BibTeX/BibLaTeX, CSL-JSON or CSL-YAML, by its name and content. */
function readBibliography(source: BibliographyText, problems: FormatProblem[]): CSL[] {
  const name = source.name.toLowerCase()
  const text = source.text.replace(/^\uFEFF/, '')
  if (name.endsWith('.json') || (!name.endsWith('.bib') && !name.endsWith('.bibtex') && /^\s*[[{]/.test(text))) {
    try {
      const data: unknown = JSON.parse(text)
      return cslItems(Array.isArray(data) ? data : data && typeof data === 'object' && 'items' in data ? (data as { items: unknown }).items : [data], source.name, problems)
    } catch (error) {
      problems.push({ reason: `${source.name} is not valid CSL-JSON (${describe(error)})`, ruleId: 'bibliography-invalid', name: source.name, ...lineOfJsonError(error, text) })
      return []
    }
  }
  if (name.endsWith('.yaml') || name.endsWith('.yml')) {
    try {
      const data: unknown = parseYaml(text, { maxAliasCount: 100 })
      const list = Array.isArray(data) ? data : data && typeof data === 'object' && 'references' in data ? (data as { references: unknown }).references : []
      return cslItems(Array.isArray(list) ? list : [], source.name, problems)
    } catch (error) {
      const line = (error as { linePos?: Array<{ line: number }> }).linePos?.[0]?.line
      problems.push({ reason: `${source.name} is not valid CSL-YAML (${describe(error)})`, ruleId: 'bibliography-invalid', name: source.name, ...(line ? { line } : {}) })
      return []
    }
  }
  return readBibtex(source.name, text, problems)
}

/** BibTeX: the whole file at once; when that fails, entry by entry, so one bad entry costs only itself. */
function readBibtex(name: string, text: string, problems: FormatProblem[]): CSL[] {
  try {
    return clean(readAs(text, '@biblatex/text'))
  } catch {
    // Each `@type{` at a line's start begins an entry.
    const starts: number[] = []
    for (const match of text.matchAll(/^[ \t]*@/gm)) starts.push(match.index)
    const out: CSL[] = []
    // Lines counted on from entry to entry: a file of thousands of bad entries costs its length.
    let line = 1
    let counted = 0
    starts.forEach((start, index) => {
      for (let at = text.indexOf('\n', counted); at !== -1 && at < start; at = text.indexOf('\n', at + 1)) line++
      counted = start
      const chunk = text.slice(start, starts[index + 1] ?? text.length)
      try {
        out.push(...clean(readAs(chunk, '@biblatex/text')))
      } catch (error) {
        // The entry's first line: the parser's own line is often where it gave up (the file's end).
        problems.push({ reason: `${name}: an entry could not be read (${describe(error).split('\n')[0]}); it was left out`, ruleId: 'bibliography-invalid', name, line })
      }
    })
    if (starts.length === 0 && text.trim() !== '') problems.push({ reason: `${name} holds no BibTeX entries`, ruleId: 'bibliography-invalid', name })
    return out
  }
}

/** CSL items as given (front matter, JSON, YAML): those with an id, read by citation-js. */
function cslItems(list: unknown, name: string, problems: FormatProblem[]): CSL[] {
  if (!Array.isArray(list)) return []
  const valid = list.filter((item): item is Record<string, unknown> => item !== null && typeof item === 'object' && !Array.isArray(item) && (typeof (item as { id?: unknown }).id === 'string' || typeof (item as { id?: unknown }).id === 'number'))
  if (valid.length < list.length) problems.push({ reason: `${name}: ${list.length - valid.length} of its entries have no id and were left out`, ruleId: 'bibliography-invalid', name })
  try {
    return clean(readAs(valid.map((item) => ({ type: 'document', ...item, id: String(item.id) })), '@csl/list+object'))
  } catch (error) {
    problems.push({ reason: `${name} could not be read (${describe(error)})`, ruleId: 'bibliography-invalid', name })
    return []
  }
}

/** citation-js's reading of `data` as `forceType`, with no record of how (its `_graph`). */
function readAs(data: unknown, forceType: string): CSL[] {
  return new Cite(data, { forceType, generateGraph: false } as ConstructorParameters<typeof Cite>[1]).data as CSL[]
}

/** Items without citation-js's bookkeeping (the source text it keeps in `_graph`). */
function clean(items: CSL[]): CSL[] {
  return items.map((item) => {
    const { _graph: _unused, ...rest } = item as CSL & { _graph?: unknown }
    return { ...rest, id: String(rest.id) } as CSL
  })
}

function lineOfJsonError(error: unknown, text: string): { line?: number } {
  const at = /position (\d+)/.exec(describe(error))
  return at ? { line: text.slice(0, Number(at[1])).split('\n').length } : {}
}

function safely<T>(run: () => T, problems: FormatProblem[]): T | undefined {
  try {
    return run()
  } catch (error) {
    problems.push({ reason: `The reference list could not be made (${describe(error)})`, ruleId: 'csl-invalid' })
    return undefined
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
