/**
 * pandoc's custom styles read back: a paragraph or character style the document's author made
 * (`w:customStyle`, as Word marks its users' styles and markdocx its `custom-style` ones) that
 * the importer has no meaning for comes back as `::: {custom-style="Name"}` around its
 * paragraphs or `[text]{custom-style="Name"}` — what markdocx exports as that style again.
 *
 * Not: a style based on one the importer knows (a "My Quote" based on Quote is a quote) or
 * with an outline level (a heading), and not the styles pandoc, markdocx and LibreOffice write
 * themselves, which say nothing the Markdown did not. mammoth is told of each such style by an
 * extra line of the style map, giving it a class that holds the name (hex, as classes cannot
 * hold every character): `md-cs-4b6579205465726d` is "Key Term".
 */
import type { BlockContent, Nodes, RootContent } from 'mdast'
import type { FencedDiv } from '../mdast/nodes.js'
import { known } from './style-map.js'
import { styleChain, type WordStyle } from './word-styles.js'

const PREFIX = 'md-cs-'

/** Styles writers mark as their own that are not the author's: pandoc's, markdocx's, LibreOffice's (lower case). */
const WRITERS_OWN = new Set(
  [
    'Normal', 'Body Text', 'First Paragraph', 'Compact', 'Figure', 'Captioned Figure', 'Bibliography', 'Footnote Block Text', 'Section Number', 'Body Text Char',
    'Horizontal Rule', 'Wide Table', 'Very Wide Table', 'Table', 'Comment Text Char', 'Footnote Text Char', 'Header Char', 'Footer Char',
    'Text Body', 'Table Contents', 'Table Heading', 'Heading', 'Index', 'List', 'Footnote', 'Endnote', 'Frame Contents', 'Horizontal Line', 'Contents Heading',
    'Internet Link', 'Visited Internet Link', 'Numbering Symbols', 'Bullets', 'Strong Emphasis', 'Footnote Characters', 'Endnote Characters', 'Footnote Symbol', 'Endnote Symbol',
    'Default Paragraph Font', 'Source Code Char', 'Caption Char',
  ].map((name) => name.toLowerCase()),
)

/** mammoth tries every line of the map on every paragraph and run: a hostile styles.xml with thousands of styles must not make that slow. */
const MAX_MAPPED = 256

/** The author's styles among `styles`: those the file's comment says come back as `custom-style` (the first MAX_MAPPED). */
function authorStyles(styles: Map<string, WordStyle>): WordStyle[] {
  return [...styles.values()].filter((style) => {
    if (!style.custom || (style.type !== 'paragraph' && style.type !== 'character')) return false
    if (WRITERS_OWN.has(style.name.toLowerCase()) || known(style.name) || /^callout /i.test(style.name) || /['\\\n]/.test(style.name) || style.name.trim() === '') return false
    const chain = styleChain(styles, style.id)
    return !chain.some((entry) => entry.outlineLevel !== undefined || (entry !== style && known(entry.name)))
  }).slice(0, MAX_MAPPED)
}

/**
 * markdocx's title styles for a callout type drawn as the nearest kind ("Callout faq Title",
 * based on "Callout Important Title": src/docx/callouts.ts), with the kind they are based on.
 */
function calloutTypeStyles(styles: Map<string, WordStyle>): Array<{ style: WordStyle; kind: string; type: string }> {
  const out: Array<{ style: WordStyle; kind: string; type: string }> = []
  for (const style of styles.values()) {
    const type = /^Callout ([\p{L}\p{N}_-]{1,40}) Title$/u.exec(style.name)?.[1]
    if (style.type !== 'paragraph' || type === undefined || known(style.name)) continue
    const kind = styleChain(styles, style.id)
      .map((entry) => /^Callout (Note|Tip|Important|Warning|Caution) Title$/i.exec(entry.name)?.[1])
      .find((name) => name !== undefined)
    if (kind) out.push({ style, kind: kind.toLowerCase(), type })
    if (out.length === MAX_MAPPED) break
  }
  return out
}

/** Extra lines for mammoth's style map: each author's style to a class that holds its name; callout types' title styles to their kind's callout, with the type. */
export function customStyleMap(styles: Map<string, WordStyle>): string[] {
  return [
    ...authorStyles(styles).map((style) => (style.type === 'paragraph' ? `p[style-name='${style.name}'] => p.${classOf(PREFIX, style.name)}:fresh` : `r[style-name='${style.name}'] => span.${classOf(PREFIX, style.name)}`)),
    ...calloutTypeStyles(styles).map(({ style, kind, type }) => `p[style-name='${style.name}'] => blockquote.md-callout-${kind}:fresh > p.md-callout-title.${classOf(TYPE_PREFIX, type)}:fresh`),
  ]
}

/** The names `customStyleMap` maps, which style-map.ts must not give their parent's name. */
export function customStyleNames(styles: Map<string, WordStyle>): Set<string> {
  return new Set(calloutTypeStyles(styles).map(({ style }) => style.name.toLowerCase()))
}

const TYPE_PREFIX = 'md-ct-'

function classOf(prefix: string, name: string): string {
  return prefix + [...new TextEncoder().encode(name)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** The style name a class list holds, if any. */
export function customStyleOf(classes: readonly string[]): string | undefined {
  return decodedClass(classes, PREFIX)
}

/** A callout's type as typed (`faq`), from its title paragraph's classes. */
export function calloutTypeOf(classes: readonly string[]): string | undefined {
  return decodedClass(classes, TYPE_PREFIX)
}

function decodedClass(classes: readonly string[], prefix: string): string | undefined {
  const found = classes.find((name) => name.startsWith(prefix) && /^(?:[0-9a-f]{2})+$/.test(name.slice(prefix.length)))
  if (!found) return undefined
  const hex = found.slice(prefix.length)
  const bytes = new Uint8Array(hex.length / 2)
  for (let index = 0; index < bytes.length; index++) bytes[index] = Number.parseInt(hex.slice(index * 2, index * 2 + 2), 16)
  return new TextDecoder().decode(bytes)
}

/**
 * A container's paragraphs in an author's style grouped, each run of one style in a
 * `::: {custom-style="Name"}` div; recursively into quotes, list items and notes.
 */
export function customStyleDivs(blocks: RootContent[], classesOf: (node: Nodes) => string[]): RootContent[] {
  const out: RootContent[] = []
  let open: { name: string; div: FencedDiv } | undefined
  for (const block of blocks) {
    if (block.type === 'blockquote' || block.type === 'footnoteDefinition' || block.type === 'criticChangeBlock') block.children = customStyleDivs(block.children, classesOf) as typeof block.children
    if (block.type === 'list') for (const item of block.children) item.children = customStyleDivs(item.children, classesOf) as BlockContent[]
    const name = block.type === 'paragraph' ? customStyleOf(classesOf(block)) : undefined
    if (name === undefined) {
      open = undefined
      out.push(block)
      continue
    }
    if (open?.name === name) {
      open.div.children.push(block as BlockContent)
      continue
    }
    const div: FencedDiv = { type: 'fencedDiv', children: [block as BlockContent], data: { attributes: { classes: [], pairs: [['custom-style', name]] } } }
    open = { name, div }
    out.push(div)
  }
  return out
}
