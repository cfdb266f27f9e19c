/**
 * Hyperlinks: `#slug` → an internal link to the heading's bookmark; safe URLs → an external
 * link whose relationship id comes from the document's own counter; anything else (unsafe
 * protocols, unknown anchors) keeps its text without a link, with a message.
 */
import type { ParagraphChild } from 'docx'
import type { Node } from 'unist'
import type { Nodes } from 'mdast'
import { hasVisibleText } from '../../mdast/link-text.js'
import { safeUrl } from '../../mdast/safe-url.js'
import type { Context } from '../context.js'
import type { State } from '../state.js'
import { xmlSafe } from './text.js'
import { hyperlinkElement } from './tooltip.js'

/** A link's runs; a link with no text to see (`[](url)`, `[ ](url)`) shows its URL, since it could not be seen or clicked. */
function linkText(state: State, node: Node, children: ParagraphChild[], url: string, context: Context): ParagraphChild[] {
  return children.length > 0 && (!isParent(node) || hasVisibleText(node as Nodes)) ? children : state.text(url, context)
}

function isParent(node: Node): boolean {
  return 'children' in node && Array.isArray(node.children)
}

/** Word and browsers stop following links longer than this. */
const MAX_URL = 2048
/** Word's ScreenTips hold at most 255 characters. */
const MAX_TOOLTIP = 255

/** A link title as a ScreenTip: XML-safe, within Word's length. */
function tooltip(title: string | null | undefined): string | undefined {
  const text = title ? xmlSafe(title.trim()).text : ''
  return text === '' ? undefined : text.length > MAX_TOOLTIP ? `${text.slice(0, MAX_TOOLTIP - 1)}…` : text
}

/** A hyperlink to `url` around what `build` makes; the link's `title` becomes its ScreenTip. */
export function hyperlink(state: State, node: Node, url: string, context: Context, build: (context: Context) => ParagraphChild[], title?: string | null): ParagraphChild[] {
  if (context.inLink) return build(context)
  const linked = { ...context, inLink: true, run: { ...context.run, style: 'Hyperlink' } }
  const trimmed = url.trim()
  if (trimmed === '') return build(context)
  if (trimmed.startsWith('#')) {
    const anchor = state.bookmarks.anchor(trimmed.slice(1))
    if (!anchor) {
      state.warn(node, `Link to "${trimmed}" points at no heading or anchor; its text is kept without the link`, 'link-anchor-missing')
      return build(context)
    }
    return [hyperlinkElement(linkText(state, node, build(linked), trimmed, linked), { anchor }, tooltip(title))]
  }
  const safe = safeUrl(trimmed, 'link')
  if (safe === undefined) {
    state.warn(node, `Link "${shorten(trimmed)}" uses a protocol that is not allowed; its text is kept without the link`, 'link-unsafe')
    return build(context)
  }
  const target = encodeTarget(safe)
  if (target.length > MAX_URL) {
    state.warn(node, `Link is ${target.length} characters long; Word cannot follow links over ${MAX_URL}, so its text is kept without the link`, 'link-too-long')
    return build(context)
  }
  const id = state.relationships.external(target, context.part)
  return [hyperlinkElement(linkText(state, node, build(linked), trimmed, linked), { relationshipId: id }, tooltip(title))]
}

const percent = (c: string) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`

/**
 * A relationship target Word accepts (an xs:anyURI): spaces, quotes and other characters URIs
 * cannot hold are percent-encoded, and so are a `%` that starts no escape, brackets outside
 * an IPv6 host, every `#` after the first, and characters XML cannot hold.
 */
export function encodeTarget(url: string): string {
  // eslint-disable-next-line no-control-regex
  const escaped = url
    .replace(/[\u0000-\u0020"<>\\^`{|}\u007f]/g, percent)
    .replace(/%(?![0-9A-Fa-f]{2})/g, '%25')
    // Noncharacters XML cannot hold, and broken surrogate halves (as U+FFFD), in their UTF-8 escapes.
    .replace(/[\uFFFE\uFFFF]/g, (c) => encodeURIComponent(c))
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '%EF%BF%BD')
  // Brackets are allowed only around an IPv6 address in the authority (`http://[::1]/`).
  const authority = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/.exec(escaped)?.[0] ?? ''
  const rest = escaped.slice(authority.length).replace(/[[\]]/g, percent)
  const hash = rest.indexOf('#')
  return authority + (hash === -1 ? rest : rest.slice(0, hash + 1) + rest.slice(hash + 1).replace(/#/g, '%23'))
}

function shorten(url: string): string {
  return url.length > 60 ? `${url.slice(0, 57)}…` : url
}
