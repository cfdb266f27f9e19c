/**
 * A bound on how deeply one piece of raw HTML nests, applied before it is parsed.
 *
 * parse5 builds any depth, but hast-util-from-parse5 and everything after it recurse once per
 * level: 100 000 nested `<div>` overflowed the stack and failed the whole conversion. Tags that
 * open deeper than the bound are dropped (and their closing tags with them), so the text is all
 * kept and only the deepest structure goes.
 */

/** Open elements one piece of HTML may nest; pages rarely pass 30. */
export const MAX_HTML_DEPTH = 200

/** VOID elements never hold others, so they do not deepen anything. */
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr'])

/**
 * A start or end tag. The attributes end at the next `<` as well as at `>`, so a run of unclosed
 * `<a ` costs each one only the distance to the next, never a scan to the end of the text.
 */
const TAG = /<(\/?)([A-Za-z][A-Za-z0-9-]*)(?=[\s/>])[^<>]*>/g

export interface DepthLimited {
  html: string
  /** Whether tags were dropped. */
  cut: boolean
}

/** `html` with the tags that open deeper than `max` (and their end tags) taken out. */
export function limitHtmlDepth(html: string, max = MAX_HTML_DEPTH): DepthLimited {
  // Fewer start tags than the bound cannot nest past it.
  if (countOf(html, '<', max) <= max) return { html, cut: false }
  const parts: string[] = []
  // Names of dropped start tags, so their end tags go too.
  const dropped = new Map<string, number>()
  let depth = 0
  let from = 0
  for (const match of html.matchAll(TAG)) {
    const [tag, slash, rawName] = match
    const name = rawName!.toLowerCase()
    let drop = false
    if (slash) {
      const pending = dropped.get(name) ?? 0
      if (pending > 0) {
        dropped.set(name, pending - 1)
        drop = true
      } else if (depth > 0) depth--
    } else if (!VOID.has(name) && !tag.endsWith('/>')) {
      if (depth >= max) {
        dropped.set(name, (dropped.get(name) ?? 0) + 1)
        drop = true
      } else depth++
    }
    if (drop) {
      parts.push(html.slice(from, match.index))
      from = match.index + tag.length
    }
  }
  if (parts.length === 0) return { html, cut: false }
  parts.push(html.slice(from))
  return { html: parts.join(''), cut: true }
}

/** How often `char` occurs in `text`, counted up to `limit + 1`. */
function countOf(text: string, char: string, limit: number): number {
  let count = 0
  for (let index = text.indexOf(char); index !== -1 && count <= limit; index = text.indexOf(char, index + 1)) count++
  return count
}
