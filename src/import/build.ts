/**
 * mammoth's HTML (with the pre-pass's markers in its text) → the Markdown document's mdast:
 * markers become nodes and facts, inline content is put in its canonical shape with the
 * review marks as CriticMarkup, the title block becomes front matter, paragraphs become lists,
 * quotes, tables and captions, notes become GFM footnotes, bookmarks heading ids, and the
 * pictures are named in the order they appear.
 */
import type { BlockContent, FootnoteDefinition, FootnoteReference, Heading, Html, Image, Nodes, Paragraph, Parent, PhrasingContent, Root, RootContent, Text, Yaml } from 'mdast'
import type { InlineMath, Math } from 'mdast-util-math'
import { stringify as stringifyYaml } from 'yaml'
import type { ChangeKind, PageBreak } from '../mdast/nodes.js'
import { urlProtocol } from '../mdast/safe-url.js'
import { slugsOf } from '../mdast/slugs.js'
import { structure } from './blocks.js'
import { renameBookmarks } from './bookmark-names.js'
import { sourceNode } from './field-sources.js'
import { htmlToMdast, type TableModel } from './html-to-mdast.js'
import { readFacts, splitMarkers, hasMarker, stripMarkers, type Marker } from './markers.js'
import type { MessageLog } from './messages.js'
import { canonicalPhrasing } from './phrasing.js'
import { numberedEquation } from './numbered-equations.js'
import { printMarkdown } from './print.js'
import { restoreReferenceList } from './reference-list.js'
import { customStyleDivs } from './custom-styles.js'
import { takeParagraphMark, takeRowChanges, unmarkTable, wholeBlockChanges } from './tracked-blocks.js'
import type { Equation, MarkupFindings } from './word-markup.js'
import { append } from '../util/append.js'

export interface BuildInput {
  equations: Equation[]
  findings: MarkupFindings
  images: Array<{ bytes: Uint8Array; contentType: string }>
  imageFolder: string
  log: MessageLog
  /** Properties from docProps/core.xml worth keeping (keywords, language), and the front matter markdocx kept in docProps/custom.xml. */
  properties?: { keywords?: string[]; lang?: string; frontMatter?: Record<string, unknown> }
  /** Bookmark names markdocx made from other ids (`sec_intro` → `sec:intro`), from docProps/custom.xml. */
  bookmarkIds?: ReadonlyMap<string, string>
}

export interface Built {
  tree: Root
  images: Array<{ path: string; bytes: Uint8Array; contentType: string }>
}

const PHRASING_PARENTS = new Set(['paragraph', 'heading', 'tableCell', 'defListTerm', 'tableCaption'])

export function buildDocument(html: string, input: BuildInput): Built {
  const reading = htmlToMdast(html)
  const markers = new WeakMap<Nodes, Marker>()
  const facts = new WeakMap<Nodes, Map<string, string>>()
  const markerOf = (node: Nodes) => markers.get(node)
  const tableOf = (node: Html) => reading.tables.get(node)
  const every = (visit: (parent: Parent) => void) => {
    forEachParent(reading.tree, tableOf, visit)
    for (const note of reading.notes.values()) forEachParent(note, tableOf, visit)
    for (const comment of reading.comments.values()) forEachParent(comment, tableOf, visit)
  }

  // 1. Markers in text become leaves of their own (empty html nodes, printed as nothing).
  every((parent) => {
    if (!parent.children.some((child) => ((child.type === 'text' || child.type === 'code' || child.type === 'inlineCode') && hasMarker(child.value)) || (child.type === 'image' && hasMarker(child.alt ?? '')))) return
    const children: Nodes[] = []
    for (const child of parent.children) {
      if (child.type === 'code' && hasMarker(child.value)) {
        const first = splitMarkers(child.value).find((part): part is Marker => typeof part !== 'string' && part.kind === 'p')
        if (first) facts.set(child, readFacts(first.payload))
        child.value = stripMarkers(child.value)
      } else if (child.type === 'inlineCode' && hasMarker(child.value)) child.value = stripMarkers(child.value)
      else if (child.type === 'image' && child.alt && hasMarker(child.alt)) {
        const title = splitMarkers(child.alt).find((part): part is Marker => typeof part !== 'string' && part.kind === 'T')
        if (title) child.title = title.payload
        const size = splitMarkers(child.alt).find((part): part is Marker => typeof part !== 'string' && part.kind === 'W')
        if (size) child.data = { ...child.data, attributes: { classes: [], pairs: size.payload.split(' ').map((pair) => pair.split('=') as [string, string]) } }
        child.alt = stripMarkers(child.alt)
      }
      if (child.type !== 'text' || !hasMarker(child.value)) {
        children.push(child)
        continue
      }
      for (const part of splitMarkers(child.value)) {
        if (typeof part === 'string') children.push({ type: 'text', value: part })
        else {
          const leaf: Html = { type: 'html', value: '' }
          markers.set(leaf, part)
          children.push(leaf)
        }
      }
    }
    ;(parent as { children: Nodes[] }).children = children
  })

  // 2. A paragraph's facts (its first marker); page breaks, rules and display equations as blocks.
  every((parent) => {
    if (!('children' in parent) || !parent.children.some((child) => child.type === 'paragraph' || child.type === 'heading')) return
    const out: Nodes[] = []
    for (const child of parent.children) {
      if (child.type !== 'paragraph' && child.type !== 'heading') {
        out.push(child)
        continue
      }
      takeFacts(child, markers, facts)
      if (child.type === 'heading') {
        out.push(child)
        continue
      }
      append(out, splitBlocks(child, markers, facts, input))
    }
    ;(parent as { children: Nodes[] }).children = out
  })

  // 2b. Tracked paragraph marks and table rows (tracked-blocks.ts).
  const tableChanges = new WeakMap<Html, ChangeKind>()
  const wholeTables: Array<{ table: TableModel; kind: ChangeKind }> = []
  every((parent) => {
    for (const child of parent.children) {
      if (child.type === 'paragraph' || child.type === 'heading') takeParagraphMark(child, markerOf)
      const table = child.type === 'html' ? tableOf(child) : undefined
      const kind = table ? takeRowChanges(table, markerOf, input.log) : undefined
      if (table && kind) {
        tableChanges.set(child as Html, kind)
        wholeTables.push({ table, kind })
      }
    }
  })

  // 3. Inline markers: equations, note references, citations and cross-references as written.
  const noteOfBookmark = new Map<string, string>()
  every((parent) => {
    for (let index = 0; index < parent.children.length; index++) {
      const found = markers.get(parent.children[index] as Nodes)
      if (found?.kind !== 'a') continue
      let after = index + 1
      while (after < parent.children.length && parent.children[after]!.type === 'text' && (parent.children[after] as Text).value.trim() === '') after++
      const next = parent.children[after]
      const note = next ? markers.get(next as Nodes) : undefined
      if (note?.kind === 'f') noteOfBookmark.set(found.payload, note.payload)
    }
  })
  every((parent) => {
    // A link's title (its ScreenTip) came first in its text.
    if (parent.type === 'link') {
      const at = parent.children.findIndex((child) => markers.get(child as Nodes)?.kind === 'L')
      if (at !== -1) {
        ;(parent as { title?: string | null }).title = markers.get(parent.children[at] as Nodes)!.payload
        parent.children.splice(at, 1)
      }
    }
    parent.children = parent.children.map((node) => {
      const found = markers.get(node as Nodes)
      if (!found) return node
      if (found.kind === 'm' || found.kind === 'M') return inlineMath(found, input)
      if (found.kind === 'f') return footnoteReference(found.payload)
      if (found.kind === 'C' || found.kind === 'X') return sourceNode(found) ?? node
      if (found.kind === 'n') {
        const label = noteOfBookmark.get(found.payload)
        if (label !== undefined) return footnoteReference(label)
        input.log.add('import-noteref-unresolved', 'A cross-reference to a note whose reference was not found was left out', 'warning')
      }
      return node
    }) as typeof parent.children
  })

  // 4. Inline content in its canonical shape, review marks as CriticMarkup.
  const placed = new Set<string>()
  const comments = new Map<string, PhrasingContent[]>()
  for (const [id, holder] of reading.comments) {
    canonicalPhrasing(holder, { markerOf, comment: () => undefined, placed: new Set() })
    removeMarkerLeaves(holder, markers)
    comments.set(id, trimPhrasing(holder.children))
  }
  const phrasingContext = { markerOf, comment: (id: string) => comments.get(id), placed }
  forEachParent(reading.tree, tableOf, (parent) => {
    if (PHRASING_PARENTS.has(parent.type)) canonicalPhrasing(parent, phrasingContext)
  })
  for (const note of reading.notes.values()) {
    forEachParent(note, tableOf, (parent) => {
      if (PHRASING_PARENTS.has(parent.type)) canonicalPhrasing(parent, phrasingContext)
    })
  }
  for (const { table, kind } of wholeTables) unmarkTable(table, kind)
  const unplaced = [...comments.keys()].filter((id) => !placed.has(id))
  if (unplaced.length > 0) input.log.add('import-comment-unanchored', `${unplaced.length} comment${unplaced.length === 1 ? ' was' : 's were'} not anchored in the text and left out`, 'warning')

  // 5. The title block → front matter (numbered headings: number-sections).
  let numbered = false
  forEachParent(reading.tree, tableOf, (parent) => {
    if (parent.type === 'heading' && facts.get(parent as Nodes)?.has('n')) numbered = true
  })
  const frontMatter = titleBlock(reading.tree, reading.classes, input, numbered)

  // 6. Blocks: lists, quotes, tables, captions; notes as footnote definitions.
  const blockContext = { factsOf: (node: Nodes) => facts.get(node), setFacts: (node: Nodes, value: Map<string, string>) => void facts.set(node, value), classesOf: (node: Nodes) => reading.classes.get(node) ?? [], markerOf, tableOf, changeOf: (node: Html) => tableChanges.get(node) }
  const classesOf = (node: Nodes) => reading.classes.get(node) ?? []
  const children = restoreReferenceList(customStyleDivs(wholeBlockChanges(structure(reading.tree.children, blockContext)), classesOf) as RootContent[], markerOf)
  const definitions: FootnoteDefinition[] = []
  for (const [label, note] of reading.notes) {
    const structured = customStyleDivs(wholeBlockChanges(structure(note.children, blockContext)), classesOf) as BlockContent[]
    trimFirstParagraph(structured)
    definitions.push({ type: 'footnoteDefinition', identifier: label, label, children: structured })
  }
  const tree: Root = { type: 'root', children: [...(frontMatter ? [frontMatter] : []), ...children, ...definitions] as RootContent[] }

  // 7. Bookmarks: heading ids and the links that point to them; script links lose their link.
  resolveBookmarks(tree, markers)
  if (input.bookmarkIds) renameBookmarks(tree, input.bookmarkIds)
  dropScriptLinks(tree, input)

  // 8. What is left of the markers goes; empty paragraphs go; pictures get their names.
  removeMarkerLeaves(tree, markers)
  tidy(tree)
  const images = nameImages(tree, reading.imageOrder, input)
  return { tree, images }
}

/** Every parent node, tables' cells included (iterative). */
function forEachParent(root: Parent, tableOf: (node: Html) => TableModel | undefined, visit: (parent: Parent) => void): void {
  const stack: Parent[] = [root]
  while (stack.length > 0) {
    const parent = stack.pop()!
    visit(parent)
    for (let index = parent.children.length - 1; index >= 0; index--) {
      const child = parent.children[index]!
      if ('children' in child) stack.push(child as Parent)
      else if (child.type === 'html') {
        const table = tableOf(child)
        if (table) for (const row of table.rows) for (const cell of row.cells) stack.push(cell)
      }
    }
  }
}

/** A paragraph's or heading's leading facts marker, read and taken out. */
function takeFacts(block: Paragraph | Heading, markers: WeakMap<Nodes, Marker>, facts: WeakMap<Nodes, Map<string, string>>): void {
  for (let index = 0; index < block.children.length; index++) {
    const child = block.children[index]!
    const found = markers.get(child)
    if (found?.kind === 'p') {
      facts.set(block, readFacts(found.payload))
      block.children.splice(index, 1)
      return
    }
    if (!found && !(child.type === 'text' && child.value.trim() === '')) return
  }
}

/** A paragraph cut at its page breaks and display equations; one that is only a rule, a rule. */
function splitBlocks(paragraph: Paragraph, markers: WeakMap<Nodes, Marker>, facts: WeakMap<Nodes, Map<string, string>>, input: BuildInput): Nodes[] {
  const numbered = numberedEquation(paragraph, (node) => markers.get(node), (found) => mathBlock(found, input))
  if (numbered) return [numbered]
  const kinds = paragraph.children.map((child) => markers.get(child)?.kind)
  if (!kinds.some((kind) => kind === 'b' || kind === 'h' || kind === 'M')) return [paragraph]
  const visible = paragraph.children.filter((child, index) => kinds[index] !== 'h' && kinds[index] !== 'a' && !(child.type === 'text' && child.value.trim() === '') && !(child.type === 'html' && child.value === '' && kinds[index] === undefined))
  if (kinds.includes('h') && visible.length === 0) return [{ type: 'thematicBreak' }]
  const out: Nodes[] = []
  let current: PhrasingContent[] = []
  const flush = () => {
    if (current.some((child) => !(child.type === 'text' && child.value.trim() === '') && !(child.type === 'html' && child.value === ''))) {
      const piece: Paragraph = { type: 'paragraph', children: current }
      const own = facts.get(paragraph)
      if (own && out.length === 0) facts.set(piece, own)
      out.push(piece)
    } else if (current.length > 0 && out.length > 0) {
      // Bookmarks and markers alone: keep them with the block before.
      const last = out[out.length - 1]!
      if (last.type === 'paragraph') append(last.children, current)
    }
    current = []
  }
  for (let index = 0; index < paragraph.children.length; index++) {
    const child = paragraph.children[index]!
    const kind = kinds[index]
    if (kind === 'b') {
      flush()
      const pageBreak: PageBreak = { type: 'pageBreak' }
      out.push(pageBreak)
    } else if (kind === 'M') {
      flush()
      out.push(mathBlock(markers.get(child)!, input))
    } else current.push(child)
  }
  flush()
  return out
}

function equationOf(found: Marker, input: BuildInput): Equation | undefined {
  const equation = input.equations[Number(found.payload)]
  if (equation && equation.unknown.length > 0) input.log.add('import-math-partial', `An equation held parts the importer does not read (${equation.unknown.join(', ')}); their content is kept`, 'warning')
  if (equation && equation.latex === '') input.log.add('import-math-empty', 'An empty equation was left out', 'info')
  return equation && equation.latex !== '' ? equation : undefined
}

function mathBlock(found: Marker, input: BuildInput): Math | Paragraph {
  const equation = equationOf(found, input)
  if (!equation) return { type: 'paragraph', children: [] }
  return { type: 'math', value: equation.latex }
}

function inlineMath(found: Marker, input: BuildInput): InlineMath | Text {
  const equation = equationOf(found, input)
  return equation ? { type: 'inlineMath', value: equation.latex.replace(/\s*\n\s*/g, ' ') } : { type: 'text', value: '' }
}

function footnoteReference(label: string): FootnoteReference {
  return { type: 'footnoteReference', identifier: label, label }
}

// The title block

const TITLE_CLASSES = ['md-title', 'md-subtitle', 'md-author', 'md-date', 'md-abstract', 'md-abstract-title']

function titleBlock(tree: Root, classes: WeakMap<Nodes, string[]>, input: BuildInput, numbered: boolean): Yaml | undefined {
  const fields: { title: string[]; subtitle: string[]; author: string[]; date: string[]; abstract: Paragraph[] } = { title: [], subtitle: [], author: [], date: [], abstract: [] }
  let taken = 0
  for (const child of tree.children) {
    const kind = child.type === 'paragraph' ? (classes.get(child) ?? []).find((name) => TITLE_CLASSES.includes(name)) : undefined
    if (!kind || child.type !== 'paragraph') break
    taken++
    if (kind === 'md-abstract-title') continue
    if (kind === 'md-abstract') fields.abstract.push(child)
    else fields[kind.slice(3) as 'title' | 'subtitle' | 'author' | 'date'].push(inlineMarkdown(child))
  }
  tree.children.splice(0, taken)
  const data: Record<string, unknown> = {}
  if (fields.title.length > 0) data.title = fields.title.join(' ')
  if (fields.subtitle.length > 0) data.subtitle = fields.subtitle.join(' ')
  if (fields.author.length === 1) data.author = fields.author[0]
  else if (fields.author.length > 1) data.author = fields.author
  if (fields.date.length > 0) data.date = fields.date.join(' ')
  if (fields.abstract.length > 0) {
    // Several paragraphs: a YAML block (`abstract: |`), ending in a newline as people write it.
    const abstract = printMarkdown({ type: 'root', children: fields.abstract }).trim()
    data.abstract = abstract.includes('\n') ? `${abstract}\n` : abstract
  }
  if (input.properties?.keywords && input.properties.keywords.length > 0) data.keywords = input.properties.keywords
  if (input.properties?.lang) data.lang = input.properties.lang
  for (const [key, value] of Object.entries(input.properties?.frontMatter ?? {})) if (!(key in data)) data[key] = value
  if (numbered) data['number-sections'] = true
  if (input.findings.toc) {
    data.toc = true
    if (input.findings.toc.depth !== undefined && input.findings.toc.depth !== 3) data['toc-depth'] = input.findings.toc.depth
  }
  if (Object.keys(data).length === 0) return undefined
  const value = stringifyYaml(data, { lineWidth: 0 }).trimEnd()
  return { type: 'yaml', value }
}

function inlineMarkdown(paragraph: Paragraph): string {
  return printMarkdown({ type: 'root', children: [paragraph] })
    .trim()
    .replace(/\s*\n\s*/g, ' ')
}

// Bookmarks

function resolveBookmarks(tree: Root, markers: WeakMap<Nodes, Marker>): void {
  // A bookmark written between paragraphs, right before a heading (pandoc does so), is the heading's.
  const flows: Parent[] = [tree]
  while (flows.length > 0) {
    const parent = flows.pop()!
    if (parent.type === 'paragraph' || parent.type === 'heading') continue
    for (let index = parent.children.length - 2; index >= 0; index--) {
      const child = parent.children[index] as Nodes
      const next = parent.children[index + 1] as Nodes
      if (child.type !== 'paragraph' || next.type !== 'heading') continue
      const anchors = child.children.filter((node) => markers.get(node)?.kind === 'a')
      if (anchors.length === 0 || anchors.length !== child.children.filter((node) => !(node.type === 'text' && node.value.trim() === '')).length) continue
      next.children.unshift(...anchors)
      parent.children.splice(index, 1)
    }
    for (const child of parent.children) if ('children' in child) flows.push(child as Parent)
  }
  const headings: Heading[] = []
  const anchorsOf = new Map<Heading, string[]>()
  const links: Array<{ url: string; set: (url: string) => void }> = []
  const bookmarks = new Set<string>()
  const stack: Array<{ node: Nodes; heading?: Heading }> = [{ node: tree }]
  while (stack.length > 0) {
    const { node, heading } = stack.pop()!
    if (node.type === 'heading') headings.push(node)
    const found = markers.get(node)
    if (found?.kind === 'a') {
      bookmarks.add(found.payload)
      if (heading) anchorsOf.set(heading, [...(anchorsOf.get(heading) ?? []), found.payload])
    }
    if (node.type === 'link' && node.url.startsWith('#')) links.push({ url: node.url, set: (url) => (node.url = url) })
    if ('children' in node) for (let index = node.children.length - 1; index >= 0; index--) stack.push({ node: node.children[index]!, heading: node.type === 'heading' ? node : heading })
  }
  // Bookmarks come out of headings (their names are kept aside), so a heading's text, and its slug, are its words alone.
  for (const heading of headings) {
    heading.children = trimPhrasing(heading.children.filter((child) => markers.get(child)?.kind !== 'a'))
  }
  // A heading keeps a bookmark name of its own (pandoc's `{#id}`) unless it is its slug or one of Word's own (`_Toc…`).
  const plainSlugs = slugsOf(headings)
  for (const heading of headings) {
    const own = (anchorsOf.get(heading) ?? []).filter((name) => !name.startsWith('_'))
    if (own.length === 0 || own.includes(plainSlugs.get(heading) ?? '')) continue
    heading.data = { ...heading.data, attributes: { id: own[0]!, classes: [], pairs: [] } }
  }
  const slugs = slugsOf(headings)
  const target = new Map<string, string>()
  for (const heading of headings) for (const name of anchorsOf.get(heading) ?? []) target.set(name, heading.data?.attributes?.id ?? slugs.get(heading) ?? name)
  for (const link of links) {
    const name = decodeURIComponent(link.url.slice(1))
    const to = target.get(name)
    if (to !== undefined) link.set(`#${to}`)
  }
  // Bookmarks elsewhere that links point to stay, as pandoc's empty spans (`[]{#name}`).
  const wanted = new Set(links.map((link) => decodeURIComponent(link.url.slice(1))))
  const visit: Parent[] = [tree]
  while (visit.length > 0) {
    const parent = visit.pop()!
    if (parent.type === 'heading') continue
    parent.children = parent.children.map((child) => {
      const found = markers.get(child as Nodes)
      if (found?.kind === 'a' && wanted.has(found.payload) && !target.has(found.payload) && bookmarks.has(found.payload)) {
        return { type: 'bracketedSpan', children: [], data: { attributes: { id: found.payload, classes: [], pairs: [] } } }
      }
      return child
    }) as typeof parent.children
    for (const child of parent.children) if ('children' in child) visit.push(child as Parent)
  }
}

/** `javascript:`, `vbscript:` and `data:` links keep their text, not their link (others stay for the export to judge). */
function dropScriptLinks(tree: Root, input: BuildInput): void {
  const stack: Parent[] = [tree]
  while (stack.length > 0) {
    const parent = stack.pop()!
    if (parent.children.some((child) => child.type === 'link' && SCRIPT_PROTOCOLS.has(urlProtocol(child.url) ?? ''))) {
      parent.children = parent.children.flatMap((child) => {
        if (child.type !== 'link' || !SCRIPT_PROTOCOLS.has(urlProtocol(child.url) ?? '')) return [child]
        input.log.add('import-link-unsafe', `A ${urlProtocol(child.url)}: link kept its text only`, 'warning')
        return child.children
      }) as Parent['children']
    }
    for (const child of parent.children) if ('children' in child) stack.push(child as Parent)
  }
}

const SCRIPT_PROTOCOLS = new Set(['javascript', 'vbscript', 'data'])

// Clean-up

function removeMarkerLeaves(root: Parent, markers: WeakMap<Nodes, Marker>): void {
  const stack: Parent[] = [root]
  while (stack.length > 0) {
    const parent = stack.pop()!
    const kept: Nodes[] = []
    for (const child of parent.children) {
      const found = markers.get(child as Nodes)
      if (found?.kind === 'k') kept.push({ type: 'text', value: found.payload === '1' ? '☒' : '☐' })
      else if (!found) kept.push(child as Nodes)
      if ('children' in child) stack.push(child as Parent)
    }
    ;(parent as { children: Nodes[] }).children = kept
  }
}

/** Paragraphs' edges trimmed, empty paragraphs dropped, positions (of the HTML) removed. */
function tidy(root: Root): void {
  const stack: Nodes[] = [root]
  while (stack.length > 0) {
    const node = stack.pop()!
    delete node.position
    if (!('children' in node)) continue
    if (node.type === 'paragraph' || node.type === 'heading' || node.type === 'tableCell') node.children = trimPhrasing(node.children)
    if (node.type !== 'paragraph' && node.type !== 'heading') {
      ;(node as Parent).children = (node.children as Nodes[]).filter((child) => !(child.type === 'paragraph' && child.children.length === 0)) as Parent['children']
    }
    for (const child of node.children) stack.push(child as Nodes)
  }
}

function trimPhrasing(children: PhrasingContent[]): PhrasingContent[] {
  const out = [...children]
  while (out.length > 0 && out[0]!.type === 'text' && (out[0] as Text).value.trim() === '') out.shift()
  while (out.length > 0 && out[out.length - 1]!.type === 'text' && (out[out.length - 1] as Text).value.trim() === '') out.pop()
  const first = out[0]
  if (first?.type === 'text') out[0] = { type: 'text', value: first.value.replace(/^\s+/, '') }
  const last = out[out.length - 1]
  if (last?.type === 'text') out[out.length - 1] = { type: 'text', value: last.value.replace(/\s+$/, '') }
  // A line break at the very end of a paragraph means nothing in Markdown.
  while (out.length > 0 && out[out.length - 1]!.type === 'break') out.pop()
  return out
}

function trimFirstParagraph(blocks: BlockContent[]): void {
  const first = blocks[0]
  if (first?.type === 'paragraph') first.children = trimPhrasing(first.children)
}

// Pictures

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/bmp': 'bmp',
  'image/tiff': 'tif',
  'image/svg+xml': 'svg',
  'image/webp': 'webp',
  'image/x-emf': 'emf',
  'image/x-wmf': 'wmf',
  'image/emf': 'emf',
  'image/wmf': 'wmf',
}

function nameImages(tree: Root, order: number[], input: BuildInput): Built['images'] {
  const named: Built['images'] = []
  const byContent = new Map<string, Array<{ bytes: Uint8Array; path: string }>>()
  const pathOf = new Map<number, string>()
  const images: Image[] = []
  const stack: Nodes[] = [tree]
  while (stack.length > 0) {
    const node = stack.pop()!
    if (node.type === 'image' && node.url.startsWith('docx-image:')) images.push(node)
    if ('children' in node) for (let index = node.children.length - 1; index >= 0; index--) stack.push(node.children[index]!)
  }
  for (const image of images) {
    const placeholder = Number(image.url.slice('docx-image:'.length))
    let path = pathOf.get(placeholder)
    if (path === undefined) {
      const source = input.images[order[placeholder] ?? -1]
      if (!source) {
        image.url = ''
        continue
      }
      // The bytes say what a picture is; a package's content types are often missing or generic.
      const contentType = sniffImage(source.bytes) ?? (source.contentType || 'application/octet-stream')
      const key = `${source.bytes.length}:${hashBytes(source.bytes)}`
      const same = byContent.get(key)?.find((entry) => equalBytes(entry.bytes, source.bytes))
      if (same) path = same.path
      else {
        const extension = EXTENSIONS[contentType] ?? 'bin'
        path = `${input.imageFolder}/image${named.length + 1}.${extension}`
        named.push({ path, bytes: source.bytes, contentType })
        byContent.set(key, [...(byContent.get(key) ?? []), { bytes: source.bytes, path }])
        if (extension === 'emf' || extension === 'wmf') input.log.add('import-image-format', `A picture in Windows ${extension.toUpperCase()} format was kept as ${path}; browsers and markdocx cannot show it (convert it to PNG)`, 'warning')
        else if (extension === 'bin') input.log.add('import-image-format', `A picture in a format the importer does not know was kept as ${path}`, 'warning')
      }
      pathOf.set(placeholder, path)
    }
    image.url = path
    image.alt = (image.alt ?? '').replace(/\s+/g, ' ').trim()
    if (image.title === undefined) image.title = null
  }
  return named
}

function sniffImage(bytes: Uint8Array): string | undefined {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to))
  if (bytes[0] === 0x89 && ascii(1, 4) === 'PNG') return 'image/png'
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'image/jpeg'
  if (ascii(0, 4) === 'GIF8') return 'image/gif'
  if (ascii(0, 2) === 'BM') return 'image/bmp'
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp'
  if (ascii(0, 4) === 'II*\u0000' || ascii(0, 4) === 'MM\u0000*') return 'image/tiff'
  if (bytes[0] === 0x01 && bytes[1] === 0 && bytes[2] === 0 && bytes[3] === 0 && ascii(40, 44) === ' EMF') return 'image/x-emf'
  if (bytes[0] === 0xd7 && bytes[1] === 0xcd && bytes[2] === 0xc6 && bytes[3] === 0x9a) return 'image/x-wmf'
  const head = new TextDecoder().decode(bytes.subarray(0, 512))
  if (/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head)) return 'image/svg+xml'
  return undefined
}

function hashBytes(bytes: Uint8Array): number {
  // FNV-1a over the bytes: a key for finding the same picture used twice.
  let hash = 0x811c9dc5
  for (let index = 0; index < bytes.length; index++) hash = Math.imul(hash ^ bytes[index]!, 0x01000193)
  return hash >>> 0
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) return false
  return true
}

