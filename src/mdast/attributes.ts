/**
 * Pandoc's attribute syntax, `{#id .class key=value key="quoted value"}`, read one way for every
 * construct that takes it: images (`{width=50%}`), headings (`{#intro .unnumbered}`), fenced divs,
 * bracketed spans, display math and tables (pandoc-crossref's labels, `{#fig:x}`, are ids).
 * Parsers put what they read on the node as `data.attributes`; the preview and the compiler read
 * it from there, so a construct's attributes mean the same in both.
 */
import type { Node } from 'unist'

/** What an attribute block says. */
export interface Attributes {
  /** `#id`; where several are given, the last (as pandoc does). */
  id?: string
  /** `.class` words and bare words (`::: warning`), in order; `-` is pandoc's `.unnumbered`. */
  classes: string[]
  /** `key=value` pairs in order, keys as written, values unquoted. */
  pairs: Array<[string, string]>
}

declare module 'mdast' {
  interface Data {
    /** Pandoc attributes written with the construct (see mdast/attributes.ts). */
    attributes?: Attributes
  }
}

/** An attribute block read from the start of a text. */
export interface AttributeBlock {
  /** Characters the block takes, braces included. */
  length: number
  attributes: Attributes
  /** `{=openxml}`: a raw block or span's format (pandoc's raw_attribute); then the rest is empty. */
  rawFormat?: string
}

/** Letters and digits of any script, and pandoc's `-_:.` */
const NAME = /[\p{L}\p{N}_:.-]+/uy
const UNQUOTED = /[^\s"'}]+/y

/**
 * The attribute block at the start of `text` (`{#id .class key=value}`), or undefined when `text`
 * does not start with a well-formed one (a quoted value may hold `}`; a block never holds a line
 * break, since every character it may hold is named). `bareWords` accepts words
 * without a dot as classes (fenced divs: `::: {warning}` is rare, `::: warning` common).
 */
export function parseAttributes(text: string, options: { bareWords?: boolean } = {}): AttributeBlock | undefined {
  if (text.charCodeAt(0) !== 123 /* { */) return undefined
  const raw = /^\{[ \t]*=([\p{L}\p{N}_-]+)[ \t]*\}/u.exec(text)
  if (raw) return { length: raw[0].length, attributes: { classes: [], pairs: [] }, rawFormat: raw[1]!.toLowerCase() }
  const attributes: Attributes = { classes: [], pairs: [] }
  let index = 1
  let any = false
  while (index < text.length) {
    const char = text[index]!
    if (char === '}') return any ? { length: index + 1, attributes } : undefined
    if (char === ' ' || char === '\t') {
      index++
      continue
    }
    if (char === '#' || char === '.') {
      const name = readName(text, index + 1)
      if (!name) return undefined
      if (char === '#') attributes.id = name
      else attributes.classes.push(name)
      index += 1 + name.length
    } else if (char === '-' && (text[index + 1] === '}' || text[index + 1] === ' ' || text[index + 1] === '\t')) {
      attributes.classes.push('unnumbered')
      index += 1
    } else {
      const key = readName(text, index)
      if (!key) return undefined
      index += key.length
      if (text[index] !== '=') {
        if (!options.bareWords) return undefined
        attributes.classes.push(key)
        any = true
        continue
      }
      index++
      const value = readValue(text, index)
      if (!value) return undefined
      attributes.pairs.push([key, value.value])
      index += value.length
    }
    any = true
  }
  return undefined
}

/**
 * A node's pandoc attributes, for any node type: the data of node types from other packages
 * (math, definition lists) does not extend mdast's `Data`, so the declaration above cannot reach them.
 */
export function attributesOf(node: Node): Attributes | undefined {
  return (node.data as { attributes?: Attributes } | undefined)?.attributes
}

/** The value of the first pair named `key` (ASCII case-insensitive), if any. */
export function attributeValue(attributes: Attributes | undefined, key: string): string | undefined {
  if (!attributes) return undefined
  const wanted = key.toLowerCase()
  for (const [name, value] of attributes.pairs) if (name.toLowerCase() === wanted) return value
  return undefined
}

/** Whether the attributes carry `className`. */
export function hasClass(attributes: Attributes | undefined, className: string): boolean {
  return attributes?.classes.includes(className) ?? false
}

function readName(text: string, at: number): string | undefined {
  NAME.lastIndex = at
  return NAME.exec(text)?.[0]
}

/** A quoted value (`"…"` or `'…'`, backslash escapes its quote) or a bare one. */
function readValue(text: string, at: number): { value: string; length: number } | undefined {
  const quote = text[at]
  if (quote === '"' || quote === "'") {
    let value = ''
    for (let index = at + 1; index < text.length; index++) {
      const char = text[index]!
      if (char === '\\' && text[index + 1] === quote) {
        value += quote
        index++
      } else if (char === quote) return { value, length: index + 1 - at }
      else if (char === '\n' || char === '\r') return undefined
      else value += char
    }
    return undefined
  }
  UNQUOTED.lastIndex = at
  const bare = UNQUOTED.exec(text)?.[0]
  return bare ? { value: bare, length: bare.length } : undefined
}
