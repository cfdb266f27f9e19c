/**
 * Before compiling: raw HTML that spans several mdast nodes is joined into `htmlElement` nodes,
 * and pandoc's `{width=…}` after an image becomes the image's size.
 *
 * - Inline: micromark gives every tag its own `html` node (`<sub>`, `2`, `</sub>`); a known tag
 *   and its closing tag among the same paragraph's children become one element around what lies
 *   between. An unclosed tag stays alone (the html handler drops it with a message).
 * - Blocks: the README idiom `<div align="center">` … Markdown … `</div>` (and `<details>`,
 *   `<p align>`, `<center>`…) becomes one block element holding the blocks between — only when
 *   the closing tag is there: an unclosed `<div>` never swallows the rest of the document.
 *   A `<table>` written across blocks with Markdown in its cells becomes one table (block-table.ts).
 *
 * The tree given is not changed: parents whose children change are copied.
 */
import type { Html, Image, ImageReference, Nodes, Parents, PhrasingContent, Root, RootContent, Text } from 'mdast'
import type { Position } from 'unist'
import { parseAttributeBlock } from '../../mdast/image-size.js'
import { htmlAnchors } from './anchor.js'
import { groupBlockTables } from './block-table.js'
import type { HtmlElement, HtmlElementData } from './node.js'
import { hastToFlow, htmlContent, parseHtml, type HtmlConversion } from './to-mdast.js'
import { INLINE_FORMATTING, inlineKind, VOID } from './tags.js'

/** Block elements whose opening and closing tags may stand in separate HTML blocks. */
const PAIRED_BLOCKS = new Set(['div', 'p', 'center', 'details', 'section', 'article', 'aside', 'header', 'footer', 'main', 'figure', 'blockquote', 'dd', 'nav'])

/** Inline elements joined across nodes: the formatting tags markdocx converts. */
const PAIRED_INLINE = new Set([...INLINE_FORMATTING].filter((tag) => !VOID.has(tag)))

const PHRASING_PARENTS = new Set(['paragraph', 'heading', 'tableCell', 'emphasis', 'strong', 'delete', 'link', 'linkReference'])

/** Deeper than this the tree is left as it is (the compiler reports such nesting itself). */
const MAX_DEPTH = 1000

export function prepareTree(tree: Root): Root {
  return prepare(tree, 0) as Root
}

function prepare(node: Nodes, depth: number): Nodes {
  if (!('children' in node) || depth > MAX_DEPTH) return node
  // The children are copied only when one of them changes: most parents keep theirs.
  const original = node.children as RootContent[]
  let children = original
  for (let index = 0; index < original.length; index++) {
    const child = original[index]!
    const next = prepare(child as Nodes, depth + 1)
    if (next !== child) {
      if (children === original) children = original.slice()
      children[index] = next as RootContent
    }
  }
  const grouped = PHRASING_PARENTS.has(node.type) || (node.type === 'htmlElement' && !node.block) ? groupInline(sizeImages(children as PhrasingContent[])) : isFlowParent(node) ? groupBlocks(children) : children
  return grouped !== original ? ({ ...node, children: grouped } as Parents) : node
}

function isFlowParent(node: Nodes): boolean {
  return node.type === 'root' || node.type === 'blockquote' || node.type === 'listItem' || node.type === 'footnoteDefinition' || (node.type === 'htmlElement' && node.block)
}

interface Tag {
  name: string
  closing: boolean
  /** The tag is the whole node (one opening or closing tag, nothing else). */
  alone: boolean
}

/** The single tag an inline html node is (`<sub>`, `</sub>`, `<a href="…">`), if it is one. */
export function singleTag(html: string): Tag | undefined {
  const match = /^<(\/)?([A-Za-z][A-Za-z0-9-]*)(?:\s[^<>]*)?(\/)?>$/.exec(html.trim())
  if (!match || match[3]) return undefined
  return { name: match[2]!.toLowerCase(), closing: match[1] === '/', alone: true }
}

function span(from: Position | undefined, to: Position | undefined): Position | undefined {
  return from && to ? { start: from.start, end: to.end } : from
}

/** Tags nested deeper than this are not joined (each level is a level of recursion when compiling). */
const MAX_INLINE_NESTING = 32

/** Joins `<tag>` … `</tag>` html siblings in a line of text into elements. */
function groupInline(children: PhrasingContent[], depth = 0): PhrasingContent[] {
  const tagOf = (node: PhrasingContent) => {
    const tag = node.type === 'html' ? singleTag(node.value) : undefined
    return tag && PAIRED_INLINE.has(tag.name) ? tag : undefined
  }
  const pairs = pairTags(children, tagOf)
  if (pairs.size === 0) return children
  if (depth >= MAX_INLINE_NESTING) {
    // Deeper tags are dropped (their text stays), with one message.
    const marker: Html = { type: 'html', value: '', data: { tooDeep: true }, ...(children[0]?.position ? { position: children[0].position } : {}) }
    return [marker, ...children.filter((child) => !tagOf(child))]
  }
  const out: PhrasingContent[] = []
  for (let index = 0; index < children.length; index++) {
    const child = children[index]!
    const close = pairs.get(index)
    if (close !== undefined) {
      const tag = tagOf(child)!
      const opening = htmlContent((child as Html).value).find((node) => node.type === 'element')
      const inner = groupInline(children.slice(index + 1, close), depth + 1)
      const position = span(child.position, children[close]!.position)
      const properties = opening?.type === 'element' ? opening.properties : {}
      // `<a name="x">…</a>`, `<span id="x">…</span>`: a bookmark where the element starts.
      out.push(...htmlAnchors({ tagName: tag.name, properties }, false, position), ...wrapInline(tag.name, properties, inner, position))
      index = close
      continue
    }
    out.push(child)
  }
  return out
}

function pairTags<T>(nodes: readonly T[], tagOf: (node: T, index: number) => { name: string; closing: boolean } | undefined): Map<number, number> {
  const pairs = new Map<number, number>()
  const open = new Map<string, number[]>()
  nodes.forEach((node, index) => {
    const tag = tagOf(node, index)
    if (!tag) return
    const stack = open.get(tag.name) ?? []
    if (!tag.closing) {
      stack.push(index)
      open.set(tag.name, stack)
    } else {
      const start = stack.pop()
      if (start !== undefined) pairs.set(start, index)
    }
  })
  return pairs
}

function wrapInline(tag: string, properties: Record<string, unknown>, children: PhrasingContent[], position: Position | undefined): PhrasingContent[] {
  const at = <T extends object>(node: T): T => (position ? { ...node, position } : node)
  switch (inlineKind(tag)) {
    case 'strong':
      return [at({ type: 'strong', children })]
    case 'emphasis':
      return [at({ type: 'emphasis', children })]
    case 'delete':
      return [at({ type: 'delete', children })]
    case 'inlineCode':
      return [at({ type: 'inlineCode', value: children.map(textOf).join('') })]
    case 'styled':
      return [at<HtmlElement>({ type: 'htmlElement', tagName: tag, attributes: {}, children, block: false })]
  }
  if (tag === 'a') {
    const href = typeof properties.href === 'string' ? properties.href : ''
    return href.trim() === '' ? children : [at({ type: 'link', url: href, title: typeof properties.title === 'string' ? properties.title : null, children })]
  }
  // span, font, abbr…: their content.
  return children
}

function textOf(node: Nodes): string {
  if ('value' in node && typeof node.value === 'string') return node.value
  return 'children' in node ? (node.children as Nodes[]).map(textOf).join('') : ''
}

/** pandoc's `![alt](x.png){width=50%}`: the attribute block right after an image sizes it. */
function sizeImages(children: PhrasingContent[]): PhrasingContent[] {
  let out: PhrasingContent[] | undefined
  for (let index = 0; index < children.length; index++) {
    const child = children[index]!
    const next = children[index + 1]
    if ((child.type === 'image' || child.type === 'imageReference') && next?.type === 'text') {
      const block = parseAttributeBlock(next.value)
      if (block) {
        out ??= children.slice(0, index)
        const sized: Image | ImageReference = { ...child, data: { ...child.data, attributes: block.attributes, ...(block.size ? { size: block.size } : {}) } }
        out.push(sized)
        const rest = next.value.slice(block.length)
        if (rest !== '') out.push({ ...next, value: rest } satisfies Text)
        index++
        continue
      }
    }
    out?.push(child)
  }
  return out ?? children
}

/** The one element an HTML block leaves open at its end (`<div align="center">`), if it is that. */
/**
 * What a block opens and closes, read once per node: each level of nesting pairs the tags of
 * the blocks inside it again (a parse each: 5 000 nested `<div>` blocks took seconds).
 */
const opened = new WeakMap<RootContent, ReturnType<typeof openElement> | null>()
const closed = new WeakMap<RootContent, ReturnType<typeof unmatchedClose> | null>()

function openOf(node: RootContent): ReturnType<typeof openElement> {
  if (node.type !== 'html') return undefined
  let known = opened.get(node)
  if (known === undefined) opened.set(node, (known = openElement(node.value) ?? null))
  return known ?? undefined
}

function closeOf(node: RootContent): ReturnType<typeof unmatchedClose> {
  let known = closed.get(node)
  if (known === undefined) closed.set(node, (known = unmatchedClose(node) ?? null))
  return known ?? undefined
}

function openElement(html: string): { name: string; element: ReturnType<typeof parseHtml>['children'][number] } | undefined {
  const trimmed = html.trim()
  const first = /^<([A-Za-z][A-Za-z0-9-]*)\b/.exec(trimmed)?.[1]?.toLowerCase()
  if (!first || !PAIRED_BLOCKS.has(first)) return undefined
  // The block must not close what it opens: `<div>…</div>` in one block is whole already.
  const opens = (trimmed.match(new RegExp(`<${first}\\b`, 'gi')) ?? []).length
  const closes = (trimmed.match(new RegExp(`</${first}\\s*>`, 'gi')) ?? []).length
  if (opens !== closes + 1) return undefined
  const elements = parseHtml(trimmed).children.filter((node) => node.type === 'element' || (node.type === 'text' && node.value.trim() !== ''))
  const only = elements.length === 1 ? elements[0] : undefined
  return only?.type === 'element' && only.tagName === first ? { name: first, element: only } : undefined
}

/**
 * Where an HTML block closes a paired element it did not open — `</div>` alone, or after more
 * HTML as in the README idiom `<br />\n</div>` — and the HTML before and after that tag.
 */
function unmatchedClose(node: RootContent): { name: string; before: string; after: string } | undefined {
  if (node.type !== 'html') return undefined
  const html = node.value
  const depth = new Map<string, number>()
  for (const match of html.matchAll(/<!--[\s\S]*?(?:-->|$)|<(\/)?([A-Za-z][A-Za-z0-9-]*)\b[^<>]*>/g)) {
    const name = match[2]?.toLowerCase()
    if (!name || !PAIRED_BLOCKS.has(name)) continue
    const open = depth.get(name) ?? 0
    if (!match[1]) {
      if (!match[0].endsWith('/>')) depth.set(name, open + 1)
    } else if (open > 0) depth.set(name, open - 1)
    else return { name, before: html.slice(0, match.index), after: html.slice(match.index + match[0].length) }
  }
  return undefined
}

/** Joins `<div align="center">` … `</div>` (blocks apart) into one element around the blocks between. */
/**
 * Block elements nested deeper than this are not joined: each level is a level of recursion
 * when compiling, and each level pairs its tags again (5 000 nested `<div>` blocks overflowed
 * the compiler after minutes of pairing).
 */
const MAX_BLOCK_NESTING = 32

function groupBlocks(given: RootContent[], depth = 0): RootContent[] {
  // Tables written across HTML blocks first, so a `</div>` after one's `</table>` still pairs.
  const children = groupBlockTables(given)
  const opens = children.map(openOf)
  const closes = children.map((child, index) => (opens[index] ? undefined : closeOf(child)))
  const pairs = pairTags(children, (node, index) => {
    const open = opens[index]
    if (open) return { name: open.name, closing: false }
    const close = closes[index]
    return close ? { name: close.name, closing: true } : undefined
  })
  if (pairs.size === 0) return children
  if (depth >= MAX_BLOCK_NESTING) {
    // The deeper elements' tags stay lone tags (their content is kept, the tags dropped), with one message.
    const marker: Html = { type: 'html', value: '', data: { tooDeep: true }, ...(children[0]?.position ? { position: children[0].position } : {}) }
    return [marker, ...children]
  }
  const out: RootContent[] = []
  for (let index = 0; index < children.length; index++) {
    const child = children[index]!
    const close = pairs.get(index)
    const open = opens[index]
    if (close === undefined || !open || open.element.type !== 'element') {
      out.push(child)
      continue
    }
    const closing = children[close] as Html
    const closeAt = closes[close]!
    const conversion: HtmlConversion = { unsupported: new Set(), position: child.position }
    const leading = hastToFlow(open.element.children, conversion)
    const inner = groupBlocks(children.slice(index + 1, close), depth + 1)
    // HTML in the closing block before its closing tag (`<br />` in `<br />\n</div>`) is inside.
    const trailing = closeAt.before.trim() === '' ? [] : hastToFlow(htmlContent(closeAt.before), { ...conversion, position: closing.position })
    const attributes: Record<string, string> = {}
    for (const [key, value] of Object.entries(open.element.properties)) if (typeof value === 'string' || typeof value === 'number') attributes[key.toLowerCase()] = String(value)
    const position = span(child.position, closing.position)
    const element: HtmlElement = {
      type: 'htmlElement',
      tagName: open.name,
      attributes,
      children: [...leading, ...(inner as HtmlElement['children']), ...trailing],
      block: true,
      ...(position ? { position } : {}),
      ...(conversion.unsupported.size > 0 ? { data: { unsupported: [...conversion.unsupported] } as HtmlElementData } : {}),
    }
    out.push(...htmlAnchors(open.element, true, position), element)
    if (closeAt.after.trim() !== '') out.push({ ...closing, value: closeAt.after })
    index = close
  }
  return out
}
