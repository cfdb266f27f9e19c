/**
 * mdast → Markdown in markdocx's dialect: mdast-util-to-markdown with GFM (tables, footnotes,
 * strikethrough, task lists), math and definition lists, and handlers for the nodes markdocx's
 * parser adds — front matter, pandoc's `^super^`/`~sub~`, `[spans]{…}`, `::: divs`, heading and
 * image attributes, `Table:` captions, `\newpage`, callouts (`> [!NOTE]`) and CriticMarkup
 * comments. Text is escaped for that dialect too: `^`, `~`, `$` and a `\newpage` written as
 * words stay text. The importer prints with it, and the round-trip test prints the parsed
 * original with it, so both sides of the comparison are written alike.
 */
import type { Blockquote, Heading, Image, Paragraph, Parents, Root } from 'mdast'
import { defListToMarkdown } from 'mdast-util-definition-list'
import { gfmToMarkdown } from 'mdast-util-gfm'
import { mathToMarkdown } from 'mdast-util-math'
import { defaultHandlers, toMarkdown, type ConstructName, type Handle, type Info, type Options, type State } from 'mdast-util-to-markdown'
import type { Attributes } from '../mdast/attributes.js'
import { toString } from 'mdast-util-to-string'
import { withMarks } from './print-marks.js'
import type { BracketedSpan, Citation, CriticChangeBlock, CrossReference, FencedDiv, Subscript, Superscript, TableCaption } from '../mdast/nodes.js'

/** Pandoc's attribute block, `{#id .class key="value"}`, or '' when there is nothing in it. */
export function attributeBlock(attributes: Attributes | undefined): string {
  if (!attributes) return ''
  const parts: string[] = []
  if (attributes.id !== undefined) parts.push(`#${attributes.id}`)
  for (const name of attributes.classes) parts.push(name === 'unnumbered' ? '-' : `.${name}`)
  for (const [key, value] of attributes.pairs) parts.push(/^[^\s"'{}]+$/.test(value) ? `${key}=${value}` : `${key}="${value.replace(/"/g, '\\"')}"`)
  return parts.length > 0 ? `{${parts.join(' ')}}` : ''
}

const wrap = (open: string, close: string) =>
  ((node: Parents, _parent: Parents | undefined, state: State, info: Info) => {
    const tracker = state.createTracker(info)
    let value = tracker.move(open)
    value += tracker.move(state.containerPhrasing(node, { ...tracker.current(), before: value, after: close.charAt(0) }))
    return value + tracker.move(close)
  }) as unknown as Handle

const script = (delimiter: string, tag: string) =>
  ((node: Superscript | Subscript, parent: Parents | undefined, state: State, info: Info) => {
    // pandoc's ^x^ holds no spaces; anything else is the HTML element (which markdocx reads too).
    const plain = node.children.length > 0 && node.children.every((child) => child.type === 'text' && !/\s/.test(child.value) && child.value !== '')
    return plain ? wrap(delimiter, delimiter)(node as unknown as Parents, parent, state, info) : wrap(`<${tag}>`, `</${tag}>`)(node as unknown as Parents, parent, state, info)
  }) as unknown as Handle

const heading: Handle = (node: Heading, parent, state, info) => {
  const value = defaultHandlers.heading(node, parent, state, info)
  const block = attributeBlock(node.data?.attributes)
  return withMarks(node, parent, block === '' ? value : `${value} ${block}`)
}

/** GFM's paragraph handler (it writes a task item's `[x]`), found among the extension's parts. */
const gfmParagraph = (gfmToMarkdown().extensions ?? []).map((extension) => extension.handlers?.paragraph).find((handle) => handle !== undefined) as Handle | undefined

const paragraph: Handle = (node: Paragraph, parent, state, info) => withMarks(node, parent, (gfmParagraph ?? defaultHandlers.paragraph)(node, parent, state, info))

const image: Handle = (node: Image, parent, state, info) => {
  const value = defaultHandlers.image(node, parent, state, info)
  return value + attributeBlock(node.data?.attributes)
}

const blockquote: Handle = (node: Blockquote, parent, state, info) => {
  const callout = node.data?.callout
  if (!callout) return defaultHandlers.blockquote(node, parent, state, info)
  const defaultTitle = callout.kind.charAt(0).toUpperCase() + callout.kind.slice(1)
  const marker = callout.title === defaultTitle ? `[!${callout.type.toUpperCase()}]` : `[!${callout.type}] ${callout.title}`
  const exit = state.enter('blockquote')
  const inner = node.children.length > 0 ? `${marker}\n${state.containerFlow(node, state.createTracker(info).current())}` : marker
  exit()
  return state.indentLines(inner, (line, _, blank) => `>${blank ? '' : ' '}${line}`)
}

const fencedDiv: Handle = (node: FencedDiv, _parent, state, info) => {
  const attributes = node.data?.attributes
  const spec = attributes && attributes.id === undefined && attributes.pairs.length === 0 && attributes.classes.length === 1 ? attributes.classes[0]! : attributeBlock(attributes)
  const inner = state.containerFlow(node, state.createTracker(info).current())
  return `::: ${spec}\n${inner}${inner === '' ? '' : '\n'}:::`
}

const bracketedSpan: Handle = (node: BracketedSpan, parent, state, info) => {
  const value = wrap('[', ']')(node, parent, state, info)
  return value + attributeBlock(node.data?.attributes)
}

// A citation's children and a cross-reference's value are the text as written (`[see @a, p. 3]`, `@fig:x`): printed as is, never escaped.
const citation: Handle = (node: Citation) => toString(node.children)
const crossReference: Handle = (node: CrossReference) => node.value

/** Blocks inside a change spanning paragraphs: the markers on lines of their own, as a fence. */
const criticChangeBlock: Handle = (node: CriticChangeBlock, _parent, state, info) => {
  const [open, close] = node.change === 'insertion' ? ['{++', '++}'] : ['{--', '--}']
  return `${open}\n\n${state.containerFlow(node, state.createTracker(info).current())}\n\n${close}`
}

const tableCaption: Handle = (node: TableCaption, parent, state, info) => wrap('Table: ', '')(node as unknown as Parents, parent, state, info)

const math: Handle = (node, parent, state, info) => {
  const value = (mathToMarkdown().handlers!.math as Handle)(node, parent, state, info)
  const block = attributeBlock((node.data as { attributes?: Attributes } | undefined)?.attributes)
  return block === '' ? value : `${value} ${block}`
}

/** Where phrasing is not text: link destinations and titles, autolinks (no escapes there). */
const NOT_TEXT: ConstructName[] = ['autolink', 'destinationLiteral', 'destinationRaw', 'reference', 'titleQuote', 'titleApostrophe']

export const PRINT_OPTIONS: Options = {
  bullet: '-',
  emphasis: '*',
  strong: '*',
  fence: '`',
  fences: true,
  rule: '-',
  listItemIndent: 'one',
  resourceLink: true,
  incrementListMarker: true,
  extensions: [gfmToMarkdown(), mathToMarkdown(), defListToMarkdown],
  handlers: {
    yaml: ((node: { value: string }) => `---\n${node.value}\n---`) as unknown as Handle,
    superscript: script('^', 'sup'),
    subscript: script('~', 'sub'),
    criticHighlight: wrap('{==', '==}') as Handle,
    criticComment: wrap('{>>', '<<}') as Handle,
    criticInsertion: wrap('{++', '++}') as Handle,
    criticDeletion: wrap('{--', '--}') as Handle,
    criticChangeBlock,
    citation,
    crossReference,
    bracketedSpan,
    fencedDiv,
    tableCaption,
    pageBreak: (() => '\\newpage') as unknown as Handle,
    heading,
    paragraph,
    image,
    blockquote,
    math,
  },
  unsafe: [
    // pandoc's superscript; strikethrough's `~` is escaped by GFM already, `$` by math.
    { character: '^', inConstruct: 'phrasing', notInConstruct: NOT_TEXT },
    // A definition (`: …`) or a fenced div (`:::`) at the start of a line.
    { character: ':', atBreak: true },
    // `\newpage` written as words.
    { character: '\\', after: '(?:newpage|pagebreak)\\b', inConstruct: 'phrasing', notInConstruct: NOT_TEXT },
    // An `@` that would start a citation (`@doe99`, `[@key]`, `@{key}`): not after a letter or digit (an address).
    { character: '@', before: '[^A-Za-z0-9_@\\\\]', after: '[A-Za-z0-9_{]', inConstruct: 'phrasing', notInConstruct: NOT_TEXT },
    { character: '@', atBreak: true, after: '[A-Za-z0-9_{]' },
    // `www.` followed by anything: GFM's literal autolinks take escapes after it into the link.
    { character: '.', before: '[Ww][Ww][Ww]', inConstruct: 'phrasing', notInConstruct: NOT_TEXT },
  ],
}

/** The Markdown for a tree (ending in one newline). */
export function printMarkdown(tree: Root): string {
  return toMarkdown(tree, PRINT_OPTIONS)
}

