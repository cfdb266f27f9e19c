/**
 * Parsed HTML (hast) → mdast, so raw HTML in Markdown goes through the same handlers as the
 * Markdown around it: `<strong>` becomes strong, `<h2>` a heading, `<ul>` a list, `<a href>` a
 * link, `<img>` an image with its size; what Markdown cannot say (`<sub>`, `<kbd>`,
 * `<div align>`, `<details>`, tables with spans) becomes an `htmlElement` node. Unknown
 * elements keep their text and are listed so the caller can say so.
 */
import type { Element, ElementContent, Root as HastRoot } from 'hast'
import { fromHtml } from 'hast-util-from-html'
import { toText } from 'hast-util-to-text'
import type { BlockContent, Code, Heading, Html, Image, Link, List, ListItem, Paragraph, PhrasingContent } from 'mdast'
import type { Position } from 'unist'
import { safeUrl } from '../../mdast/safe-url.js'
import { parseImageSize } from '../../mdast/image-size.js'
import { htmlAnchors, type HtmlAnchor } from './anchor.js'
import type { HtmlElement } from './node.js'
import { BLOCKS, DROPPED_WITH_CONTENT, inlineKind, isKnown } from './tags.js'
import { dropUnclosedRawText } from '../../mdast/unclosed-raw-text.js'
import { limitHtmlDepth } from '../../mdast/html-depth.js'
import { htmlPageBreaks } from '../../mdast/html-page-breaks.js'
import type { PageBreak } from '../../mdast/nodes.js'
import { TextCache } from '../../mdast/text-cache.js'
import { MAX_HTML_TABLE_CELLS } from '../../mdast/table-limits.js'

export interface HtmlConversion {
  /** Tags that were dropped (their text kept), each once. */
  unsupported: Set<string>
  /** Where the HTML came from: every node made gets this position, so messages point at it. */
  position?: Position | undefined
}

/** Parses whose HTML nested too deeply, and lost its deepest tags (html-depth.ts). */
const cutTooDeep = new WeakSet<HastRoot>()
/** Parses whose tables held more than MAX_HTML_TABLE_CELLS cells, read as rows of text. */
const tablesFlattened = new WeakSet<HastRoot>()

const CELL_TAG = /<t[dh][\s/>]/gi

/** Whether `html` has more than MAX_HTML_TABLE_CELLS table cells (counting stops there). */
function overCellBudget(html: string): boolean {
  CELL_TAG.lastIndex = 0
  let cells = 0
  while (CELL_TAG.exec(html)) if (++cells > MAX_HTML_TABLE_CELLS) return true
  return false
}

/**
 * The HTML with its table markup made rows of text: each row a paragraph, `|` before each
 * cell. Done on the text, before parsing, because the parse itself is what does not fit: a
 * 5 000 × 100 table's elements took parse5 and the conversion 2.5 GB and 40 s.
 */
function flattenTables(html: string): string {
  return html
    .replace(/<\/?(?:table|thead|tbody|tfoot|colgroup|col)\b(?:[^<>"']|"[^"]*"|'[^']*')*>/gi, '')
    .replace(/<tr\b(?:[^<>"']|"[^"]*"|'[^']*')*>/gi, '<p>')
    .replace(/<\/tr\s*>/gi, '</p>')
    .replace(/<t[dh]\b(?:[^<>"']|"[^"]*"|'[^']*')*>/gi, ' | ')
    .replace(/<\/t[dh]\s*>/gi, '')
}

/** An HTML fragment as hast (parse5's error recovery: unclosed elements end with the fragment). */
export function parseHtml(html: string): HastRoot {
  const flatten = overCellBudget(html)
  // An unclosed <script>, <style>, <textarea>… would take the rest of the HTML (for a block,
  // the rest of the document) with it: its opening tag goes, its text stays (as in the preview).
  const limited = limitHtmlDepth(dropUnclosedRawText([flatten ? flattenTables(html) : html])[0]!)
  const root = fromHtml(limited.html, { fragment: true })
  if (limited.cut) cutTooDeep.add(root)
  if (flatten) tablesFlattened.add(root)
  return root
}

/** Whether an `html` node's HTML nested too deeply to be kept whole (its deepest tags were dropped, their text kept). */
export function htmlNodeCut(node: Html): boolean {
  return cutTooDeep.has(parseHtmlNode(node))
}

/** Whether an `html` node's tables were too large to be tables, and were read as rows of text. */
export function htmlTablesFlattened(node: Html): boolean {
  return tablesFlattened.has(parseHtmlNode(node))
}

/** The content of an HTML fragment (no doctype). */
export function htmlContent(html: string): ElementContent[] {
  return withoutDoctype(parseHtml(html))
}

/** The content of an mdast `html` node (no doctype), parsed once for the image scan and the compiler. */
export function htmlNodeContent(node: Html): ElementContent[] {
  return withoutDoctype(parseHtmlNode(node))
}

function withoutDoctype(root: HastRoot): ElementContent[] {
  return root.children.filter((node): node is ElementContent => node.type !== 'doctype')
}

/**
 * The parse of each `html` node's text: images are found (before compiling) and the node is
 * compiled from one parse, and the export worker's next compile reuses it for every block that
 * did not change — on README text HTML is a third of the characters, and parse5 a tenth of the
 * conversion. The hast is shared: read it, never change it.
 */
const parsedHtml = new TextCache<HastRoot>(1_000_000)

function parseHtmlNode(node: Html): HastRoot {
  const known = parsedHtml.get(node.value)
  if (known) return known
  const root = parseHtml(node.value)
  parsedHtml.set(node.value, root)
  return root
}

const at = <T extends object>(node: T, conversion: HtmlConversion): T => (conversion.position ? { ...node, position: conversion.position } : node)

function attributes(element: Element): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(element.properties)) {
    if (value === undefined || value === null || value === false) continue
    const key = name === 'className' ? 'class' : name.toLowerCase()
    out[key] = Array.isArray(value) ? value.join(' ') : value === true ? '' : String(value)
  }
  return out
}

function htmlElement(element: Element, children: HtmlElement['children'], block: boolean, conversion: HtmlConversion): HtmlElement {
  return at({ type: 'htmlElement', tagName: element.tagName, attributes: attributes(element), children, block }, conversion)
}

/** HTML content as mdast blocks: loose text and inline elements are gathered into paragraphs. */
export function hastToFlow(nodes: readonly ElementContent[], conversion: HtmlConversion): Array<BlockContent | HtmlElement> {
  const out: Array<BlockContent | HtmlElement> = []
  let line: ElementContent[] = []
  const flush = () => {
    const phrasing = trimPhrasing(hastToPhrasing(line, conversion))
    if (phrasing.length > 0) out.push(at<Paragraph>({ type: 'paragraph', children: phrasing }, conversion))
    line = []
  }
  for (const node of nodes) {
    if (node.type === 'element' && (BLOCKS.has(node.tagName) || (!isKnown(node.tagName) && containsBlock(node)))) {
      flush()
      out.push(...block(node, conversion))
    } else if (node.type === 'element' || node.type === 'text') line.push(node)
  }
  flush()
  return out
}

function containsBlock(element: Element): boolean {
  return element.children.some((child) => child.type === 'element' && (BLOCKS.has(child.tagName) || containsBlock(child)))
}

function alignOf(element: Element): string | undefined {
  const align = String(element.properties.align ?? '').toLowerCase()
  if (align === 'center' || align === 'left' || align === 'right') return align
  const style = /text-align\s*:\s*(left|center|right)/i.exec(String(element.properties.style ?? ''))
  return style?.[1]?.toLowerCase()
}

/** An element's anchors (id, `<a name>`), as nodes that make bookmarks where the element stands. */
function anchors(element: Element, block: boolean, conversion: HtmlConversion): HtmlAnchor[] {
  return htmlAnchors(element, block, conversion.position)
}

function block(element: Element, conversion: HtmlConversion): Array<BlockContent | HtmlElement> {
  const marks = anchors(element, true, conversion)
  const content = marks.length > 0 ? [...marks, ...blockContent(element, conversion)] : blockContent(element, conversion)
  // `<div style="page-break-before: always">`: the print CSS authors use for a new page.
  const breaks = htmlPageBreaks(element.properties.style)
  if (!breaks.before && !breaks.after) return content
  const pageBreak = (): PageBreak => at<PageBreak>({ type: 'pageBreak' }, conversion)
  return [...(breaks.before ? [pageBreak()] : []), ...content, ...(breaks.after ? [pageBreak()] : [])]
}

function blockContent(element: Element, conversion: HtmlConversion): Array<BlockContent | HtmlElement> {
  const tag = element.tagName
  const align = tag === 'center' ? 'center' : alignOf(element)
  const aligned = (content: Array<BlockContent | HtmlElement>): Array<BlockContent | HtmlElement> =>
    align ? [at<HtmlElement>({ type: 'htmlElement', tagName: 'div', attributes: { align }, children: content, block: true }, conversion)] : content
  switch (tag) {
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6':
      return aligned([at<Heading>({ type: 'heading', depth: Number(tag[1]) as Heading['depth'], children: trimPhrasing(hastToPhrasing(element.children, conversion)) }, conversion)])
    case 'ul':
    case 'ol':
      return [list(element, conversion)]
    case 'li':
      return [at<List>({ type: 'list', ordered: false, spread: false, children: [listItem(element, conversion)] }, conversion)]
    case 'blockquote':
      return [at({ type: 'blockquote', children: hastToFlow(element.children, conversion) as BlockContent[] }, conversion)]
    case 'pre': {
      const inner = element.children.find((child): child is Element => child.type === 'element' && child.tagName === 'code')
      const language = /(?:^|\s)(?:language|lang)-(\S+)/.exec(String((inner?.properties.className as string[] | undefined)?.join(' ') ?? ''))?.[1]
      return [at<Code>({ type: 'code', lang: language ?? null, meta: null, value: toText(element, { whitespace: 'pre' }).replace(/\n$/, '') }, conversion)]
    }
    case 'hr':
      return [at({ type: 'thematicBreak' }, conversion)]
    case 'table':
      return [table(element, conversion)]
    case 'details':
    case 'summary':
    case 'dd':
      return [htmlElement(element, hastToFlow(element.children, conversion), true, conversion)]
    case 'dt': {
      const phrasing = trimPhrasing(hastToPhrasing(element.children, conversion))
      return phrasing.length > 0 ? [at<Paragraph>({ type: 'paragraph', children: [{ type: 'strong', children: phrasing }] }, conversion)] : []
    }
    case 'figure': {
      const figure = captionedFigure(element, conversion)
      return figure ? aligned([figure]) : aligned(hastToFlow(element.children, conversion))
    }
    case 'p':
    case 'figcaption':
    case 'caption':
    case 'address':
      return aligned(hastToFlow(element.children, conversion))
    case 'colgroup':
    case 'col':
      return []
    default:
      if (DROPPED_WITH_CONTENT.has(tag)) return []
      if (!BLOCKS.has(tag)) conversion.unsupported.add(tag)
      // div, section, center, figure…: their content, aligned as they say.
      return aligned(hastToFlow(element.children, conversion))
  }
}

/**
 * `<figure>` holding one image and a `<figcaption>`: the image alone in a paragraph with the
 * caption as its title — the Markdown figure (`![alt](src "caption")`), so Word gets a Figure
 * paragraph and a numbered "Figure N: …" caption. Other figures are their content.
 */
function captionedFigure(element: Element, conversion: HtmlConversion): Paragraph | undefined {
  const images: Element[] = []
  let caption: Element | undefined
  let other = false
  const visit = (nodes: readonly ElementContent[]) => {
    for (const node of nodes) {
      if (node.type === 'text') other ||= node.value.trim() !== ''
      if (node.type !== 'element') continue
      if (node.tagName === 'img') images.push(node)
      else if (node.tagName === 'figcaption' && !caption) caption = node
      else if (node.tagName === 'a' || node.tagName === 'p' || node.tagName === 'picture' || node.tagName === 'div') visit(node.children)
      else other = true
    }
  }
  visit(element.children)
  const text = caption ? toText(caption).replace(/\s+/g, ' ').trim() : ''
  if (images.length !== 1 || other || text === '') return undefined
  const [image] = inline(images[0]!, conversion).filter((node): node is Image => node.type === 'image')
  return image ? at<Paragraph>({ type: 'paragraph', children: [{ ...image, title: text }] }, conversion) : undefined
}

function list(element: Element, conversion: HtmlConversion): List {
  const ordered = element.tagName === 'ol'
  const start = Number(element.properties.start)
  const items: ListItem[] = []
  let stray: ElementContent[] = []
  const flushStray = () => {
    if (stray.some((node) => node.type === 'element' || (node.type === 'text' && node.value.trim() !== ''))) items.push(at<ListItem>({ type: 'listItem', spread: false, children: hastToFlow(stray, conversion) as BlockContent[] }, conversion))
    stray = []
  }
  for (const child of element.children) {
    if (child.type === 'element' && child.tagName === 'li') {
      flushStray()
      items.push(listItem(child, conversion))
    } else stray.push(child)
  }
  flushStray()
  return at<List>({ type: 'list', ordered, ...(ordered && Number.isInteger(start) && start >= 0 ? { start } : {}), spread: false, children: items }, conversion)
}

function listItem(element: Element, conversion: HtmlConversion): ListItem {
  return at<ListItem>({ type: 'listItem', spread: false, children: hastToFlow(element.children, conversion) as BlockContent[] }, conversion)
}

/** `<table>` → htmlElement table › tr › td/th, rows of thead/tbody/tfoot in order, header rows marked. */
function table(element: Element, conversion: HtmlConversion): HtmlElement {
  const rows: HtmlElement[] = []
  const caption: Array<BlockContent | HtmlElement> = []
  const addRow = (tr: Element, header: boolean) => {
    const cells = tr.children
      .filter((cell): cell is Element => cell.type === 'element' && (cell.tagName === 'td' || cell.tagName === 'th'))
      .map((cell) => htmlElement(cell, [...anchors(cell, true, conversion), ...hastToFlow(cell.children, conversion)], true, conversion))
    if (cells.length === 0) return
    const row = htmlElement(tr, cells, true, conversion)
    if (header || cells.every((cell) => cell.tagName === 'th')) row.attributes['data-header'] = ''
    rows.push(row)
  }
  const visit = (parent: Element, header: boolean) => {
    for (const child of parent.children) {
      if (child.type !== 'element') continue
      if (child.tagName === 'tr') addRow(child, header)
      else if (child.tagName === 'thead') visit(child, true)
      else if (child.tagName === 'tbody' || child.tagName === 'tfoot') visit(child, false)
      else if (child.tagName === 'caption') caption.push(...hastToFlow(child.children, conversion))
    }
  }
  visit(element, false)
  const node = htmlElement(element, rows, true, conversion)
  if (caption.length > 0) node.attributes['data-caption'] = caption.map((block) => ('children' in block ? plain(block) : '')).join(' ')
  return node
}

function plain(node: { children?: unknown; value?: unknown }): string {
  if (typeof node.value === 'string') return node.value
  return Array.isArray(node.children) ? node.children.map((child) => plain(child as { children?: unknown; value?: unknown })).join('') : ''
}

/** HTML content as mdast phrasing (text with formatting, links, images, breaks). */
export function hastToPhrasing(nodes: readonly ElementContent[], conversion: HtmlConversion): PhrasingContent[] {
  const out: PhrasingContent[] = []
  for (const node of nodes) {
    if (node.type === 'text') {
      const value = node.value.replace(/[ \t\r\n\f]+/g, ' ')
      if (value !== '') out.push(at({ type: 'text', value }, conversion))
    } else if (node.type === 'element') out.push(...inline(node, conversion))
  }
  return out
}

function inline(element: Element, conversion: HtmlConversion): PhrasingContent[] {
  const marks = anchors(element, false, conversion)
  return marks.length > 0 ? [...marks, ...inlineContent(element, conversion)] : inlineContent(element, conversion)
}

function inlineContent(element: Element, conversion: HtmlConversion): PhrasingContent[] {
  const tag = element.tagName
  const children = () => hastToPhrasing(element.children, conversion)
  switch (inlineKind(tag)) {
    case 'strong':
      return [at({ type: 'strong', children: children() }, conversion)]
    case 'emphasis':
      return [at({ type: 'emphasis', children: children() }, conversion)]
    case 'delete':
      return [at({ type: 'delete', children: children() }, conversion)]
    case 'inlineCode':
      return [at({ type: 'inlineCode', value: toText(element).replace(/[ \t\r\n]+/g, ' ') }, conversion)]
    case 'styled':
      return [htmlElement(element, children(), false, conversion)]
  }
  switch (tag) {
    case 'br':
      return [at({ type: 'break' }, conversion)]
    case 'img':
      return image(element, conversion)
    case 'picture': {
      const img = element.children.find((child): child is Element => child.type === 'element' && child.tagName === 'img')
      return img ? image(img, conversion) : []
    }
    case 'a': {
      const href = element.properties.href
      if (typeof href !== 'string' || href.trim() === '') return children()
      const title = typeof element.properties.title === 'string' ? element.properties.title : null
      return [at<Link>({ type: 'link', url: href, title, children: children() }, conversion)]
    }
    case 'wbr':
    case 'source':
      return []
    default:
      if (DROPPED_WITH_CONTENT.has(tag)) return []
      if (!isKnown(tag)) conversion.unsupported.add(tag)
      return children()
  }
}

function image(element: Element, conversion: HtmlConversion): PhrasingContent[] {
  const src = typeof element.properties.src === 'string' ? element.properties.src.trim() : ''
  const alt = typeof element.properties.alt === 'string' ? element.properties.alt : ''
  if (src === '' || safeUrl(src, 'image') === undefined) return alt ? [at({ type: 'text', value: alt }, conversion)] : []
  const size = parseImageSize({ width: attribute(element, 'width'), height: attribute(element, 'height'), style: attribute(element, 'style') })
  const title = typeof element.properties.title === 'string' ? element.properties.title : null
  const align = String(element.properties.align ?? '').toLowerCase()
  const data: NonNullable<Image['data']> = {}
  if (size) data.size = size
  if (align === 'left' || align === 'center' || align === 'right') data.align = align
  const node: Image = { type: 'image', url: src, alt, title, ...(data.size || data.align ? { data } : {}) }
  return [at(node, conversion)]
}

function attribute(element: Element, name: string): string | undefined {
  const value = element.properties[name]
  return value === undefined || value === null ? undefined : String(value)
}

/** Trims white space at the ends of a paragraph's phrasing (HTML's collapsing at line ends). */
export function trimPhrasing(nodes: PhrasingContent[]): PhrasingContent[] {
  const out = [...nodes]
  const first = out[0]
  if (first?.type === 'text') {
    const value = first.value.replace(/^\s+/, '')
    if (value === '') out.shift()
    else out[0] = { ...first, value }
  }
  const last = out[out.length - 1]
  if (last?.type === 'text') {
    const value = last.value.replace(/\s+$/, '')
    if (value === '') out.pop()
    else out[out.length - 1] = { ...last, value }
  }
  return out
}

/** Every `<img src>` in an `html` node (for loading images before compiling). */
export function htmlImageSources(node: Html): string[] {
  if (!/<img\b/i.test(node.value)) return []
  const sources: string[] = []
  const visit = (nodes: readonly (ElementContent | HastRoot['children'][number])[]) => {
    for (const node of nodes) {
      if (node.type !== 'element') continue
      if (node.tagName === 'img' && typeof node.properties.src === 'string' && node.properties.src.trim() !== '' && safeUrl(node.properties.src.trim(), 'image') !== undefined) sources.push(node.properties.src.trim())
      visit(node.children)
    }
  }
  visit(parseHtmlNode(node).children)
  return sources
}

