/**
 * XML in tests: a strict parser (well-formedness errors throw), element look-ups by qualified
 * name, and the compact pretty-printer the fixture goldens are written in.
 */
import { DOMParser, type Document, type Element, type Node } from '@xmldom/xmldom'

/** Parses XML; any well-formedness or namespace error throws with xmldom's reason. */
export function parseXml(text: string): Document {
  const parser = new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') throw new Error(message)
    },
  })
  return parser.parseFromString(text, 'text/xml')
}

/** Every element named `qname` (e.g. `w:p`) under `root`, in document order. */
export function elements(root: Document | Element, qname: string): Element[] {
  return Array.from(root.getElementsByTagName(qname))
}

/** The element children of `node` (text and comments left out). */
export function childElements(node: Node): Element[] {
  const out: Element[] = []
  for (let child: Node | null = node.firstChild; child; child = child.nextSibling) if (child.nodeType === 1) out.push(child as Element)
  return out
}

/** The first child element named `qname`, if any. */
export function child(node: Node, qname: string): Element | undefined {
  return childElements(node).find((element) => element.nodeName === qname)
}

/** An attribute by qualified name (`w:val`), or undefined when absent. */
export function attr(element: Element | undefined, qname: string): string | undefined {
  if (!element || !element.hasAttribute(qname)) return undefined
  return element.getAttribute(qname) ?? undefined
}

/** The `w:val` of the first `qname` child of `element` (`w:pStyle`, `w:jc`…). */
export function val(element: Element | undefined, path: string): string | undefined {
  let current: Element | undefined = element
  for (const name of path.split('/')) current = current && child(current, name)
  return attr(current, 'w:val')
}

/** All text of `w:t` (and `w:instrText` left out) under `root`, concatenated. */
export function wordText(root: Document | Element): string {
  return elements(root, 'w:t')
    .map((t) => t.textContent ?? '')
    .join('')
}

const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
const escapeAttribute = (value: string) => escapeText(value).replace(/"/g, '&quot;')

export interface GoldenOptions {
  /** Print only this element (e.g. `w:body`) instead of the whole document. */
  root?: string
  /** Subtrees whose one-line form fits in this many characters stay on one line (default 160). */
  width?: number
}

/**
 * A stable, readable form of an XML part for golden files: namespace declarations and
 * `mc:Ignorable` dropped, two-blank indent, and any element whose whole subtree fits on one
 * line written on one line (so a run is one line, not five).
 */
export function goldenXml(text: string, options: GoldenOptions = {}): string {
  const doc = parseXml(text)
  const width = options.width ?? 160
  const start = options.root ? elements(doc, options.root)[0] : doc.documentElement
  if (!start) return ''
  const lines: string[] = []
  const write = (element: Element, depth: number) => {
    const indent = '  '.repeat(depth)
    const inline = oneLine(element)
    if (indent.length + inline.length <= width || !childElements(element).length) {
      lines.push(indent + inline)
      return
    }
    lines.push(`${indent}${openTag(element)}`)
    for (let node: Node | null = element.firstChild; node; node = node.nextSibling) {
      if (node.nodeType === 1) write(node as Element, depth + 1)
      else if (node.nodeType === 3 && (node.nodeValue ?? '').trim() !== '') lines.push(`${indent}  ${escapeText(node.nodeValue ?? '')}`)
    }
    lines.push(`${indent}</${element.nodeName}>`)
  }
  write(start, 0)
  return `${lines.join('\n')}\n`
}

function attributes(element: Element): string {
  let out = ''
  for (const attribute of Array.from(element.attributes)) {
    if (attribute.name.startsWith('xmlns') || attribute.name === 'mc:Ignorable') continue
    out += ` ${attribute.name}="${escapeAttribute(attribute.value)}"`
  }
  return out
}

function openTag(element: Element): string {
  return `<${element.nodeName}${attributes(element)}>`
}

function oneLine(element: Element): string {
  if (!element.firstChild) return `<${element.nodeName}${attributes(element)}/>`
  let inner = ''
  for (let node: Node | null = element.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1) inner += oneLine(node as Element)
    else if (node.nodeType === 3) {
      // Whitespace between elements is the pretty-printer's, not content (w:t keeps its own).
      const value = node.nodeValue ?? ''
      if (value.trim() !== '' || element.nodeName === 'w:t' || element.nodeName === 'w:instrText') inner += escapeText(value)
    }
  }
  return inner === '' ? `<${element.nodeName}${attributes(element)}/>` : `${openTag(element)}${inner}</${element.nodeName}>`
}
