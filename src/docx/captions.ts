/**
 * Numbered captions, as Word's Insert Caption writes them: the label, a SEQ field counting
 * figures (or tables) with its number already in place, a colon and the text — in the Image
 * Caption or Table Caption style. Word renumbers the fields when they are updated; the
 * cached numbers make the captions right before that, and in readers that never update.
 */
import { TextRun, type Paragraph, type ParagraphChild } from 'docx'
import type { Context } from './context.js'
import { complexField } from './ooxml/fields.js'
import type { State } from './state.js'

export type CaptionKind = 'figure' | 'table'

/** Counts captions of each kind through the document. */
export class CaptionRegistry {
  private readonly counts = new Map<CaptionKind, number>()

  next(kind: CaptionKind): number {
    const number = (this.counts.get(kind) ?? 0) + 1
    this.counts.set(kind, number)
    return number
  }
}

/** The SEQ identifier for a label: the label itself when it is one word (as Word does), else the English one. */
export function sequenceName(kind: CaptionKind, label: string): string {
  return /^\p{L}[\p{L}\p{N}_]*$/u.test(label) ? label : kind === 'figure' ? 'Figure' : 'Table'
}

/**
 * Caption text without a number the author typed ("Figure 2: Sales", "Table 3. Costs"):
 * the SEQ field numbers it now, and "Figure 1: Figure 2: Sales" would be wrong.
 */
export function withoutTypedNumber(text: string, kind: CaptionKind, label: string): string {
  const english = kind === 'figure' ? 'Fig(?:ure|\\.)?' : 'Table'
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const typed = new RegExp(`^\\s*(?:${english}|${escaped})\\s*\\d+[.:]\\s*`, 'iu')
  const rest = text.replace(typed, '')
  return rest.trim() ? rest : text
}

/** "Figure 3: …" with the number as a SEQ field, in `style`. */
export function captionParagraph(state: State, context: Context, kind: CaptionKind, text: ParagraphChild[], style: string): Paragraph {
  const label = kind === 'figure' ? state.features.labels.figure : state.features.labels.table
  const number = state.captions.next(kind)
  const run = context.run
  const children: ParagraphChild[] = [
    new TextRun({ text: `${label} `, ...(run.bold ? { bold: true } : {}) }),
    ...complexField(`SEQ ${sequenceName(kind, label)} \\* ARABIC`, [new TextRun({ text: String(number) })]),
    new TextRun({ text: ': ' }),
    ...text,
  ]
  // A caption belongs to no list item: never let it take a pending list number.
  return state.withFirstParagraph(undefined, () => state.paragraph(context, children, { style }))
}
