/**
 * Raw HTML that would swallow what follows it: an opening `<title>`, `<textarea>`, `<script>`,
 * `<style>`, `<xmp>`, `<iframe>`, `<noembed>`, `<noframes>`, `<noscript>`, `<template>` or
 * `<plaintext>` with no end tag after it. An HTML parser reads everything after such a tag as
 * the element's raw content, and the element is then dropped with its content — so
 * `text <title> more` lost "more", and an unclosed `<script>` HTML block (which CommonMark runs
 * to the end of the document) lost the whole rest of the document, in the preview and in the
 * export alike.
 *
 * Such opening tags are taken out before parsing, so what follows stays the prose it is.
 * Closed elements are left alone: their content is code, dropped with them. Shared by the
 * preview (src/markdown/preview) and the export (src/docx/html), so both keep the same text.
 */

/** Elements whose content the HTML parser takes literally (or, for template, out of the document) until their end tag. */
const SWALLOWING = 'script|style|textarea|title|xmp|iframe|noembed|noframes|noscript|template|plaintext'
const OPENING = new RegExp(`<(${SWALLOWING})(?=[\\s/>])(?:"[^"]*"|'[^']*'|[^'">])*>`, 'gi')
const CLOSING = new RegExp(`</(${SWALLOWING})(?=[\\s/>])`, 'gi')

/**
 * The pieces of HTML of one parse (in order: an HTML block, or the raw nodes of one block), with
 * every opening tag of a swallowing element that no later piece closes removed.
 */
export function dropUnclosedRawText(pieces: readonly string[]): string[] {
  // For each element name: the last piece (and offset in it) where an end tag starts.
  const lastClose = new Map<string, { index: number; offset: number }>()
  pieces.forEach((piece, index) => {
    for (const match of piece.matchAll(CLOSING)) lastClose.set(match[1]!.toLowerCase(), { index, offset: match.index })
  })
  return pieces.map((piece, index) => {
    if (piece.search(OPENING) === -1) return piece
    return piece.replace(OPENING, (tag: string, name: string, offset: number) => {
      const lower = name.toLowerCase()
      // <plaintext> has no end tag: everything after it would be its text.
      if (lower === 'plaintext') return ''
      const close = lastClose.get(lower)
      const closed = close !== undefined && (close.index > index || (close.index === index && close.offset >= offset + tag.length))
      return closed ? tag : ''
    })
  })
}
