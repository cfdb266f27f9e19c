/**
 * Raw HTML that would swallow the rest of a block: an opening `<title>`, `<textarea>`,
 * `<script>`, `<style>`, `<xmp>`, `<iframe>`, `<noembed>`, `<noframes>`, `<noscript>`,
 * `<template>` or `<plaintext>` with no closing tag after it. The HTML parser reads
 * everything that follows as that element's raw content (or template content), and the
 * sanitiser then drops it with the element — so `text <title> more` showed only `text`, and
 * an unclosed `<script>` HTML block (which CommonMark runs to the end of the document) hid
 * the whole rest of the document.
 *
 * Such an opening tag is taken out before the raw HTML is parsed, so what follows stays the
 * prose it is. Closed elements are left alone: their content is code, and the sanitiser
 * drops it (as the export does). Runs on one block's hast, whose raw nodes are parsed together.
 */
import type { Root as HastRoot, RootContent as HastContent } from 'hast'

interface Raw {
  type: 'raw'
  value: string
}

/** Elements whose content the HTML parser takes literally (or, for template, out of the document) until their end tag. */
const SWALLOWING = 'script|style|textarea|title|xmp|iframe|noembed|noframes|noscript|template|plaintext'
const OPENING = new RegExp(`<(${SWALLOWING})(?=[\\s/>])(?:"[^"]*"|'[^']*'|[^'">])*>`, 'gi')
const CLOSING = new RegExp(`</(${SWALLOWING})(?=[\\s/>])`, 'gi')

function collectRaw(node: HastRoot | HastContent, into: Raw[]): void {
  if ((node as { type: string }).type === 'raw') into.push(node as unknown as Raw)
  else if ('children' in node) for (const child of node.children) collectRaw(child, into)
}

/** Removes opening tags of swallowing elements that are never closed later in the block. */
export function dropUnclosedRawText(tree: HastRoot): void {
  const raws: Raw[] = []
  collectRaw(tree, raws)
  if (raws.length === 0) return
  // For each element name: the last raw node (and offset in it) where an end tag starts.
  const lastClose = new Map<string, { index: number; offset: number }>()
  raws.forEach((raw, index) => {
    for (const match of raw.value.matchAll(CLOSING)) lastClose.set(match[1]!.toLowerCase(), { index, offset: match.index })
  })
  raws.forEach((raw, index) => {
    if (raw.value.search(OPENING) === -1) return
    raw.value = raw.value.replace(OPENING, (tag: string, name: string, offset: number) => {
      const lower = name.toLowerCase()
      // <plaintext> has no end tag: everything after it would be its text.
      if (lower === 'plaintext') return ''
      const close = lastClose.get(lower)
      const closed = close !== undefined && (close.index > index || (close.index === index && close.offset >= offset + tag.length))
      return closed ? tag : ''
    })
  })
}
