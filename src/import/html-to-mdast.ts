/**
 * mammoth's HTML → mdast: the HTML is parsed (hast-util-from-html), mammoth's notes, comments,
 * bookmarks and image placeholders are read out of it, and hast-util-to-mdast converts the rest
 * with handlers for what markdocx's Markdown has and plain HTML-to-Markdown does not: pandoc's
 * superscript and subscript, underline and small-caps spans, highlights, definition lists, and
 * tables kept whole (cells as blocks, spans as given) for blocks.ts to write as GFM or HTML.
 */
import type { Element, ElementContent, Root as HastRoot } from 'hast'
import { fromHtml } from 'hast-util-from-html'
import { toText } from 'hast-util-to-text'
import { defaultHandlers, toMdast, type Handle, type State } from 'hast-util-to-mdast'
import type { BlockContent, Html, Nodes, Paragraph, PhrasingContent, Root } from 'mdast'
import type { BracketedSpan, CriticHighlight, Subscript, Superscript } from '../mdast/nodes.js'
import type { DefListDescriptionNode, DefListNode, DefListTermNode } from 'mdast-util-definition-list'
import { customStyleOf } from './custom-styles.js'
import { marker } from './markers.js'
import { append } from '../util/append.js'

/** A table as Word has it: rows of cells, each cell's blocks, spans. */
export interface TableModel {
  rows: Array<{ header: boolean; cells: TableCellModel[] }>
}

/** A cell: a root of its own blocks (so passes over the tree reach into it), and its spans. */
export interface TableCellModel {
  type: 'root'
  children: BlockContent[]
  colSpan: number
  rowSpan: number
  header: boolean
}

export interface HtmlReading {
  tree: Root
  /** Notes' bodies by label ("1", "2"… in order of first reference), each a root of its own. */
  notes: Map<string, Root>
  /** Comments' text by Word's id, each in a paragraph of its own. */
  comments: Map<string, Paragraph>
  /** Tables, by the placeholder node that stands for each in the tree. */
  tables: WeakMap<Html, TableModel>
  /** The class mammoth gave a paragraph or quote through the style map (`md-title`…). */
  classes: WeakMap<Nodes, string[]>
  /** The images in the order the document shows them, as indexes into mammoth's list. */
  imageOrder: number[]
}

const NOTE_REF = /^#docx-(footnote|endnote)-(-?\d+)$/
const COMMENT_REF = /^#docx-comment-(-?\d+)$/

export function htmlToMdast(html: string): HtmlReading {
  const hast = fromHtml(html, { fragment: true })
  const notes = new Map<string, Root>()
  const comments = new Map<string, Paragraph>()
  const tables = new WeakMap<Html, TableModel>()
  const classes = new WeakMap<Nodes, string[]>()
  const imageOrder: number[] = []
  const labels = new Map<string, string>()
  const noteBodies = new Map<string, Element>()
  const commentBodies = new Map<string, Element>()

  // mammoth puts the notes (an <ol>) and the comments (a <dl>) after the document.
  hast.children = hast.children.filter((node) => {
    if (node.type !== 'element') return true
    if ((node.tagName === 'ol' || node.tagName === 'dl') && node.children.length === 0) return false
    if (node.tagName === 'ol' && node.children.every((item) => item.type !== 'element' || (item.tagName === 'li' && /^docx-(footnote|endnote)-/.test(String(item.properties.id ?? ''))))) {
      for (const item of node.children) if (item.type === 'element') noteBodies.set(String(item.properties.id).slice('docx-'.length), item)
      return false
    }
    if (node.tagName === 'dl' && node.children.some((item) => item.type === 'element' && item.tagName === 'dt' && /^docx-comment-/.test(String(item.properties.id ?? '')))) {
      let id: string | undefined
      for (const item of node.children) {
        if (item.type !== 'element') continue
        if (item.tagName === 'dt') id = String(item.properties.id ?? '').slice('docx-comment-'.length)
        else if (item.tagName === 'dd' && id !== undefined) commentBodies.set(id, item)
      }
      return false
    }
    return true
  })

  /** Notes referenced inside notes are numbered after the body's, as Word shows them. */
  const prepare = (root: HastRoot | Element) => {
    // Pre-order, so notes are labelled and images counted in document order.
    const stack: Array<HastRoot | Element> = [root]
    while (stack.length > 0) {
      const parent = stack.pop()!
      const next: Element[] = []
      parent.children = parent.children.map((node): ElementContent => {
        if (node.type !== 'element') return node as ElementContent
        const replaced = replaceElement(node)
        if (replaced) return replaced
        next.push(node)
        return node
      })
      for (let index = next.length - 1; index >= 0; index--) stack.push(next[index]!)
    }
  }

  const replaceElement = (node: Element): ElementContent | undefined => {
    if (node.tagName === 'sup') {
      const only = node.children.filter((item) => item.type !== 'text' || item.value.trim() !== '')
      const link = only.length === 1 && only[0]!.type === 'element' && only[0]!.tagName === 'a' ? only[0]! : undefined
      const href = link ? String(link.properties.href ?? '') : ''
      const note = NOTE_REF.exec(href)
      if (note) {
        const key = `${note[1]}-${note[2]}`
        let label = labels.get(key)
        if (label === undefined) labels.set(key, (label = String(labels.size + 1)))
        return { type: 'text', value: marker('f', label) }
      }
      const comment = COMMENT_REF.exec(href)
      if (comment) return { type: 'text', value: marker('c', comment[1]) }
    }
    if (node.tagName === 'a' && node.properties.href === undefined && node.properties.id !== undefined) {
      // A bookmark: where links may point (a heading's, a note reference's).
      const id = String(node.properties.id).replace(/^docx-/, '')
      return { type: 'text', value: marker('a', id.replace(/[;=\uFDD0\uFDD1]/g, '_')) }
    }
    if (node.tagName === 'a' && typeof node.properties.href === 'string' && node.properties.href.startsWith('#docx-')) {
      node.properties.href = `#${node.properties.href.slice('#docx-'.length)}`
    }
    if (node.tagName === 'img') {
      const src = String(node.properties.src ?? '')
      if (src.startsWith('docx-image:')) {
        imageOrder.push(Number(src.slice('docx-image:'.length)))
        node.properties.src = `docx-image:${imageOrder.length - 1}`
      }
    }
    if (node.tagName === 'input' && node.properties.type === 'checkbox') return { type: 'text', value: marker('k', node.properties.checked ? '1' : '0') }
    return undefined
  }

  prepare(hast)
  // Notes in the order of their labels; a note whose own text references another labels it next.
  const handlers = createHandlers(tables, classes)
  const convertFlow = (element: Element): BlockContent[] => {
    const converted = toMdast({ type: 'root', children: element.children }, { handlers }) as Root
    return converted.children as BlockContent[]
  }
  const keyOf = new Map([...labels].map(([key, label]) => [label, key]))
  for (let index = 1; index <= labels.size; index++) {
    const key = keyOf.get(String(index))
    const body = key !== undefined ? noteBodies.get(key) : undefined
    if (!body) continue
    removeBackLinks(body, /^#docx-(footnote|endnote)-ref-/)
    prepare(body)
    notes.set(String(index), { type: 'root', children: convertFlow(body) })
  }
  for (const [id, body] of commentBodies) {
    removeBackLinks(body, /^#docx-comment-ref-/)
    prepare(body)
    const blocks = convertFlow(body)
    // A comment is one run of text in CriticMarkup: its paragraphs are joined by a space.
    const phrasing: PhrasingContent[] = []
    for (const block of blocks) {
      if (phrasing.length > 0) phrasing.push({ type: 'text', value: ' ' })
      if (block.type === 'paragraph' || block.type === 'heading') append(phrasing, block.children)
      else if (block.type === 'code') phrasing.push({ type: 'inlineCode', value: block.value })
    }
    comments.set(id, { type: 'paragraph', children: phrasing })
  }
  const tree = toMdast(hast, { handlers }) as Root
  return { tree, notes, comments, tables, classes, imageOrder }
}

/** mammoth's "↑" links back from a note or comment to its reference. */
function removeBackLinks(root: Element, href: RegExp): void {
  const stack: Element[] = [root]
  while (stack.length > 0) {
    const element = stack.pop()!
    element.children = element.children.filter((node) => !(node.type === 'element' && node.tagName === 'a' && href.test(String(node.properties.href ?? ''))))
    for (const node of element.children) if (node.type === 'element') stack.push(node)
  }
}

function classList(element: Element): string[] {
  const value: unknown = element.properties.className
  return Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(/\s+/) : []
}

function phrasingOf(state: State, element: Element): PhrasingContent[] {
  return state.all(element) as PhrasingContent[]
}

function createHandlers(tables: WeakMap<Html, TableModel>, classes: WeakMap<Nodes, string[]>): Record<string, Handle> {
  const keepClasses =
    (handle: Handle): Handle =>
    (state, element, parent) => {
      const result = handle(state, element, parent)
      const names = classList(element)
      if (names.length > 0 && result && !Array.isArray(result)) classes.set(result, names)
      return result
    }

  const table: Handle = (state, element) => {
    const model: TableModel = { rows: [] }
    for (const row of orderRows(element)) {
      const header = isInHead(element, row)
      const cells: TableCellModel[] = []
      for (const cell of row.children) {
        if (cell.type !== 'element' || (cell.tagName !== 'td' && cell.tagName !== 'th')) continue
        const converted = toMdast({ type: 'root', children: cell.children }, { handlers: state.handlers }) as Root
        cells.push({
          type: 'root',
          children: converted.children as BlockContent[],
          colSpan: Math.max(1, Math.min(1000, Number(cell.properties.colSpan ?? 1) || 1)),
          rowSpan: Math.max(1, Math.min(65534, Number(cell.properties.rowSpan ?? 1) || 1)),
          header: header || cell.tagName === 'th',
        })
      }
      model.rows.push({ header, cells })
    }
    const placeholder: Html = { type: 'html', value: '' }
    tables.set(placeholder, model)
    return placeholder
  }

  const span: Handle = (state, element) => {
    const names = classList(element)
    const children = phrasingOf(state, element)
    const kind = names.includes('md-underline') ? 'underline' : names.includes('md-smallcaps') ? 'smallcaps' : undefined
    const custom = customStyleOf(names)
    if (custom !== undefined) {
      // An author's character style (custom-styles.ts).
      const styled: BracketedSpan = { type: 'bracketedSpan', children, data: { attributes: { classes: [], pairs: [['custom-style', custom]] } } }
      return kind ? { type: 'bracketedSpan', children: [styled], data: { attributes: { classes: [kind], pairs: [] } } } : styled
    }
    if (!kind) return children
    const node: BracketedSpan = { type: 'bracketedSpan', children, data: { attributes: { classes: [kind], pairs: [] } } }
    return node
  }

  const mark: Handle = (state, element) => {
    const node: CriticHighlight = { type: 'criticHighlight', children: phrasingOf(state, element) }
    return node
  }

  const script =
    (type: 'superscript' | 'subscript'): Handle =>
    (state, element) => {
      const node: Superscript | Subscript = { type, children: phrasingOf(state, element) }
      return node
    }

  const kbd: Handle = (state, element) => {
    const open: Html = { type: 'html', value: '<kbd>' }
    const close: Html = { type: 'html', value: '</kbd>' }
    return [open, ...phrasingOf(state, element), close]
  }

  /** Inline code: mammoth puts a code run's bold or italic inside <code>; Markdown puts it around. */
  const code: Handle = (state, element) => {
    const node: PhrasingContent = { type: 'inlineCode', value: toText(element) }
    let wrapped: PhrasingContent = node
    let inner: Element = element
    for (;;) {
      const only = inner.children.filter((item) => !(item.type === 'text' && item.value === ''))
      const child = only.length === 1 && only[0]!.type === 'element' ? only[0]! : undefined
      if (!child) break
      if (child.tagName === 'strong' || child.tagName === 'b') wrapped = { type: 'strong', children: [wrapped] }
      else if (child.tagName === 'em' || child.tagName === 'i') wrapped = { type: 'emphasis', children: [wrapped] }
      else if (child.tagName === 's' || child.tagName === 'del') wrapped = { type: 'delete', children: [wrapped] }
      inner = child
    }
    void state
    return wrapped
  }

  const dl: Handle = (state, element) => {
    const list: DefListNode = { type: 'defList', children: [] }
    for (const item of element.children) {
      if (item.type !== 'element') continue
      if (item.tagName === 'dt') {
        const term: DefListTermNode = { type: 'defListTerm', children: phrasingOf(state, item) }
        list.children.push(term)
      } else if (item.tagName === 'dd') {
        const description: DefListDescriptionNode = { type: 'defListDescription', spread: false, children: state.toFlow(state.all(item)) as DefListDescriptionNode['children'] }
        list.children.push(description)
      }
    }
    return list as unknown as BlockContent
  }

  return {
    ...defaultHandlers,
    p: keepClasses(defaultHandlers.p!),
    blockquote: keepClasses(defaultHandlers.blockquote!),
    table,
    span,
    mark,
    sup: script('superscript'),
    sub: script('subscript'),
    kbd,
    dl,
    code,
  }
}

/** A table's rows in document order (thead, tbody, tfoot, or rows straight in the table). */
function orderRows(table: Element): Element[] {
  const rows: Element[] = []
  for (const node of table.children) {
    if (node.type !== 'element') continue
    if (node.tagName === 'tr') rows.push(node)
    else if (node.tagName === 'thead' || node.tagName === 'tbody' || node.tagName === 'tfoot') for (const row of node.children) if (row.type === 'element' && row.tagName === 'tr') rows.push(row)
  }
  return rows
}

function isInHead(table: Element, row: Element): boolean {
  for (const node of table.children) if (node.type === 'element' && node.tagName === 'thead' && node.children.includes(row)) return true
  return false
}

