/**
 * The preview as a list of top-level blocks, each rendered to sanitised hast on its own and
 * cached under a content key, so an edit re-renders only the blocks it touched.
 *
 * A block's rendering depends on its source text *and* on a little document-wide context: the
 * slug of each heading (duplicates get `-1`, `-2`…), the definitions its references resolve
 * to, and the number of each footnote reference. The key hashes all of that, so a block whose
 * key is unchanged renders exactly as before. Source lines inside a block are stored relative
 * to the block's first line (`dataRel`), so a block that only moved keeps its key; the page
 * adds the block's line (see src/preview).
 */
import type { Element, ElementContent, Root as HastRoot, RootContent as HastContent } from 'hast'
import { raw } from 'hast-util-raw'
import { sanitize } from 'hast-util-sanitize'
import GithubSlugger from 'github-slugger'
import type { Code, Definition, FootnoteDefinition, FootnoteReference, Heading, ImageReference, Link, LinkReference, List, ListItem, Nodes, Paragraph, Parents, Root, RootContent, TableCell, Text } from 'mdast'
import type { InlineMath, Math } from 'mdast-util-math'
import { defaultHandlers, toHast, type Handlers, type Options as ToHastOptions, type State } from 'mdast-util-to-hast'
import { toString } from 'mdast-util-to-string'
import { hasRtlLetter } from '../../mdast/direction.js'
import { soleImage } from '../../mdast/figure.js'
import { headingSlug } from '../../mdast/slugs.js'
import { headingLabels, mayHoldReference, referenceLabels, splitReferences } from '../../mdast/implicit-links.js'
import { hasVisibleText } from '../../mdast/link-text.js'
import { safeUrl } from '../../mdast/safe-url.js'
import { markHtmlFigures } from './html-figures.js'
import { blockquote, fencedDiv } from './callout.js'
import { code } from './code.js'
import { hastOptions } from './hast-options.js'
import { yaml } from './front-matter.js'
import { hashString } from '../../util/hash.js'
import type { Citation } from '../../mdast/nodes.js'
import { readFrontMatter } from '../../mdast/front-matter.js'
import { numberSectionsOf, sectionNumbers } from '../../mdast/section-numbers.js'
import { crossReferenceEntries, figureCaption, labelKind, type CrossReferenceEntry } from '../../mdast/cross-references.js'
import { crossReferenceSettings, type CrossReferenceSettings } from '../../mdast/cross-reference-settings.js'
import type { CrossReference, TableCaption } from '../../mdast/nodes.js'
import { crossReferenceHast, crossReferenceSignature, figureCaptionElement, listingCaption, numberedEquation, previewCrossReferences, shapesNumbers, tableCaption, type PreviewCrossReferences } from './cross-references.js'
import { inlineMath, math } from './math.js'
import { previewSchema } from './schema.js'
import { safeSrcset } from './safe-srcset.js'
import { dropUnclosedRawText } from './unclosed-raw-text.js'
import { footnoteParts } from './footnote-parts.js'
import { markHtmlPageBreaks } from './html-page-breaks.js'
import { countText, type TextCounts } from './counts.js'
import { summarize } from './summary.js'
import { limitBlock, WIDE_TABLE, WIDE_TABLE_COLUMNS, type PreviewCut } from './size-limits.js'
import type { Message } from '../messages.js'
import { append } from '../../util/append.js'
import { extent } from '../../util/extent.js'
import { xmlSafe } from '../../util/xml-safe.js'

export interface PreviewBlock {
  /** Content key: two blocks with the same key render to the same hast. */
  key: string
  /** 1-based source line of the block's first and last line. */
  line: number
  endLine: number
  /** `footnotes` is the section of footnote bodies at the end, out of source order. */
  kind: 'block' | 'footnotes'
  /** Rough height in text rows, for a page that lays out blocks it has not drawn (see summary.ts). */
  rows: number
  /** The element ids inside the block (headings, footnotes, raw anchors), for links to blocks not drawn. */
  ids?: string[]
  /** Elements in the block's rendering (as drawn: after size-limits.ts), for a page that draws a few at a time. */
  elements?: number
}

export interface RenderedBlock extends TextCounts {
  /** Sanitised hast; block elements carry `dataRel`, their line relative to the block's. */
  hast: HastRoot
  rows: number
  ids: string[]
  /** Elements in `hast`. */
  elements: number
  /** What the preview leaves out of this block (too large to lay out at once); the counts are of all of it. */
  cuts?: PreviewCut[]
}

export interface OutlineEntry {
  depth: number
  text: string
  /** The heading's slug; its element id in the preview is `user-content-` + slug. */
  slug: string
  line: number
}

export interface PreviewLayout extends TextCounts {
  blocks: PreviewBlock[]
  outline: OutlineEntry[]
  /** What the preview leaves out of blocks too large to lay out at once, at their source lines. */
  notes: Message[]
}

/** Elements that get a source line: the block-level ones a reader can scroll to or click. */
const BLOCK_TAGS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'blockquote', 'pre', 'table', 'tr', 'hr', 'div', 'section', 'header', 'dl', 'dt', 'dd', 'details', 'figure'])

/** Renderings by content key. Keeps only what the last documents used, so it cannot grow without bound. */
export class PreviewCache {
  private entries = new Map<string, RenderedBlock>()
  /** The keys of the parts a rendering was split into, by the whole's key (the footnotes section). */
  private parts = new Map<string, readonly string[]>()

  get(key: string): RenderedBlock | undefined {
    return this.entries.get(key)
  }

  set(key: string, block: RenderedBlock): void {
    this.entries.set(key, block)
  }

  /** The renderings of the parts of `key`, when all are still here. */
  getParts(key: string): Array<{ key: string; rendered: RenderedBlock }> | undefined {
    const keys = this.parts.get(key)
    if (!keys) return undefined
    const out: Array<{ key: string; rendered: RenderedBlock }> = []
    for (const part of keys) {
      const rendered = this.entries.get(part)
      if (!rendered) return undefined
      out.push({ key: part, rendered })
    }
    return out
  }

  setParts(key: string, parts: ReadonlyArray<{ key: string; rendered: RenderedBlock }>): void {
    for (const part of parts) this.entries.set(part.key, part.rendered)
    this.parts.set(
      key,
      parts.map((part) => part.key),
    )
  }

  /** Forgets every rendering not in `keep` (a whole split into parts is kept with its parts). */
  retain(keep: Iterable<string>): void {
    const wanted = new Set(keep)
    for (const [key, parts] of this.parts) {
      if (parts.some((part) => wanted.has(part))) wanted.add(key)
      else this.parts.delete(key)
    }
    for (const key of this.entries.keys()) if (!wanted.has(key)) this.entries.delete(key)
  }

  get size(): number {
    return this.entries.size
  }
}

/** What a block needs from the rest of the document to render. */
export interface Environment {
  slugs: Map<Heading, string>
  definitions: Map<string, Definition>
  footnotes: Map<string, FootnoteDefinition>
  /** Footnote ids in the order their numbers are given (first reference first, as GitHub does). */
  footnoteOrder: string[]
  /** Each footnote id's place in footnoteOrder. */
  footnoteIndex: Map<string, number>
  /** For every footnote reference: how many references to the same footnote came before it. */
  earlier: Map<FootnoteReference, number>
  /** References per footnote outside footnote bodies (those inside are counted when the bodies render). */
  bodyCounts: Map<string, number>
  /** Each numbered heading's number, when the front matter asks for `number-sections`. */
  sectionNumbers?: Map<Heading, string>
  /** Heading labels → slugs, for pandoc's implicit heading references (implicit-links.ts). */
  headingLabels: Map<string, string>
  /** Cross-reference numbers (pandoc-crossref's labels and references), as the export numbers them. */
  crossReferences: PreviewCrossReferences
}

type Reference = LinkReference | ImageReference

/**
 * What one top-level node contributes to the document-wide context, found by one walk of its
 * subtree. Kept per node object: the chunked parser hands back the same objects for chunks
 * that did not change, so an edit walks only the blocks it touched.
 */
export interface NodeFacts {
  /** Length of the source the facts were taken from: a node re-used with other content is walked again. */
  length: number
  children: number
  /** Content hash of the node's type and source. */
  hash: string
  headings: Heading[]
  definitions: Definition[]
  footnoteDefinitions: FootnoteDefinition[]
  /** Footnote references outside footnote bodies, in document order. */
  footnoteReferences: FootnoteReference[]
  /** Link and image references outside footnote bodies. */
  references: Reference[]
  /** Labels of bracketed text (`[Heading text]`) that may be implicit heading references. */
  implicit: string[]
  /** Front matter only: whether it asks for numbered headings (`number-sections`). */
  numberSections?: boolean
  /** What the cross-reference numbering counts and reads here, in order (mdast/cross-references.ts). */
  crossReferences: CrossReferenceEntry[]
  /** Front matter only: the words of captions and references it asks for. */
  crossReferenceSettings?: CrossReferenceSettings
}

const factsCache = new WeakMap<RootContent, NodeFacts>()
const bodyCache = new WeakMap<FootnoteDefinition, { length: number; footnoteReferences: FootnoteReference[]; references: Reference[]; headings: Heading[]; definitions: Definition[]; implicit: string[]; crossReferences: CrossReferenceEntry[] }>()

const headingTexts = new WeakMap<Heading, { length: number; text: string }>()

/** A heading's plain text, kept per heading object (the slugs and the outline both need it every render). */
export function headingText(heading: Heading): string {
  const cached = headingTexts.get(heading)
  if (cached && cached.length === lengthOf(heading)) return cached.text
  const text = toString(heading)
  headingTexts.set(heading, { length: lengthOf(heading), text })
  return text
}

const idOf = (identifier: string) => identifier.toUpperCase()
const lengthOf = (node: Nodes) => (node.position?.end.offset ?? 0) - (node.position?.start.offset ?? 0)
const childCount = (node: Nodes) => ('children' in node ? node.children.length : 0)

/** The context-relevant nodes of a subtree, in document order; footnote bodies are not entered. */
function collect(node: Nodes, into: Omit<NodeFacts, 'length' | 'children' | 'hash' | 'crossReferences'>, enterFootnotes: boolean): void {
  switch (node.type) {
    case 'heading':
      into.headings.push(node)
      break
    case 'definition':
      into.definitions.push(node)
      return
    case 'footnoteDefinition':
      into.footnoteDefinitions.push(node)
      if (!enterFootnotes) {
        // Headings in footnote bodies still take slugs, and their definitions count, in document order.
        append(into.headings, bodyFacts(node).headings)
        append(into.definitions, bodyFacts(node).definitions)
        return
      }
      break
    case 'footnoteReference':
      into.footnoteReferences.push(node)
      break
    case 'linkReference':
    case 'imageReference':
      into.references.push(node)
      break
    case 'text':
      if (mayHoldReference(node.value)) append(into.implicit, referenceLabels(node.value))
      return
  }
  if ('children' in node) for (const child of node.children) collect(child, into, enterFootnotes)
}

export function factsOf(node: RootContent, text: string): NodeFacts {
  const cached = factsCache.get(node)
  if (cached && cached.length === lengthOf(node) && cached.children === childCount(node)) return cached
  const facts: NodeFacts = {
    length: lengthOf(node),
    children: childCount(node),
    hash: blockHash(node, text),
    headings: [],
    definitions: [],
    footnoteDefinitions: [],
    footnoteReferences: [],
    references: [],
    implicit: [],
    // A note's content is numbered where the note is first referenced (its body's facts hold it).
    crossReferences: node.type === 'footnoteDefinition' ? [] : crossReferenceEntries(node),
  }
  collect(node, facts, false)
  if (node.type === 'yaml') {
    const metadata = readFrontMatter({ type: 'root', children: [node] })
    facts.numberSections = numberSectionsOf(metadata.extra['number-sections']) ?? false
    facts.crossReferenceSettings = crossReferenceSettings(metadata.extra, metadata.lang)
  }
  factsCache.set(node, facts)
  return facts
}

/**
 * What a block's rendering takes from its neighbours through a CriticMarkup change spanning
 * blocks (the same text renders otherwise once the change's other end is written).
 */
function criticSignature(node: RootContent): string {
  if (node.type === 'criticChangeBlock') return `${node.change}\u0000`
  if ((node.type === 'paragraph' || node.type === 'heading') && (node.data?.criticMark || node.data?.criticSpan)) return `${node.data.criticMark ?? ''}/${node.data.criticSpan ?? ''}\u0000`
  return ''
}

/**
 * A block's content hash: its type and source — and, where citations were formatted into it
 * (src/citations), what they became, since the same source renders otherwise with another
 * bibliography or style. Nodes the formatter added (the reference list, its heading) have no
 * source of their own: their content is their key.
 */
function blockHash(node: RootContent, text: string): string {
  const source = text.slice(node.position?.start.offset ?? 0, node.position?.end.offset ?? 0)
  let extra = ''
  if (source === '' && (node.type === 'bibliography' || node.type === 'heading')) extra = `${toString(node)}\u0000${node.type === 'bibliography' ? node.data.signature : ''}`
  else if (source.includes('@') || source.includes('refs')) extra = citationSignature(node)
  return hashString(`${node.type}\u0000${criticSignature(node)}${node.type === 'list' ? listPartSignature(node) : ''}${source}${extra ? `\u0000${extra}` : ''}`)
}

/**
 * What a part of a long list (list-parts.ts) takes from the whole list rather than its own
 * source: its first number, whether it is loose, whether a part follows. Parts of equal items
 * have equal source, and an ordered list's parts all started at the first part's number.
 */
function listPartSignature(node: List): string {
  return `${node.ordered ? (node.start ?? 1) : ''}/${node.spread === true ? 1 : 0}/${node.data?.hProperties ? 1 : 0}\u0000`
}

function citationSignature(node: Nodes): string {
  const parts: string[] = []
  const stack: Nodes[] = [node]
  while (stack.length > 0) {
    const next = stack.pop()!
    if (next.type === 'citation') {
      if (next.data.formatted || next.data.note) parts.push(JSON.stringify([next.data.formatted, next.data.note], (key, value: unknown) => (key === 'position' ? undefined : value)))
      continue
    }
    if (next.type === 'bibliography') {
      parts.push(next.data.signature)
      continue
    }
    if ('children' in next) for (const child of next.children) stack.push(child as Nodes)
  }
  return parts.join('\u0001')
}

const bodyHashes = new WeakMap<FootnoteDefinition, { length: number; hash: string }>()

/** A footnote body's content hash, kept per body object. */
function bodyHash(node: FootnoteDefinition, text: string): string {
  const cached = bodyHashes.get(node)
  if (cached && cached.length === lengthOf(node)) return cached.hash
  const hash = hashString(text.slice(node.position?.start.offset ?? 0, node.position?.end.offset ?? 0))
  bodyHashes.set(node, { length: lengthOf(node), hash })
  return hash
}

/** What a footnote body holds (its own references, headings), walked once per body object. */
function bodyFacts(node: FootnoteDefinition) {
  const cached = bodyCache.get(node)
  if (cached && cached.length === lengthOf(node)) return cached
  const into = { headings: [] as Heading[], definitions: [] as Definition[], footnoteDefinitions: [] as FootnoteDefinition[], footnoteReferences: [] as FootnoteReference[], references: [] as Reference[], implicit: [] as string[] }
  for (const child of node.children) collect(child, into, true)
  const facts = { length: lengthOf(node), footnoteReferences: into.footnoteReferences, references: into.references, headings: into.headings, definitions: into.definitions, implicit: into.implicit, crossReferences: crossReferenceEntries(node) }
  bodyCache.set(node, facts)
  return facts
}

/** Whether a node's rendering depends on the rest of the document (its key then includes that context). */
export function dependsOnContext(facts: NodeFacts): boolean {
  return facts.headings.length > 0 || facts.references.length > 0 || facts.footnoteReferences.length > 0 || facts.implicit.length > 0 || facts.crossReferences.length > 0
}

/** Whether a node contributes to the document-wide context (slugs, definitions, footnote numbers). */
export function shapesContext(facts: NodeFacts): boolean {
  return facts.numberSections !== undefined || facts.headings.length > 0 || facts.definitions.length > 0 || facts.footnoteDefinitions.length > 0 || facts.footnoteReferences.length > 0 || facts.crossReferences.some(shapesNumbers)
}

/** The content key of a top-level node's block: its own hash, and the context it renders with. */
export function blockKey(facts: NodeFacts, env: Environment): string {
  if (!dependsOnContext(facts)) return facts.hash
  const context = contextOf(facts, env)
  return context.signature === '' ? facts.hash : hashString(`${facts.hash}\u0000${context.signature}`)
}

/** A top-level node's block rendered (into `cache` under `key`, when not there yet). */
export function renderedBlock(node: RootContent, facts: NodeFacts, key: string, env: Environment, text: string, cache: PreviewCache): RenderedBlock {
  let rendered = cache.get(key)
  if (rendered) return rendered
  const start = node.position?.start
  try {
    rendered = renderBlock([node], contextOf(facts, env).definitions, start?.line ?? 1, blockOptions(env))
  } catch (error) {
    // Hostile input (thousands of nested HTML elements) can exhaust the stack somewhere in
    // hast-util-raw or the sanitiser: show that block's source rather than no preview at all.
    rendered = sourceBlock(text.slice(start?.offset ?? 0, node.position?.end.offset ?? 0), error)
  }
  cache.set(key, rendered)
  return rendered
}

/**
 * The document-wide context, from the facts of every top-level node. Mirrors
 * mdast-util-to-hast's numbering: the body first, then footnote bodies in the order their
 * footnotes were first referenced (references inside them come last); headings take slugs in
 * document order, as src/mdast/slugs.ts gives them.
 */
export function environment(all: readonly NodeFacts[]): Environment {
  const definitions = new Map<string, Definition>()
  const footnotes = new Map<string, FootnoteDefinition>()
  const footnoteOrder: string[] = []
  const footnoteIndex = new Map<string, number>()
  const earlier = new Map<FootnoteReference, number>()
  const counts = new Map<string, number>()
  const bodyCounts = new Map<string, number>()
  const slugs = new Map<Heading, string>()
  const slugger = new GithubSlugger()
  const refer = (node: FootnoteReference, body: boolean) => {
    const id = idOf(node.identifier)
    const before = counts.get(id)
    if (before === undefined) {
      footnoteIndex.set(id, footnoteOrder.length)
      footnoteOrder.push(id)
    }
    earlier.set(node, before ?? 0)
    counts.set(id, (before ?? 0) + 1)
    if (body) bodyCounts.set(id, (bodyCounts.get(id) ?? 0) + 1)
  }
  for (const facts of all) {
    for (const heading of facts.headings) slugs.set(heading, headingSlug(slugger, heading, headingText(heading)))
    for (const node of facts.definitions) if (!definitions.has(idOf(node.identifier))) definitions.set(idOf(node.identifier), node)
    for (const node of facts.footnoteDefinitions) if (!footnotes.has(idOf(node.identifier))) footnotes.set(idOf(node.identifier), node)
    for (const node of facts.footnoteReferences) refer(node, true)
  }
  for (let index = 0; index < footnoteOrder.length; index++) {
    const definition = footnotes.get(footnoteOrder[index]!)
    if (definition) for (const node of bodyFacts(definition).footnoteReferences) refer(node, false)
  }
  const sections = all.some((facts) => facts.numberSections === true) ? numbersOf(all) : undefined
  const settings = all.find((facts) => facts.crossReferenceSettings)?.crossReferenceSettings ?? crossReferenceSettings({}, undefined)
  const crossReferences = previewCrossReferences(
    all.flatMap((facts) => facts.crossReferences),
    {
      note: (identifier) => {
        const definition = footnotes.get(idOf(identifier))
        return definition ? bodyFacts(definition).crossReferences : undefined
      },
      definitionTitle: (identifier) => Boolean(definitions.get(idOf(identifier))?.title),
      sectionNumbers: sections,
    },
    settings,
  )
  const env: Environment = { slugs, definitions, footnotes, footnoteOrder, footnoteIndex, earlier, bodyCounts, headingLabels: headingLabels(slugs, headingText), crossReferences }
  if (sections) env.sectionNumbers = sections
  return env
}

/** Section numbers of the headings outside footnote bodies (where the export writes headings as bold lines), as the export numbers them. */
function numbersOf(all: readonly NodeFacts[]): Map<Heading, string> {
  const inNotes = new Set<Heading>()
  for (const facts of all) for (const definition of facts.footnoteDefinitions) for (const heading of bodyFacts(definition).headings) inNotes.add(heading)
  return sectionNumbers(all.flatMap((facts) => facts.headings.filter((heading) => !inNotes.has(heading))))
}

/**
 * The same context for nodes of the same content that are other objects (a chunk parsed again):
 * `from` and `to` list the context's nodes in document order, item for item of equal content.
 */
export function remapEnvironment(env: Environment, from: readonly object[], to: readonly object[]): Environment {
  const moved = new Map<object, object>()
  for (let index = 0; index < from.length; index++) if (from[index] !== to[index]) moved.set(from[index]!, to[index]!)
  if (moved.size === 0) return env
  // A footnote body of the same content holds references of the same content, as other objects too.
  for (const [before, after] of [...moved]) {
    if ((before as Nodes).type !== 'footnoteDefinition' || (after as Nodes).type !== 'footnoteDefinition') continue
    const a = bodyFacts(before as FootnoteDefinition).footnoteReferences
    const b = bodyFacts(after as FootnoteDefinition).footnoteReferences
    for (let index = 0; index < a.length && index < b.length; index++) if (a[index] !== b[index]) moved.set(a[index]!, b[index]!)
  }
  const map = <T extends object>(node: T): T => (moved.get(node) as T | undefined) ?? node
  const slugs = new Map<Heading, string>()
  for (const [heading, slug] of env.slugs) slugs.set(map(heading), slug)
  let sectionNumbers: Map<Heading, string> | undefined
  if (env.sectionNumbers) {
    sectionNumbers = new Map()
    for (const [heading, number] of env.sectionNumbers) sectionNumbers.set(map(heading), number)
  }
  const definitions = new Map<string, Definition>()
  for (const [id, node] of env.definitions) definitions.set(id, map(node))
  const footnotes = new Map<string, FootnoteDefinition>()
  for (const [id, node] of env.footnotes) footnotes.set(id, map(node))
  const earlier = new Map<FootnoteReference, number>()
  for (const [node, count] of env.earlier) earlier.set(map(node), count)
  const crossReferences = { ...env.crossReferences, numbers: env.crossReferences.numbers.remap(map) }
  return { ...env, slugs, definitions, footnotes, earlier, crossReferences, ...(sectionNumbers ? { sectionNumbers } : {}) }
}

/** The document-wide facts a block depends on, as a string, and the definitions it uses. */
export function contextOf(facts: Pick<NodeFacts, 'headings' | 'references' | 'footnoteReferences' | 'implicit' | 'crossReferences'>, env: Environment): { signature: string; definitions: Definition[] } {
  if (facts.headings.length === 0 && facts.references.length === 0 && facts.footnoteReferences.length === 0 && facts.implicit.length === 0 && facts.crossReferences.length === 0) return { signature: '', definitions: [] }
  const parts: string[] = []
  const used = new Set<Definition>()
  for (const heading of facts.headings) parts.push(`h${env.slugs.get(heading) ?? ''}\u0001${env.sectionNumbers?.get(heading) ?? ''}`)
  for (const reference of facts.references) {
    const definition = env.definitions.get(idOf(reference.identifier))
    if (definition) used.add(definition)
    parts.push(definition ? `d${definition.url}\u0001${definition.title ?? ''}` : 'd')
  }
  for (const reference of facts.footnoteReferences) {
    parts.push(`f${env.footnoteIndex.get(idOf(reference.identifier)) ?? -1}.${env.earlier.get(reference) ?? 0}`)
  }
  for (const label of facts.implicit) parts.push(`i${env.headingLabels.get(label) ?? ''}`)
  if (facts.crossReferences.length > 0) parts.push(`x${crossReferenceSignature(facts.crossReferences, env.crossReferences)}`)
  return { signature: parts.join('\u0002'), definitions: [...used] }
}

/** The `toHast` options of an environment's blocks, made once, not for each of its blocks (hast-options.ts). */
const optionsByEnv = new WeakMap<Environment, ToHastOptions>()

function blockOptions(env: Environment): ToHastOptions {
  let options = optionsByEnv.get(env)
  if (!options) {
    options = hastOptions(blockHandlers(env))
    optionsByEnv.set(env, options)
  }
  return options
}

/** Handlers for top-level blocks: heading ids from the document's slugs, footnote numbers from the whole document. */
export function blockHandlers(env: Environment): Handlers {
  return {
    ...baseHandlers(env),
    footnoteReference(state: State, node: FootnoteReference) {
      // The default handler numbers a reference by its footnote's place in footnoteOrder and
      // counts re-uses in footnoteCounts. The counts are set to what the whole document says so
      // far; the order is left empty (so the handler numbers it 1) and the number written after:
      // filling the order for each reference, or its `indexOf` over it, made 20 000 calls quadratic.
      const id = idOf(node.identifier)
      const index = env.footnoteIndex.get(id) ?? 0
      const before = env.earlier.get(node) ?? 0
      state.footnoteOrder.length = 0
      if (before > 0) state.footnoteCounts.set(id, before)
      else state.footnoteCounts.delete(id)
      const sup = defaultHandlers.footnoteReference(state, node)
      state.footnoteOrder.length = 0
      const link = sup.children[0]
      const number = link?.type === 'element' ? link.children[0] : undefined
      if (number?.type === 'text') number.value = String(index + 1)
      return sup
    },
  }
}

function baseHandlers(env: Environment): Handlers {
  const numbers = env.crossReferences
  return {
    blockquote,
    fencedDiv,
    // A listing (```` ```{#lst:x caption="…"} ````) has its caption above it, as in the export.
    code(state: State, node: Code) {
      const element = code(state, node)
      const caption = listingCaption(node, numbers)
      return caption ? [caption, element] : element
    },
    // A paragraph that is only an image is a figure, centred as the export centres it (figure.ts),
    // with its numbered caption under the picture; `$$…$$ {#eq:x}` alone is a numbered equation.
    paragraph(state: State, node: Paragraph) {
      const element = withDirection(defaultHandlers.paragraph(state, node), node)
      const image = soleImage(node)
      if (image) {
        element.properties.className = ['figure']
        // Its `{#id}` (the first figure's, for a label given twice).
        const id = image.data?.attributes?.id
        if (id && (!labelKind(id) || numbers.numbers.target(id)?.node === node)) element.properties.id = id
        const caption = figureCaption(image, image.type === 'image' ? image.title : env.definitions.get(idOf(image.identifier))?.title)
        const line = caption === undefined ? undefined : figureCaptionElement(node, caption, numbers)
        if (line) element.children.push(line)
      }
      return element
    },
    tableCaption: (state: State, node: TableCaption) => tableCaption(state, node, numbers),
    crossReference: (state: State, node: CrossReference) => crossReferenceHast(state, node, numbers),
    tableCell(state: State, node: TableCell) {
      return withDirection(defaultHandlers.tableCell(state, node), node)
    },
    listItem(state: State, node: ListItem, parent: Parents | undefined) {
      const first = node.children[0]
      const element = defaultHandlers.listItem(state, node, parent)
      return first?.type === 'paragraph' ? withDirection(element, first) : element
    },
    // `[Heading text]` links to the heading it names (pandoc's implicit references), as in the export.
    text(state: State, node: Text) {
      const pieces = splitReferences(node.value, env.headingLabels)
      if (pieces.length === 1 && !('slug' in pieces[0]!)) return defaultHandlers.text(state, node)
      const out: HastContent[] = pieces.map((piece) =>
        'slug' in piece ? { type: 'element', tagName: 'a', properties: { href: `#${piece.slug}` }, children: [{ type: 'text', value: piece.text }] } : { type: 'text', value: piece.text },
      )
      return out as ElementContent[]
    },
    // A link with nothing to see shows its URL, as the export does (link-text.ts).
    link(state: State, node: Link) {
      const element = defaultHandlers.link(state, node)
      if (!hasVisibleText(node)) element.children = [{ type: 'text', value: node.url }]
      return element
    },
    math: (state: State, node: Math) => numberedEquation(math(state, node), node, numbers),
    inlineMath: (state: State, node: InlineMath) => numberedEquation(inlineMath(state, node), node, numbers),
    yaml,
    // A citation: its formatted form when a bibliography formatted it (src/citations), else as written; a note style's note in a small span after it.
    citation(state: State, node: Citation) {
      const shown = state.all({ ...node, children: node.data.formatted ?? node.children } as unknown as Parents)
      if (!node.data.formatted && !node.data.note) return shown
      const children: ElementContent[] = [...shown]
      if (node.data.note) children.push({ type: 'element', tagName: 'span', properties: { className: ['citation-note'] }, children: state.all({ ...node, children: node.data.note } as unknown as Parents) })
      return { type: 'element', tagName: 'span', properties: { className: ['citation'] }, children }
    },
    heading(state: State, node: Heading) {
      const element = withDirection(defaultHandlers.heading(state, node), node)
      const slug = env.slugs.get(node)
      if (slug) element.properties.id = slug
      // Numbered headings (front matter `number-sections`): the number Word's list shows.
      const number = env.sectionNumbers?.get(node)
      if (number) element.children.unshift({ type: 'element', tagName: 'span', properties: { className: ['section-number'] }, children: [{ type: 'text', value: number }] }, { type: 'text', value: ' ' })
      return element
    },
  }
}

/**
 * Right-to-left text: `dir="auto"` sets the element's direction by its first strong character,
 * as the export sets w:bidi (mdast/direction.ts). Only where there are RTL letters: the
 * browser then looks at the text, which costs nothing where it need not.
 */
function withDirection(element: Element, node: Nodes): Element {
  if (hasRtlLetter(toString(node))) element.properties.dir = 'auto'
  return element
}

/** mdast → hast → (raw HTML parsed) → sanitised → safe URLs, with relative source lines. */
function renderBlock(nodes: RootContent[], definitions: Definition[], baseLine: number, options: ToHastOptions): RenderedBlock {
  const root: Root = { type: 'root', children: [...nodes, ...definitions] }
  const converted = toHast(root, options)
  let hast: HastRoot = converted.type === 'root' ? converted : { type: 'root', children: [converted as HastContent] }
  // A footnote body nested in this block would make a footer here; the footnotes section renders them.
  hast.children = hast.children.filter((child) => !(child.type === 'element' && child.tagName === 'section' && child.properties.dataFootnotes !== undefined))
  markLines(hast, baseLine)
  const hadRaw = containsRaw(hast)
  if (hadRaw) {
    dropUnclosedRawText(hast)
    hast = raw(hast) as HastRoot
    markHtmlPageBreaks(hast)
  }
  hast = sanitize(hast, previewSchema) as HastRoot
  if (hadRaw) markHtmlFigures(hast)
  finish(hast)
  return limited(hast)
}

/** The rendering as the page gets it: cut to the preview's size limits, counted before the cut. */
function limited(hast: HastRoot): RenderedBlock {
  const counts = countText(hast)
  const cuts = limitBlock(hast)
  return { hast, ...summarize(hast), ...counts, ...(cuts.length > 0 ? { cuts } : {}) }
}

/** A block that could not be rendered, as its source in a code block with the reason. */
function sourceBlock(source: string, error: unknown): RenderedBlock {
  const reason = error instanceof Error ? error.message : String(error)
  const hast: HastRoot = {
    type: 'root',
    children: [
      {
        type: 'element',
        tagName: 'pre',
        properties: { dataRel: 0, title: `This block cannot be previewed (${reason}); its source is shown instead.` },
        children: [{ type: 'element', tagName: 'code', properties: {}, children: [{ type: 'text', value: source }] }],
      },
    ],
  }
  return limited(hast)
}

/**
 * The section of footnote bodies at the end of the preview, rendered by mdast-util-to-hast's own
 * footer, in parts of a few hundred elements, each a block (footnote-parts.ts); none without notes.
 */
export function footnoteSection(env: Environment, text: string, cache: PreviewCache): Array<{ block: PreviewBlock; rendered: RenderedBlock }> {
  const bodies = env.footnoteOrder.map((id) => env.footnotes.get(id)).filter((node): node is FootnoteDefinition => node?.position !== undefined)
  if (bodies.length === 0) return []
  // Not Math.min(...): 200 000 notes overflow a spread.
  const line = extent(bodies.map((node) => node.position!.start.line))!.min
  const endLine = extent(bodies.map((node) => node.position!.end.line))!.max
  const references: FootnoteReference[] = []
  for (const id of env.footnoteOrder) {
    for (let i = 0; i < (env.bodyCounts.get(id) ?? 0); i++) references.push({ type: 'footnoteReference', identifier: id, label: id })
  }
  const facts = bodies.map((node) => contextOf(bodyFacts(node), env))
  // Each body by its content hash (kept per node object), not its text: the key costs the
  // number of footnotes, not their length.
  const source = bodies.map((node, i) => `${node.position!.start.line - line}\u0001${facts[i]!.signature}\u0001${bodyHash(node, text)}`)
  const key = hashString(`footnotes\u0000${env.footnoteOrder.join('\u0001')}\u0000${references.length}\u0000${source.join('\u0000')}`)
  let parts = cache.getParts(key)
  if (!parts) {
    const carrier: Paragraph = { type: 'paragraph', children: references }
    const root: Root = { type: 'root', children: [carrier, ...bodies, ...new Set(facts.flatMap((f) => f.definitions))] }
    const converted = toHast(root, hastOptions(baseHandlers(env))) as HastRoot
    const section = converted.children.find((child): child is Element => child.type === 'element' && child.tagName === 'section')
    let hast: HastRoot = { type: 'root', children: section ? [section] : [] }
    if (section) section.properties.className = ['footnotes']
    markLines(hast, line)
    if (containsRaw(hast)) {
      dropUnclosedRawText(hast)
      hast = raw(hast) as HastRoot
    }
    hast = sanitize(hast, previewSchema) as HastRoot
    finish(hast)
    const trees = footnoteParts(hast)
    parts = trees.map((tree, index) => ({ key: trees.length === 1 ? key : hashString(`${key}\u0000${index}`), rendered: limited(tree) }))
    cache.setParts(key, parts)
  }
  // Every part spans the section's lines: the notes are out of source order, and the page maps no lines to them.
  return parts.map(({ key: partKey, rendered }) => ({ block: { key: partKey, line, endLine, kind: 'footnotes', rows: rendered.rows, elements: rendered.elements, ...(rendered.ids.length > 0 ? { ids: rendered.ids } : {}) }, rendered }))
}

function markLines(node: HastRoot | HastContent, baseLine: number): void {
  if (node.type === 'element') {
    const line = node.position?.start.line
    if (line !== undefined && BLOCK_TAGS.has(node.tagName)) node.properties.dataRel = Math.max(0, line - baseLine)
  }
  if ('children' in node) for (const child of node.children) markLines(child, baseLine)
}

function containsRaw(node: HastRoot | HastContent): boolean {
  if (node.type === 'raw') return true
  return 'children' in node && node.children.some((child) => containsRaw(child))
}

/**
 * Last pass over the sanitised tree: URLs through the shared allow-list, external links open
 * in a new tab, positions dropped (the tree crosses a worker boundary; lines are in dataRel).
 */
function finish(node: HastRoot | HastContent): void {
  delete node.position
  delete node.data
  // What the export writes for characters Word cannot store (a lone surrogate, a C0 control): U+FFFD.
  if (node.type === 'text') node.value = xmlSafe(node.value).text
  if (node.type === 'element') {
    const { properties } = node
    if (node.tagName === 'a' && typeof properties.href === 'string') {
      const href = safeUrl(properties.href, 'link')
      if (href === undefined) delete properties.href
      else if (/^(https?|mailto):/i.test(href.trim())) {
        properties.target = '_blank'
        properties.rel = ['noopener', 'noreferrer']
      }
    }
    if (node.tagName === 'img' && typeof properties.src === 'string') {
      const src = safeUrl(properties.src, 'image')
      if (src === undefined) delete properties.src
    }
    // The sanitiser checks src but not srcset (allowed on <source> in a <picture>).
    if (properties.srcSet !== undefined && !safeSrcset(properties.srcSet)) delete properties.srcSet
    if (node.tagName === 'table' && columnsOf(node) > WIDE_TABLE_COLUMNS) properties.className = [WIDE_TABLE]
  }
  if ('children' in node) for (const child of node.children) finish(child)
}

/** Cells in a table's first row. */
function columnsOf(table: Element): number {
  for (const child of table.children) {
    if (child.type !== 'element') continue
    const row = child.tagName === 'tr' ? child : child.children.find((node): node is Element => node.type === 'element' && node.tagName === 'tr')
    if (row) return row.children.filter((node) => node.type === 'element' && (node.tagName === 'td' || node.tagName === 'th')).length
  }
  return 0
}
