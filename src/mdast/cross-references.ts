/**
 * Cross-references as pandoc-crossref numbers them, the one rule for the export and the preview:
 * which nodes take a number (figures, tables, labelled equations and listings), which labels
 * name them (`{#fig:x}`, `{#tbl:x}`, `{#eq:x}`, `{#lst:x}`, and `{#sec:x}` on headings), and
 * what a reference (`@fig:x`, `[@fig:x; @fig:y]`, `[-@fig:x]`, `@Fig:x`) reads.
 *
 * Numbers are counted in the order the export writes them — which is also the order Word's SEQ
 * fields count in when it updates them: the body in document order, a footnote's content where
 * the note is first referenced. Every captioned figure and every table caption counts, labelled
 * or not (each is a `SEQ Figure` / `SEQ Table` field in Word), so a reference's number is the
 * number Word shows; equations and listings count only when labelled (unlabelled ones have no number).
 *
 * Two steps, so the preview can keep the first per block: `crossReferenceEntries` lists what a
 * subtree holds (cheap to keep per top-level node), `numberCrossReferences` numbers a document's
 * entries. `crossReferenceNumbers` does both for a whole tree.
 */
import type { Code, FootnoteDefinition, Heading, Html, Image, ImageReference, Nodes, Paragraph, Parent, Root } from 'mdast'
import type { InlineMath, Math } from 'mdast-util-math'
import { toString } from 'mdast-util-to-string'
import { normalizeIdentifier } from 'micromark-util-normalize-identifier'
import type { Node } from 'unist'
import { attributesOf, attributeValue, parseAttributes, type Attributes } from './attributes.js'
import { prefixWord, type CrossReferenceSettings } from './cross-reference-settings.js'
import { soleImage } from './figure.js'
import type { CrossReference, CrossReferenceItem, CrossReferencePrefix, TableCaption } from './nodes.js'
import { walk } from './walk.js'

export type NumberedKind = 'figure' | 'table' | 'equation' | 'listing'

/** What a subtree holds that the numbering counts or reads, in document order. */
export type CrossReferenceEntry =
  /** An image alone in its paragraph: numbered when labelled `fig:` or titled (`captioned` may wait on a link definition). */
  | { type: 'figure'; node: Paragraph; image: Image | ImageReference; label?: string; captioned: boolean | { definition: string } }
  /** Raw HTML holding `count` captioned `<figure>`s, which the export makes numbered figures too. */
  | { type: 'htmlFigures'; node: Html; count: number }
  | { type: 'table'; node: TableCaption; label?: string }
  | { type: 'equation'; node: Math | InlineMath; label: string }
  | { type: 'listing'; node: Code; label: string; caption: string }
  | { type: 'section'; node: Heading; label: string }
  /** A footnote reference: the note's content is numbered here, the first time. */
  | { type: 'note'; identifier: string }
  | { type: 'reference'; node: CrossReference }

/**
 * Caption text without a number the author typed ("Figure 2: Sales", "Table 3. Costs", "Fig. 4 – Map"):
 * the SEQ field numbers it now, and "Figure 1: Figure 2: Sales" would be wrong.
 */
export function withoutTypedNumber(text: string, kind: NumberedKind, label: string): string {
  const english = kind === 'figure' ? 'Fig(?:ure|\\.)?' : kind === 'table' ? 'Table' : kind === 'listing' ? 'Listing' : 'Equation'
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const typed = new RegExp(`^\\s*(?:${english}|${escaped})\\s*\\d+(?:[.:]|\\s+[–—-])\\s*`, 'iu')
  // "Figure 2:" and nothing after it: the caption is the label and its number alone.
  return text.replace(typed, '')
}

/** A label's target. */
export interface CrossReferenceTarget {
  label: string
  kind: CrossReferencePrefix
  node: Node
  /** The number a reference shows ("2", "1.3"); undefined for a section without a number. */
  number?: string
  /** An unnumbered section's text (what a reference shows instead of a number). */
  text?: string
}

/** A piece of a reference's text: plain text, a target's number (a field in Word, a link in the preview), or `??`. */
export type ReferencePiece = { type: 'text'; value: string } | { type: 'target'; target: CrossReferenceTarget; text: string } | { type: 'unknown'; labels: string[] }

const PREFIXES: ReadonlySet<string> = new Set(['fig', 'tbl', 'eq', 'lst', 'sec'])

/** The kind a label names by its prefix (`fig:plot` → `fig`), or undefined for a plain id. */
export function labelKind(id: string | undefined): CrossReferencePrefix | undefined {
  if (!id) return undefined
  const colon = id.indexOf(':')
  if (colon < 2 || colon === id.length - 1) return undefined
  const prefix = id.slice(0, colon)
  return PREFIXES.has(prefix) ? (prefix as CrossReferencePrefix) : undefined
}

/** A code block's pandoc attributes: read by the parser, or still in its info string (```` ```{#lst:x .py} ````). */
export function codeAttributes(node: Code): Attributes | undefined {
  const read = attributesOf(node)
  if (read) return read
  if (!node.lang?.startsWith('{')) return undefined
  const block = parseAttributes(`${node.lang} ${node.meta ?? ''}`.trim())
  return block && block.rawFormat === undefined ? block.attributes : undefined
}

/** A listing: a code block labelled `lst:` with a `caption` attribute (pandoc-crossref's rule). */
export function listingOf(node: Code): { label: string; caption: string } | undefined {
  const attributes = codeAttributes(node)
  const caption = attributeValue(attributes, 'caption')
  return attributes?.id && labelKind(attributes.id) === 'lst' && caption !== undefined ? { label: attributes.id, caption } : undefined
}

/** A labelled display equation's label: `$$…$$ {#eq:x}` (a math block, or `$$…$$` inside a paragraph). */
export function equationLabel(node: Math | InlineMath): string | undefined {
  const id = attributesOf(node)?.id
  if (labelKind(id) !== 'eq') return undefined
  return node.type === 'math' || (node.data as { display?: boolean } | undefined)?.display === true ? id : undefined
}

/**
 * A figure's caption as pandoc-crossref reads it: the image's title, else (for a labelled
 * figure, `![Caption](x.png){#fig:x}`) its alt text.
 */
export function figureCaption(image: Image | ImageReference, title: string | null | undefined): string | undefined {
  if (title) return title
  return labelKind(attributesOf(image)?.id) === 'fig' ? image.alt ?? '' : undefined
}

/**
 * What `node`'s subtree holds for the numbering, in document order; footnote definitions are
 * left out (their content counts where the note is referenced, see `numberCrossReferences`).
 */
export function crossReferenceEntries(node: Node): CrossReferenceEntry[] {
  const entries: CrossReferenceEntry[] = []
  // Iterative: trees nest thousands deep in hostile input. A paragraph that is the first of a
  // list item or a footnote takes the item's number (the note's mark) in the export: never a figure.
  const stack: Array<{ node: Node; leading: boolean }> = [{ node, leading: false }]
  while (stack.length > 0) {
    const { node: current, leading } = stack.pop()!
    const visited = current as Nodes
    switch (visited.type) {
      case 'footnoteDefinition':
        if (current !== node) continue
        break
      case 'footnoteReference':
        entries.push({ type: 'note', identifier: visited.identifier })
        continue
      case 'crossReference':
        entries.push({ type: 'reference', node: visited })
        continue
      case 'paragraph': {
        const figure = leading ? undefined : figureEntry(visited)
        if (figure) {
          entries.push(figure)
          continue
        }
        break
      }
      case 'tableCaption': {
        const id = visited.data?.attributes?.id
        entries.push(labelKind(id) === 'tbl' ? { type: 'table', node: visited, label: id! } : { type: 'table', node: visited })
        break
      }
      case 'heading': {
        const id = visited.data?.attributes?.id
        if (labelKind(id) === 'sec') entries.push({ type: 'section', node: visited, label: id! })
        break
      }
      case 'math':
      case 'inlineMath': {
        const label = equationLabel(visited)
        if (label) entries.push({ type: 'equation', node: visited, label })
        continue
      }
      case 'code': {
        const listing = listingOf(visited)
        if (listing) entries.push({ type: 'listing', node: visited, ...listing })
        continue
      }
      case 'html': {
        const count = htmlFigureCount(visited.value)
        if (count > 0) entries.push({ type: 'htmlFigures', node: visited, count })
        continue
      }
    }
    const children = (current as Partial<Parent>).children
    if (!children) continue
    const leads = visited.type === 'listItem' || visited.type === 'footnoteDefinition'
    for (let index = children.length - 1; index >= 0; index--) stack.push({ node: children[index]!, leading: leads && index === 0 })
  }
  return entries
}

function figureEntry(node: Paragraph): CrossReferenceEntry | undefined {
  const image = soleImage(node)
  if (!image) return undefined
  const id = image.data?.attributes?.id
  const label = labelKind(id) === 'fig' ? id : undefined
  const captioned = label !== undefined || (image.type === 'image' ? Boolean(image.title) : { definition: image.identifier })
  return { type: 'figure', node, image, ...(label ? { label } : {}), captioned }
}

/**
 * How many `<figure>`s in raw HTML hold an `<img>` and a `<figcaption>` — the export makes each
 * a captioned figure (docx/html/to-mdast.ts), so each takes a number. A close reading, not a parse.
 */
export function htmlFigureCount(html: string): number {
  if (!/<figure\b/i.test(html)) return 0
  const lower = html.toLowerCase()
  let count = 0
  for (let at = lower.indexOf('<figure'); at !== -1; ) {
    const end = lower.indexOf('</figure', at)
    const inner = lower.slice(at, end === -1 ? lower.length : end)
    if (/<figure[\s>]/.test(inner.slice(0, 8)) && inner.includes('<img') && inner.includes('<figcaption')) count++
    if (end === -1) break
    at = lower.indexOf('<figure', end + 8)
  }
  return count
}

export interface NumberingContext {
  /** The entries of a footnote's content, by the reference's identifier; undefined when it has no definition. */
  note(identifier: string): readonly CrossReferenceEntry[] | undefined
  /** Whether a link definition gives a title (the caption of a `![alt][ref]` figure). */
  definitionTitle(identifier: string): boolean
  /** Numbered headings' numbers (front matter `number-sections`); none when headings are not numbered. */
  sectionNumbers?: ReadonlyMap<Heading, string> | undefined
}

/** The numbers of a document: per numbered node, and per label. */
export class CrossReferenceNumbers {
  private readonly numbers = new Map<Node, number>()
  private readonly byLabel = new Map<string, CrossReferenceTarget>()
  /** Labels given twice (the first one counts), with the later node. */
  readonly duplicates: Array<{ label: string; node: Node }> = []
  /** How many of each kind were numbered. */
  readonly counts: Record<NumberedKind, number> = { figure: 0, table: 0, equation: 0, listing: 0 }
  /** The labels references name (whether or not anything has them). */
  readonly referenced = new Set<string>()

  /** The number of a figure (its paragraph), table (its caption), equation or listing; undefined for one not numbered. */
  numberOf(node: Node): number | undefined {
    return this.numbers.get(node)
  }

  target(label: string): CrossReferenceTarget | undefined {
    return this.byLabel.get(label)
  }

  /** Every target, in document order. */
  targets(): IterableIterator<CrossReferenceTarget> {
    return this.byLabel.values()
  }

  /** @internal */
  count(kind: NumberedKind, node: Node | undefined, n = 1): number {
    this.counts[kind] += n
    if (node) this.numbers.set(node, this.counts[kind])
    return this.counts[kind]
  }

  /** @internal */
  add(target: CrossReferenceTarget): void {
    if (this.byLabel.has(target.label)) this.duplicates.push({ label: target.label, node: target.node })
    else this.byLabel.set(target.label, target)
  }

  /** The same numbers for other node objects of the same content (the preview's re-parsed blocks). */
  remap(map: (node: Node) => Node): CrossReferenceNumbers {
    const copy = new CrossReferenceNumbers()
    for (const [node, number] of this.numbers) copy.numbers.set(map(node), number)
    for (const [label, target] of this.byLabel) copy.byLabel.set(label, { ...target, node: map(target.node) })
    for (const duplicate of this.duplicates) copy.duplicates.push({ ...duplicate, node: map(duplicate.node) })
    for (const label of this.referenced) copy.referenced.add(label)
    Object.assign(copy.counts, this.counts)
    return copy
  }
}

/** Numbers a document's entries (the body's, in order); a note's entries go where it is first referenced. */
export function numberCrossReferences(entries: Iterable<CrossReferenceEntry>, context: NumberingContext): CrossReferenceNumbers {
  const numbers = new CrossReferenceNumbers()
  const seenNotes = new Set<string>()
  // Iterative over nested notes: a stack of iterators.
  const stack: Array<Iterator<CrossReferenceEntry>> = [entries[Symbol.iterator]()]
  while (stack.length > 0) {
    const next = stack[stack.length - 1]!.next()
    if (next.done) {
      stack.pop()
      continue
    }
    const entry = next.value
    switch (entry.type) {
      case 'note': {
        const id = normalizeIdentifier(entry.identifier)
        if (seenNotes.has(id)) break
        seenNotes.add(id)
        const inner = context.note(entry.identifier)
        if (inner) stack.push(inner[Symbol.iterator]())
        break
      }
      case 'figure': {
        const captioned = typeof entry.captioned === 'boolean' ? entry.captioned : context.definitionTitle(entry.captioned.definition)
        if (!captioned) break
        const number = numbers.count('figure', entry.node)
        if (entry.label) numbers.add({ label: entry.label, kind: 'fig', node: entry.node, number: String(number) })
        break
      }
      case 'htmlFigures':
        numbers.count('figure', undefined, entry.count)
        break
      case 'table': {
        const number = numbers.count('table', entry.node)
        if (entry.label) numbers.add({ label: entry.label, kind: 'tbl', node: entry.node, number: String(number) })
        break
      }
      case 'equation':
        numbers.add({ label: entry.label, kind: 'eq', node: entry.node, number: String(numbers.count('equation', entry.node)) })
        break
      case 'listing':
        numbers.add({ label: entry.label, kind: 'lst', node: entry.node, number: String(numbers.count('listing', entry.node)) })
        break
      case 'section': {
        const number = context.sectionNumbers?.get(entry.node)
        numbers.add(number ? { label: entry.label, kind: 'sec', node: entry.node, number } : { label: entry.label, kind: 'sec', node: entry.node, text: toString(entry.node) })
        break
      }
      case 'reference':
        for (const item of entry.node.items) numbers.referenced.add(item.label)
        break
    }
  }
  return numbers
}

/** The numbers of a whole tree (what the export uses; the preview gets the same from its blocks' entries). */
export function crossReferenceNumbers(tree: Root, options: { sectionNumbers?: ReadonlyMap<Heading, string> | undefined } = {}): CrossReferenceNumbers {
  const notes = new Map<string, FootnoteDefinition>()
  const definitions = new Set<string>()
  const titled = new Set<string>()
  // Definitions first (the first of each label wins, as in CommonMark), so references may point forward.
  walk(tree, (visited) => {
    const node = visited as Nodes
    if (node.type === 'footnoteDefinition') {
      const id = normalizeIdentifier(node.identifier)
      if (!notes.has(id)) notes.set(id, node)
    } else if (node.type === 'definition') {
      const id = normalizeIdentifier(node.identifier)
      if (definitions.has(id)) return
      definitions.add(id)
      if (node.title) titled.add(id)
    }
  })
  return numberCrossReferences(crossReferenceEntries(tree), {
    note: (identifier) => {
      const definition = notes.get(normalizeIdentifier(identifier))
      return definition ? crossReferenceEntries(definition) : undefined
    },
    definitionTitle: (identifier) => titled.has(normalizeIdentifier(identifier)),
    sectionNumbers: options.sectionNumbers,
  })
}

/**
 * What a reference reads, as pandoc-crossref writes it: items grouped by kind (and by their
 * own prefix or `-`), each group its prefix word (plural for several), a no-break space and the
 * numbers sorted, repeats dropped, runs of three or more as ranges ("figs. 1-3, 5"); groups
 * joined by ", ". A group with a label that names nothing reads "fig. ??" (`unknown`). A section
 * without a number (headings not numbered) reads as its heading's text, without a prefix — the
 * way Word's own cross-reference to a heading's text reads.
 */
export function formatCrossReference(node: CrossReference, numbers: CrossReferenceNumbers, settings: CrossReferenceSettings): ReferencePiece[] {
  const pieces: ReferencePiece[] = []
  const groups = groupItems(node.items)
  groups.forEach((group, index) => {
    if (index > 0) text(pieces, ', ')
    formatGroup(pieces, group, numbers, settings)
  })
  return pieces
}

function groupItems(items: readonly CrossReferenceItem[]): CrossReferenceItem[][] {
  const groups: CrossReferenceItem[][] = []
  for (const item of items) {
    const last = groups[groups.length - 1]
    const head = last?.[0]
    if (head && head.kind === item.kind && head.suppressed === item.suppressed && head.prefix === item.prefix) last.push(item)
    else groups.push([item])
  }
  return groups
}

interface Resolved {
  item: CrossReferenceItem
  target: CrossReferenceTarget
  index: number[] | undefined
}

function formatGroup(pieces: ReferencePiece[], group: CrossReferenceItem[], numbers: CrossReferenceNumbers, settings: CrossReferenceSettings): void {
  const head = group[0]!
  const resolved: Resolved[] = []
  const missing: string[] = []
  for (const item of group) {
    const target = numbers.target(item.label)
    if (target) resolved.push({ item, target, index: target.number ? target.number.split('.').map(Number) : undefined })
    else missing.push(item.label)
  }
  const allText = missing.length === 0 && resolved.every((entry) => entry.index === undefined)
  const prefix = head.prefix ?? (head.suppressed || allText ? '' : prefixWord(settings, head.kind, head.capitalized, group.length))
  if (prefix) text(pieces, `${prefix}\u00a0`)
  if (missing.length > 0) {
    pieces.push({ type: 'unknown', labels: missing })
    return
  }
  // Numbers in order (texts after, as written), repeats once.
  const numbered = resolved.filter((entry) => entry.index !== undefined).sort((a, b) => compareIndex(a.index!, b.index!))
  const ordered = [...numbered, ...resolved.filter((entry) => entry.index === undefined)]
  const entries: Resolved[][] = []
  for (const entry of ordered) {
    const run = entries[entries.length - 1]
    const last = run?.[run.length - 1]
    if (last && !last.item.suffix && !entry.item.suffix && last.index && entry.index) {
      if (compareIndex(last.index, entry.index) === 0) continue
      if (follows(last.index, entry.index)) {
        run.push(entry)
        continue
      }
    }
    entries.push([entry])
  }
  // A run of two is two entries ("1, 2"); of three or more a range ("1-3").
  const shown: Resolved[][] = entries.flatMap((run) => (run.length === 2 ? [[run[0]!], [run[1]!]] : [run]))
  shown.forEach((run, index) => {
    if (index > 0) text(pieces, shown.length === 2 ? settings.pairDelim : index === shown.length - 1 ? settings.lastDelim : settings.refDelim)
    target(pieces, run[0]!)
    if (run.length > 1) {
      text(pieces, settings.rangeDelim)
      target(pieces, run[run.length - 1]!)
    }
  })
}

function target(pieces: ReferencePiece[], entry: Resolved): void {
  pieces.push({ type: 'target', target: entry.target, text: entry.target.number ?? entry.target.text ?? '' })
  if (entry.item.suffix) text(pieces, entry.item.suffix)
}

function text(pieces: ReferencePiece[], value: string): void {
  if (!value) return
  const last = pieces[pieces.length - 1]
  if (last?.type === 'text') last.value += value
  else pieces.push({ type: 'text', value })
}

function compareIndex(a: readonly number[], b: readonly number[]): number {
  for (let index = 0; index < Math.min(a.length, b.length); index++) if (a[index] !== b[index]) return a[index]! - b[index]!
  return a.length - b.length
}

/** Whether `b` comes right after `a`: the same leading numbers, the last one more by one ("4.1" → "4.2"). */
function follows(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false
  for (let index = 0; index < a.length - 1; index++) if (a[index] !== b[index]) return false
  return b[b.length - 1]! - a[a.length - 1]! === 1
}

/** The plain text of a reference (its pieces' text, `??` for unknown labels). */
export function referenceText(pieces: readonly ReferencePiece[]): string {
  return pieces.map((piece) => (piece.type === 'text' ? piece.value : piece.type === 'target' ? piece.text : '??')).join('')
}
