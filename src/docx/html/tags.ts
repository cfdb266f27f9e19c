/**
 * Which HTML elements markdocx converts, and how: inline formatting, blocks, and elements
 * whose content is not prose at all.
 */

/** Inline elements that become run formatting. */
export const INLINE_FORMATTING = new Set(['b', 'strong', 'i', 'em', 'cite', 'dfn', 'var', 'u', 'ins', 's', 'del', 'strike', 'sub', 'sup', 'mark', 'kbd', 'code', 'tt', 'samp', 'small', 'span', 'abbr', 'q', 'font', 'big', 'time', 'bdi', 'bdo', 'label', 'wbr', 'a', 'br', 'img', 'picture', 'source'])

/** Block elements that become paragraphs, headings, lists, quotes or tables. */
export const BLOCKS = new Set(['p', 'div', 'center', 'section', 'article', 'header', 'footer', 'main', 'aside', 'nav', 'figure', 'figcaption', 'address', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'blockquote', 'pre', 'hr', 'details', 'summary', 'dl', 'dt', 'dd', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'caption', 'colgroup', 'col'])

/** Elements whose content is code, styling or UI, never prose: dropped with their content. */
export const DROPPED_WITH_CONTENT = new Set(['script', 'style', 'template', 'noscript', 'textarea', 'title', 'head', 'iframe', 'object', 'embed', 'svg', 'math', 'canvas', 'select', 'button', 'input', 'audio', 'video', 'map', 'meta', 'link', 'base'])

/** Tags that are a whole element on their own. */
export const VOID = new Set(['br', 'img', 'hr', 'wbr', 'source', 'col', 'input', 'meta', 'link', 'base', 'area', 'embed', 'param', 'track'])

export function isKnown(tag: string): boolean {
  return INLINE_FORMATTING.has(tag) || BLOCKS.has(tag)
}

/** What an inline formatting tag becomes in mdast: one table for the hast conversion and the pairing of split tags. */
export type InlineKind = 'strong' | 'emphasis' | 'delete' | 'inlineCode' | 'styled'

const INLINE_KINDS: ReadonlyMap<string, InlineKind> = new Map<string, InlineKind>([
  ...(['b', 'strong'] as const).map((tag) => [tag, 'strong'] as const),
  ...(['i', 'em', 'cite', 'dfn', 'var'] as const).map((tag) => [tag, 'emphasis'] as const),
  ...(['s', 'del', 'strike'] as const).map((tag) => [tag, 'delete'] as const),
  ...(['code', 'tt', 'samp'] as const).map((tag) => [tag, 'inlineCode'] as const),
  // Kept as an `htmlElement` the compiler styles (underline, sub/superscript, highlight, keys…).
  ...(['u', 'ins', 'sub', 'sup', 'mark', 'kbd', 'small', 'q'] as const).map((tag) => [tag, 'styled'] as const),
])

export function inlineKind(tag: string): InlineKind | undefined {
  return INLINE_KINDS.get(tag)
}
