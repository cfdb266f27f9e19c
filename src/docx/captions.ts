/**
 * Numbered captions, as Word's Insert Caption writes them: the label, a SEQ field counting
 * figures (or tables) with its number already in place, a colon and the text — in the Image
 * Caption or Table Caption style. Word renumbers the fields when they are updated; the
 * cached numbers make the captions right before that, and in readers that never update.
 */
import { TextRun, type Paragraph, type ParagraphChild } from 'docx'
import type { Node } from 'unist'
import type { Context } from './context.js'
import { complexField } from './ooxml/fields.js'
export { withoutTypedNumber } from '../mdast/cross-references.js'
import type { State } from './state.js'

export type CaptionKind = 'figure' | 'table' | 'listing' | 'equation'

/**
 * Counts captions of each kind through the document. The numbers come from the shared rule
 * (mdast/cross-references.ts: `known`), which references read too; a caption it does not know
 * (one a custom handler or raw HTML made) takes the number after the last one written.
 */
export class CaptionRegistry {
  private readonly counts = new Map<CaptionKind, number>()

  next(kind: CaptionKind, known?: number): number {
    const number = known ?? (this.counts.get(kind) ?? 0) + 1
    this.counts.set(kind, number)
    return number
  }
}

const ENGLISH: Readonly<Record<CaptionKind, string>> = { figure: 'Figure', table: 'Table', listing: 'Listing', equation: 'Equation' }

/** The SEQ identifier for a label: the label itself when it is one word (as Word does), else the English one. */
export function sequenceName(kind: CaptionKind, label: string): string {
  return /^\p{L}[\p{L}\p{N}_]*$/u.test(label) ? label : ENGLISH[kind]
}

/** A numbered item's number as a SEQ field (its number already in place), in its label's bookmark when labelled. */
export function sequenceField(state: State, kind: CaptionKind, label: string, target: CaptionTarget | undefined): ParagraphChild[] {
  const number = state.captions.next(kind, target ? state.crossReferences.numbers.numberOf(target.node) : undefined)
  const field = complexField(`SEQ ${sequenceName(kind, label)} \\* ARABIC`, [new TextRun({ text: String(number) })])
  return target ? state.crossReferences.wrapNumber(target.label, target.node, field) : field
}

/** The node a caption numbers (a figure's paragraph, a table caption, a code block) and its label, if any. */
export interface CaptionTarget {
  node: Node
  label?: string | undefined
}

/** The caption word of a kind: the document's (`figureTitle`, its language…). */
export function captionTitle(state: State, kind: 'figure' | 'table' | 'listing'): string {
  return kind === 'figure' ? state.features.labels.figure : kind === 'table' ? state.features.labels.table : state.crossReferences.settings.titles.listing
}

/** "Figure 3: …" with the number as a SEQ field, in `style`; `target` is what it numbers (its number and label come from the shared rule). */
export function captionParagraph(state: State, context: Context, kind: 'figure' | 'table' | 'listing', text: ParagraphChild[], style: string, target?: CaptionTarget, options: { keepNext?: boolean } = {}): Paragraph {
  const label = captionTitle(state, kind)
  const run = context.run
  const children: ParagraphChild[] = [
    new TextRun({ text: `${label} `, ...(run.bold ? { bold: true } : {}) }),
    ...sequenceField(state, kind, label, target),
    // A caption with no text of its own (a labelled figure without alt text) is "Figure 1" alone.
    ...(text.length > 0 ? [new TextRun({ text: ': ' }), ...text] : []),
  ]
  // A caption belongs to no list item: never let it take a pending list number.
  return state.withFirstParagraph(undefined, () => state.paragraph(context, children, { style, ...options }))
}
