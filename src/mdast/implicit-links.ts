/**
 * pandoc's implicit heading references: a heading can be linked to by its text as if a link
 * definition had been written for it — `[Heading text]`, `[Heading text][]`, or
 * `[other words][Heading text]` — when no definition has that label (then micromark reads the
 * brackets as text, which is where this finds them). Labels match as reference labels do:
 * case and white space do not matter. The preview and the compiler both split text nodes here.
 */
import type { Heading } from 'mdast'
import { normalizeIdentifier } from 'micromark-util-normalize-identifier'

/** A piece of a text: plain, or a link to the heading with `slug`. */
export type TextPiece = { text: string } | { text: string; slug: string }

/** `[text]`, `[text][]` or `[text][label]`, the brackets holding no brackets. */
const REFERENCE = /\[([^[\]\n]+)\](?:\[([^[\]\n]*)\])?/g

/** Heading labels (normalised text) → slug; the first heading of a text wins, as the first definition would. */
export function headingLabels(slugs: ReadonlyMap<Heading, string>, textOf: (heading: Heading) => string): Map<string, string> {
  const labels = new Map<string, string>()
  for (const [heading, slug] of slugs) {
    const label = normalizeIdentifier(textOf(heading))
    if (label !== '' && !labels.has(label)) labels.set(label, slug)
  }
  return labels
}

/** Whether a text may hold an implicit reference at all (the quick test before splitting). */
export function mayHoldReference(value: string): boolean {
  return value.includes('[') && value.includes(']')
}

/** The labels a text's bracket pairs would resolve through, for keying what depends on them. */
export function referenceLabels(value: string): string[] {
  const out: string[] = []
  for (const match of value.matchAll(REFERENCE)) out.push(normalizeIdentifier(match[2] ? match[2] : match[1]!))
  return out
}

/** The text cut into plain pieces and links to headings; one plain piece when nothing resolves. */
export function splitReferences(value: string, labels: ReadonlyMap<string, string>): TextPiece[] {
  if (labels.size === 0 || !mayHoldReference(value)) return [{ text: value }]
  const pieces: TextPiece[] = []
  let from = 0
  for (const match of value.matchAll(REFERENCE)) {
    const slug = labels.get(normalizeIdentifier(match[2] ? match[2] : match[1]!))
    if (slug === undefined) continue
    if (match.index > from) pieces.push({ text: value.slice(from, match.index) })
    pieces.push({ text: match[1]!, slug })
    from = match.index + match[0].length
  }
  if (pieces.length === 0) return [{ text: value }]
  if (from < value.length) pieces.push({ text: value.slice(from) })
  return pieces
}
