import { FootnoteReferenceRun, Paragraph, TextRun, type ParagraphChild } from 'docx'
import type { FootnoteDefinition, FootnoteReference } from 'mdast'
import type { Context } from '../context.js'
import { complexField } from '../ooxml/fields.js'
import type { State } from '../state.js'
import { xmlSafe } from '../text/text.js'
import type { Handler } from './types.js'
import { append } from '../../util/append.js'

/**
 * A footnote reference. The first reference to a note creates a real Word footnote (its
 * blocks compiled in a footnote context) and a hidden bookmark; a repeat becomes a NOTEREF
 * field showing the same number. Word allows no footnote inside a footnote: a reference
 * there cross-references the note if the body has it, or else carries the note's text into
 * the note it stands in.
 */
export const footnoteReference: Handler<FootnoteReference> = (state, node, context) => {
  const label = node.label ?? node.identifier
  if (context.inFootnote) return nested(state, node, context)
  const use = state.footnotes.refer(node.identifier)
  if (!use) {
    state.warn(node, `Footnote [^${label}] has no definition; its mark is kept as text`, 'footnote-undefined')
    return state.text(`[^${label}]`, context, node)
  }
  if (!use.first) {
    state.info(node, `Footnote [^${label}] is referenced again; the repeat shows the same number as a cross-reference`, 'footnote-repeated')
    return noteRef(use.bookmark, use.number)
  }
  state.footnotes.setBody(use.id, noteBody(state, use.definition))
  return state.bookmarks.wrap(use.bookmark, [new FootnoteReferenceRun(use.id)])
}

/** A NOTEREF field: the note's number as a superscript reference mark, linked to it. */
function noteRef(bookmark: string, number: number): ParagraphChild[] {
  return complexField(`NOTEREF ${bookmark} \\f \\h`, [new TextRun({ text: String(number), style: 'FootnoteReference' })])
}

function footnoteContext(state: State): Context {
  return { ...state.rootContext, part: 'footnotes', paragraphStyle: 'FootnoteText', inFootnote: true }
}

/** The blocks of a note, plus the text of notes referenced only from inside it. */
function noteBody(state: State, definition: FootnoteDefinition): Paragraph[] {
  const context = footnoteContext(state)
  const carried: FootnoteDefinition[] = []
  // Word puts a space between a note's mark and its text.
  const lead = { indent: 0, prefix: [new TextRun(' ')], used: false }
  const blocks = state.withFirstParagraph(lead, () => state.footnotes.collectNested(carried, () => state.blocks(definition, context)))
  const paragraphs = blocks.filter((block): block is Paragraph => block instanceof Paragraph)
  for (const inner of carried) {
    // The carried note's mark leads its first paragraph, as a note's own number would.
    const mark = new TextRun({ text: xmlSafe(inner.label ?? inner.identifier).text, style: 'FootnoteReference' })
    const innerLead = { indent: 0, prefix: [mark, new TextRun(' ')], used: false }
    const innerBlocks = state.withFirstParagraph(innerLead, () => state.footnotes.collectNested(carried, () => state.blocks(inner, context)))
    if (!innerLead.used) paragraphs.push(state.withFirstParagraph(innerLead, () => state.paragraph(context, [])))
    append(paragraphs, innerBlocks.filter((block): block is Paragraph => block instanceof Paragraph))
  }
  if (paragraphs.length === 0) paragraphs.push(state.paragraph(context, []))
  return paragraphs
}

function nested(state: State, node: FootnoteReference, context: Context): ParagraphChild[] {
  const label = node.label ?? node.identifier
  const definition = state.footnotes.definition(node.identifier)
  if (!definition) {
    state.warn(node, `Footnote [^${label}] has no definition; its mark is kept as text`, 'footnote-undefined')
    return state.text(`[^${label}]`, context, node)
  }
  const number = state.footnotes.bodyNumber(node.identifier)
  if (number !== undefined) {
    state.info(node, `Footnote [^${label}] is referenced inside another footnote; Word cannot nest footnotes, so it is a cross-reference there`, 'footnote-in-footnote')
    return noteRef(state.footnotes.bookmarkName(number), number)
  }
  state.warn(node, `Footnote [^${label}] is only referenced inside another footnote; Word cannot nest footnotes, so its text follows that footnote's`, 'footnote-in-footnote')
  state.footnotes.carry(definition)
  // Labels are the author's text: characters XML cannot hold must not reach footnotes.xml.
  return [new TextRun({ text: xmlSafe(label).text, style: 'FootnoteReference' })]
}
