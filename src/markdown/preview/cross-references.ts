/**
 * Cross-references in the preview, by the rule the export numbers them with
 * (mdast/cross-references.ts): figures' and tables' captions "Figure 1: …" / "Table 1: …",
 * labelled equations' "(1)" at the right, listings' "Listing 1: …" above their code, and each
 * reference's text ("figs. 1-3") with every number a link to its target's id (`#fig:x`).
 *
 * The numbers are worked out once per document from the blocks' entries (kept per block with
 * its facts, see blocks.ts), and a block's content key includes the numbers it shows, so a
 * block is drawn again exactly when one of its numbers changes.
 */
import type { Element, ElementContent } from 'hast'
import type { Code, Heading, Paragraph, Text } from 'mdast'
import type { InlineMath, Math } from 'mdast-util-math'
import type { State } from 'mdast-util-to-hast'
import type { Node } from 'unist'
import type { CrossReferenceSettings } from '../../mdast/cross-reference-settings.js'
import {
  equationLabel,
  formatCrossReference,
  listingOf,
  numberCrossReferences,
  referenceText,
  withoutTypedNumber,
  type CrossReferenceEntry,
  type CrossReferenceNumbers,
  type NumberingContext,
} from '../../mdast/cross-references.js'
import type { CrossReference, TableCaption } from '../../mdast/nodes.js'

/** The document's numbers and the words they are shown with. */
export interface PreviewCrossReferences {
  numbers: CrossReferenceNumbers
  settings: CrossReferenceSettings
}

/** Numbers the entries of the document's blocks (in order), their notes' where first referenced. */
export function previewCrossReferences(entries: Iterable<CrossReferenceEntry>, context: NumberingContext, settings: CrossReferenceSettings): PreviewCrossReferences {
  return { numbers: numberCrossReferences(entries, context), settings }
}

/** Whether an entry changes other blocks' numbers (a numbered item or a label), not only reads them. */
export function shapesNumbers(entry: CrossReferenceEntry): entry is Exclude<CrossReferenceEntry, { type: 'note' | 'reference' }> {
  return entry.type !== 'reference' && entry.type !== 'note'
}

/** The numbers and texts a block's entries show, as a string for its content key. */
export function crossReferenceSignature(entries: readonly CrossReferenceEntry[], env: PreviewCrossReferences): string {
  if (entries.length === 0) return ''
  const { numbers, settings } = env
  const parts: string[] = [JSON.stringify(settings)]
  for (const entry of entries) {
    if (entry.type === 'reference') parts.push(`r${JSON.stringify(formatCrossReference(entry.node, numbers, settings).map((piece) => (piece.type === 'target' ? [piece.target.label, piece.text] : piece)))}`)
    else if (entry.type === 'section') parts.push(`s${numbers.target(entry.label)?.node === entry.node ? 1 : 0}`)
    else if (entry.type !== 'note' && entry.type !== 'htmlFigures') parts.push(`n${numbers.numberOf(entry.node) ?? ''}${'label' in entry && entry.label && numbers.target(entry.label)?.node === entry.node ? '#' : ''}`)
  }
  return parts.join('\u0001')
}

/** A reference: its words, each number a link to its target, `??` in bold for a label that names nothing. */
export function crossReferenceHast(state: State, node: CrossReference, env: PreviewCrossReferences): ElementContent[] {
  const out: ElementContent[] = []
  for (const piece of formatCrossReference(node, env.numbers, env.settings)) {
    if (piece.type === 'text') out.push({ type: 'text', value: piece.value })
    else if (piece.type === 'unknown') out.push({ type: 'element', tagName: 'strong', properties: {}, children: [{ type: 'text', value: '??' }] })
    else out.push({ type: 'element', tagName: 'a', properties: { href: `#${piece.target.label}` }, children: [{ type: 'text', value: piece.text }] })
  }
  const span: Element = { type: 'element', tagName: 'span', properties: { className: ['cross-reference'], title: node.value }, children: out }
  state.patch(node, span)
  return [span]
}

/** The caption line of a numbered figure, inside its paragraph (under the picture, as in Word); undefined when it has no number. */
export function figureCaptionElement(node: Paragraph, caption: string, env: PreviewCrossReferences): Element | undefined {
  const number = env.numbers.numberOf(node)
  if (number === undefined) return undefined
  const title = env.settings.titles.figure
  return captionElement('span', 'figure-caption', title, number, withoutTypedNumber(caption, 'figure', title))
}

/** A table caption: "Table N: " before its text (the author's own number dropped, as in the export). */
export function tableCaption(state: State, node: TableCaption, env: PreviewCrossReferences): Element {
  const title = env.settings.titles.table
  const [first, ...rest] = node.children
  const children = first?.type === 'text' ? [{ ...first, value: withoutTypedNumber(first.value, 'table', title) } as Text, ...rest] : node.children
  const number = env.numbers.numberOf(node)
  const content = state.all({ ...node, children })
  const lead = number === undefined ? [] : [{ type: 'text', value: `${title} ${number}${content.length > 0 ? ': ' : ''}` } as const]
  const element: Element = { type: 'element', tagName: 'p', properties: { className: ['table-caption'], ...idOf(env, node.data?.attributes?.id, node) }, children: [...lead, ...content] }
  state.patch(node, element)
  return element
}

/** A listing's caption above its code: "Listing N: …". */
export function listingCaption(node: Code, env: PreviewCrossReferences): Element | undefined {
  const listing = listingOf(node)
  const number = env.numbers.numberOf(node)
  if (!listing || number === undefined) return undefined
  const title = env.settings.titles.listing
  const element = captionElement('p', 'listing-caption', title, number, withoutTypedNumber(listing.caption, 'listing', title))
  Object.assign(element.properties, idOf(env, listing.label, node))
  return element
}

/** A labelled display equation's element with its number "(N)" beside it, and the label as its id. */
export function numberedEquation(element: Element, node: Math | InlineMath, env: PreviewCrossReferences): Element {
  const label = equationLabel(node)
  const number = env.numbers.numberOf(node)
  if (!label || number === undefined) return element
  const tag: Element = { type: 'element', tagName: 'span', properties: { className: ['equation-number'] }, children: [{ type: 'text', value: `(${number})` }] }
  // The number goes inside the display block (a positioned child); an inline display formula's after it.
  const numbered: Element = element.tagName === 'div' ? { ...element, children: [...element.children, tag] } : { type: 'element', tagName: 'span', properties: { className: ['math-numbered'] }, children: [element, { type: 'text', value: ' ' }, tag] }
  Object.assign(numbered.properties, idOf(env, label, node))
  return numbered
}

/** The `id` a target's element takes (the first of a label given twice). */
export function idOf(env: PreviewCrossReferences, label: string | undefined, node: Node): { id?: string } {
  return label && env.numbers.target(label)?.node === node ? { id: label } : {}
}

/** Whether a heading is the target of its `{#sec:x}` label (its id is already its slug). */
export function isSectionTarget(env: PreviewCrossReferences, heading: Heading): boolean {
  const id = heading.data?.attributes?.id
  return id !== undefined && env.numbers.target(id)?.node === heading
}

function captionElement(tagName: 'p' | 'span', className: string, title: string, number: number, text: string): Element {
  return { type: 'element', tagName, properties: { className: [className] }, children: [{ type: 'text', value: text ? `${title} ${number}: ${text}` : `${title} ${number}` }] }
}

/** A reference's plain text (for tests and the outline). */
export function previewReferenceText(node: CrossReference, env: PreviewCrossReferences): string {
  return referenceText(formatCrossReference(node, env.numbers, env.settings))
}
