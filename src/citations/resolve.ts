/**
 * Citations formatted against the document's bibliography, on the whole tree, after parsing and
 * before compiling or previewing (like image loading): every citation node gets its formatted
 * form (`data.formatted`, or `data.note` in a note style), and the reference list goes in as a
 * `bibliography` node — in a `::: {#refs}` div, else at the end: after the document's last
 * heading when that is "References"/"Bibliography" (or the `reference-section-title`), else
 * under a new heading (`reference-section-title`, default "References"). pandoc's rules and
 * front-matter keys: `bibliography`, `references`, `csl`, `nocite`, `link-citations`,
 * `reference-section-title`, `suppress-bibliography`, `lang`.
 *
 * Without a bibliography nothing changes: citations show as written and no key is reported (a
 * README's `@username` is no citation). With one, an unknown key is reported
 * (`citation-unknown`) and shown as pandoc shows it (**key?**); a bare `@word` that is not in
 * the bibliography stays as written (it is most likely a mention), reported all the same.
 *
 * No I/O here: the caller passes the bibliography texts, or `loadFile` for the paths the front
 * matter names (the CLI reads them beside the Markdown file, the app from the document's files).
 * The processor (format.ts, citation-js: big) is imported only when there is work for it.
 */
import type { Heading, Link, PhrasingContent, Root, RootContent, Strong, Text, Yaml } from 'mdast'
import type { Position } from 'unist'
import type { VFile } from 'vfile'
import { readFrontMatter } from '../mdast/front-matter.js'
import type { Bibliography, BibliographyEntry, Citation, FencedDiv } from '../mdast/nodes.js'
import { walk } from '../mdast/walk.js'
import { hashString } from '../util/hash.js'
import { cslHtmlToMdast } from './csl-html.js'
import { builtinStyle } from './shipped-styles.js'
import type { BibliographyText, FormatRequest, FormatResult } from './format.js'

export type { BibliographyText } from './format.js'

export interface CitationOptions {
  /** Bibliography files' texts (BibTeX `.bib`, CSL-JSON `.json`, CSL-YAML `.yaml`: the name tells), used besides the front matter's. */
  bibliography?: BibliographyText[]
  /** A citation style: a shipped one's name (`apa`, `chicago-author-date`, `ieee`, `vancouver`) or CSL XML. Wins over the front matter's `csl`. */
  csl?: string
  /** Loads a file the front matter names (`bibliography: refs.bib`, `csl: my.csl`) as text; undefined when it cannot. */
  loadFile?: (path: string) => Promise<string | undefined>
  /** The document language (wins over the front matter's `lang`): the style's terms ("and", "p."). */
  lang?: string
  /** Formats citations (format.ts's formatCitations); callers that keep one result per input pass a caching one. */
  format?: (request: FormatRequest) => FormatResult | Promise<FormatResult>
}

/** The default style, as pandoc's. */
const DEFAULT_STYLE = 'chicago-author-date'
const REFERENCE_HEADINGS = /^(references|bibliography|works cited|literature|sources|literatur|bibliographie|références|referencias|bibliografía|bibliografia|literatuur)$/i

/** What a document asks of its citations: read from the front matter and the options. */
export interface CitationPlan {
  citations: Citation[]
  request: Omit<FormatRequest, 'bibliographies' | 'style'>
  paths: string[]
  style: string
  stylePath?: string
  linkCitations: boolean
  sectionTitle?: string
  suppressBibliography: boolean
  yaml?: Yaml
}

/** Whether the tree has citations to format and somewhere to look them up (the worker's cheap test before a copy). */
export function citationPlan(tree: Root, options: Pick<CitationOptions, 'bibliography' | 'csl' | 'lang'> = {}): CitationPlan | undefined {
  const citations: Citation[] = []
  walk(tree, (node) => {
    if (node.type === 'citation') {
      citations.push(node as Citation)
      return false
    }
    return undefined
  })
  const yaml = tree.children[0]?.type === 'yaml' ? tree.children[0] : undefined
  const metadata = yaml ? readFrontMatter(tree) : undefined
  const extra = metadata?.extra ?? {}
  const nocite = keysOf(extra.nocite)
  if (citations.length === 0 && nocite.length === 0) return undefined
  const paths = texts(extra.bibliography)
  const references = Array.isArray(extra.references) ? extra.references : []
  if (paths.length === 0 && references.length === 0 && (options.bibliography?.length ?? 0) === 0) return undefined
  const csl = options.csl ?? texts(extra.csl)[0] ?? texts(extra['citation-style'])[0]
  const plan: CitationPlan = {
    citations,
    request: { references, clusters: citations.map((node) => ({ mode: node.data.mode, items: node.data.items })), nocite, ...(options.lang ?? metadata?.lang ? { lang: (options.lang ?? metadata?.lang)! } : {}) },
    paths,
    style: DEFAULT_STYLE,
    linkCitations: extra['link-citations'] === true || extra['link-citations'] === 'true',
    suppressBibliography: extra['suppress-bibliography'] === true,
  }
  if (csl !== undefined) {
    if (options.csl !== undefined || isShipped(csl)) plan.style = csl
    else plan.stylePath = csl
  }
  const title = texts(extra['reference-section-title'])[0]
  if (title) plan.sectionTitle = title
  if (yaml) plan.yaml = yaml
  return plan
}

/** Formats the tree's citations and adds its reference list (see the file's comment). Never throws on content. */
export async function resolveCitations(tree: Root, file: VFile, options: CitationOptions = {}): Promise<void> {
  // A tree formatted already (the app's preview tree, handed to its export worker) is not done again.
  if (tree.data?.citationsResolved) return
  const plan = citationPlan(tree, options)
  if (!plan) return
  tree.data = { ...tree.data, citationsResolved: true }
  const place = plan.yaml?.position
  const bibliographies: BibliographyText[] = [...(options.bibliography ?? [])]
  for (const path of plan.paths) {
    const text = await load(options.loadFile, path)
    if (text === undefined) file.message(`Bibliography ${path} could not be read; its citations are not formatted`, { place, ruleId: 'bibliography-missing', source: 'markdocx' })
    else bibliographies.push({ name: path, text })
  }
  let style = plan.style
  if (plan.stylePath) {
    const text = await load(options.loadFile, plan.stylePath)
    if (text === undefined) file.message(`Citation style ${plan.stylePath} could not be read; Chicago author-date is used`, { place, ruleId: 'csl-invalid', source: 'markdocx' })
    else style = text
  }
  let result: FormatResult
  try {
    const format = options.format ?? (await import('./format.js')).formatCitations
    result = await format({ ...plan.request, bibliographies, style })
  } catch (error) {
    file.message(`Citations could not be formatted (${error instanceof Error ? error.message : String(error)}); they are kept as written`, { place, ruleId: 'csl-invalid', source: 'markdocx' })
    return
  }
  for (const problem of result.problems) {
    const where = problem.line !== undefined && problem.name ? ` (${problem.name}, line ${problem.line})` : ''
    file.message(`${problem.reason}${where}`, { place, ruleId: problem.ruleId, source: 'markdocx' })
  }
  applyResult(tree, file, plan, result)
}

/** Puts a format result on the tree: formatted citations, unknown keys reported, the reference list placed. */
export function applyResult(tree: Root, file: VFile, plan: CitationPlan, result: FormatResult): void {
  const entryKeys = new Set(result.entries.map((entry) => entry.key))
  plan.citations.forEach((citation, index) => {
    const cluster = result.clusters[index]
    delete citation.data.formatted
    delete citation.data.note
    if (!cluster) return
    for (const key of cluster.unknown) file.message(`Citation key @${key} is not in the bibliography`, { place: citation.position, ruleId: 'citation-unknown', source: 'markdocx' })
    // A bare `@word` that no entry has is most likely a mention: it stays as written.
    if (citation.data.mode === 'author-in-text' && cluster.html === undefined && cluster.note === undefined) return
    const unknown: PhrasingContent[] = cluster.unknown.flatMap((key, at): PhrasingContent[] => [...(at > 0 || cluster.html ? [{ type: 'text', value: '; ' } as Text] : []), { type: 'strong', children: [{ type: 'text', value: `${key}?` }] } as Strong])
    const known = citation.data.items.filter((item) => !cluster.unknown.includes(item.key))
    const link = (nodes: PhrasingContent[]): PhrasingContent[] => {
      // One work cited: the citation links to its entry (link-citations), as pandoc's does.
      if (!plan.linkCitations || known.length !== 1 || !entryKeys.has(known[0]!.key) || nodes.length === 0) return nodes
      return [{ type: 'link', url: `#ref-${known[0]!.key}`, children: nodes } as Link]
    }
    if (cluster.note !== undefined) {
      citation.data.note = [...cslHtmlToMdast(cluster.note), ...unknown]
      citation.data.formatted = cluster.html ? link(cslHtmlToMdast(cluster.html)) : []
    } else citation.data.formatted = [...(cluster.html ? link(cslHtmlToMdast(cluster.html)) : []), ...unknown]
  })
  if (plan.suppressBibliography || result.entries.length === 0) return
  const entries: BibliographyEntry[] = result.entries.map((entry) => ({ type: 'bibliographyEntry', children: cslHtmlToMdast(entry.html), data: { attributes: { id: `ref-${entry.key}`, classes: ['csl-entry'], pairs: [] }, hName: 'div', hProperties: { id: `ref-${entry.key}`, className: ['csl-entry'] } } }))
  const end = tree.position?.end ?? tree.children[tree.children.length - 1]?.position?.end
  const at: Position | undefined = end ? { start: { ...end }, end: { ...end } } : undefined
  const bibliography: Bibliography = {
    type: 'bibliography',
    children: entries,
    data: { hangingIndent: result.hangingIndent, signature: hashString(`${result.hangingIndent}\u0000${result.entries.map((entry) => `${entry.key}\u0001${entry.html}`).join('\u0000')}`), hName: 'div', hProperties: { id: 'refs', className: ['references', 'csl-bib-body', ...(result.hangingIndent ? ['hanging-indent'] : [])] } },
  }
  // pandoc's rule: the reference list goes in the div with id "refs" when there is one.
  const refs = tree.children.findIndex((node) => node.type === 'fencedDiv' && node.data?.attributes?.id === 'refs')
  if (refs >= 0) {
    // A copy of the div: the parser's trees share their nodes with its next result.
    const div = tree.children[refs] as FencedDiv
    tree.children[refs] = { ...div, children: [...div.children, bibliography] }
    return
  }
  if (at) bibliography.position = at
  const last = lastHeading(tree.children)
  const title = plan.sectionTitle ?? 'References'
  const named = last !== undefined && (REFERENCE_HEADINGS.test(headingText(last).trim()) || headingText(last).trim() === plan.sectionTitle)
  if (!named) {
    const heading: Heading = { type: 'heading', depth: 1, children: [{ type: 'text', value: title }], data: { attributes: { classes: ['unnumbered'], pairs: [] }, referenceHeading: true } }
    if (at) heading.position = at
    tree.children.push(heading)
  }
  tree.children.push(bibliography)
}

function lastHeading(children: RootContent[]): Heading | undefined {
  for (let index = children.length - 1; index >= 0; index--) {
    const node = children[index]!
    if (node.type === 'heading') return node
  }
  return undefined
}

function headingText(heading: Heading): string {
  return heading.children.map((child) => ('value' in child ? child.value : '')).join('')
}

async function load(loadFile: CitationOptions['loadFile'], path: string): Promise<string | undefined> {
  if (!loadFile) return undefined
  try {
    return await loadFile(path)
  } catch {
    return undefined
  }
}

function isShipped(name: string): boolean {
  return builtinStyle(name) !== undefined
}

/** A front-matter value as a list of texts (one path or a list of them). */
function texts(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value]
  return list.filter((item): item is string | number => typeof item === 'string' || typeof item === 'number').map((item) => String(item).trim()).filter((item) => item !== '')
}

/** `nocite`'s keys: `@a, @b`, `[@a; @b]`, `@*` (every entry). */
function keysOf(value: unknown): string[] {
  const keys: string[] = []
  for (const text of texts(value)) for (const match of text.matchAll(/@(\*|\{[^}]+\}|[\p{L}\p{N}_](?:[\p{L}\p{N}_]|[:.#$%&\-+?<>~/](?=[\p{L}\p{N}_]))*)/gu)) keys.push(match[1]!.replace(/^\{|\}$/g, ''))
  return keys
}
