/**
 * Writes the XML of an object from a docx component's `prepForXml` (`{ "w:b": { _attr: { "w:val": false } } }`)
 * byte for byte as docx's own writer does (`stringifyXmlable` in docx 9, which docx does not export), quirks and
 * all: streamed-body.ts writes the body's blocks one at a time with it and splices them into the XML docx wrote
 * around them, so they must read exactly as if docx had written them in place.
 */
import type { IXmlableObject } from 'docx'

const ESCAPES: ReadonlyMap<string, string> = new Map([
  ['&', '&amp;'],
  ['"', '&quot;'],
  ["'", '&apos;'],
  ['<', '&lt;'],
  ['>', '&gt;'],
])

/** docx's escaping of text and attribute values: markup escaped, C0 controls XML 1.0 forbids dropped. */
// eslint-disable-next-line no-control-regex -- the controls are what this removes
const ESCAPED = /[&"'<>\x00-\x08\x0B\x0C\x0E-\x1F]/g

function escapeAll(value: string): string {
  return value.replace(ESCAPED, (char) => ESCAPES.get(char) ?? '')
}

/** Values that are not strings (numbers, booleans) are written as they are. */
function escapeValue(value: unknown): unknown {
  return typeof value === 'string' ? escapeAll(value) : value
}

interface Resolved {
  name: string | undefined
  attributes: string[]
  content: (Resolved | unknown)[]
  indents: string
}

function resolve(data: IXmlableObject, indent: string, depth: number): Resolved {
  const name = Object.keys(data)[0]
  const values: unknown = name === undefined ? undefined : data[name]
  const attributes: string[] = []
  const content: unknown[] = []
  const addAttributes = (attr: Record<string, unknown>) => {
    for (const [key, value] of Object.entries(attr)) attributes.push(`${key}="${String(escapeValue(value))}"`)
  }
  if (typeof values === 'object') {
    if (values !== null) {
      const { _attr: attr, _cdata: cdata } = values as { _attr?: Record<string, unknown>; _cdata?: string }
      if (attr) addAttributes(attr)
      if (cdata) content.push(`<![CDATA[${cdata.replace(/\]\]>/g, ']]]]><![CDATA[>')}]]>`)
      if (Array.isArray(values)) {
        let isStringContent = false
        content.push('')
        for (const value of values as unknown[]) {
          if (typeof value === 'object' && value !== null) {
            const object = value as IXmlableObject
            if (Object.keys(object)[0] === '_attr') addAttributes(object._attr as Record<string, unknown>)
            else content.push(resolve(object, indent, depth + 1))
          } else {
            // As the xml package did: text replaces the empty string that opened the content.
            content.pop()
            isStringContent = true
            content.push(escapeValue(value))
          }
        }
        if (!isStringContent) content.push('')
      }
    }
  } else content.push(escapeValue(values))
  return { name, attributes, content, indents: depth > 1 ? indent.repeat(depth - 1) : '' }
}

function isResolved(element: unknown): element is Resolved {
  return typeof element === 'object' && element !== null
}

function format(element: unknown, indent: string, isLast: boolean): string {
  if (!isResolved(element)) return String(element)
  const { name, attributes, content, indents } = element
  const { length } = content
  const open = indents + (name ? `<${name}` : '') + (attributes.length > 0 ? ` ${attributes.join(' ')}` : '') + (length > 0 ? (name ? '>' : '') : '/>') + (indent && length > 1 ? '\n' : '')
  if (length === 0) return open + (indent ? '\n' : '')
  return open + content.map((child) => (child === undefined ? '' : format(child, indent, false))).join('') + (length > 1 ? indents : '') + (name ? `</${name}>` : '') + (indent && !isLast ? '\n' : '')
}

/**
 * The XML of one element that sits `depth` levels down in a part docx writes with `indent`
 * (the part's root element is at depth 1 when indenting, 0 when not), and is not its parent's
 * last child — as docx writes it there, with its indentation and line end.
 */
export function stringifyChild(element: IXmlableObject, indent: string, depth: number): string {
  return format(resolve(element, indent, depth), indent, false)
}
