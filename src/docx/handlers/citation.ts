import { FootnoteReferenceRun, TextRun } from 'docx'
import type { Bibliography, Citation } from '../../mdast/nodes.js'
import type { Context } from '../context.js'
import { citationSource, referenceMark, sourceField } from '../source-fields.js'
import type { Handler } from './types.js'

/**
 * A citation (src/markdown/syntax/citations.ts): its formatted form when a bibliography
 * formatted it (src/citations, before compiling: italics, small caps and links as runs), else
 * the text as written. In a note style (CSL class="note") the citation is a real footnote, as
 * pandoc makes it — inside a footnote it stays in that note's text (Word has no nested notes).
 * What the text shows is wrapped in a field keeping the citation's Markdown (source-fields.ts),
 * so an import gives back `[@doe99, p. 33]`; a note's mark stays outside it.
 */
export const citation: Handler<Citation> = (state, node, context) => {
  const { formatted, note } = node.data
  const kept = (children: ReturnType<typeof state.inlines>) => sourceField('CITATION', citationSource(node, state.file), children)
  const shown = state.inlines({ ...node, children: formatted ?? node.children }, context)
  if (note === undefined) return kept(shown)
  if (context.inFootnote) return kept([...shown, ...(shown.length > 0 ? [new TextRun(' ')] : []), ...state.inlines({ ...node, children: note }, context)])
  const noteContext: Context = { ...state.rootContext, part: 'footnotes', paragraphStyle: 'FootnoteText', inFootnote: true }
  // Word puts a space between a note's mark and its text.
  const body = state.paragraph(noteContext, [new TextRun(' '), ...state.inlines({ ...node, children: note }, noteContext)])
  const id = state.footnotes.addNote([body])
  return [...kept(shown), new FootnoteReferenceRun(id)]
}

/**
 * The reference list: one paragraph per entry in pandoc's Bibliography style, bookmarked
 * `ref-<key>` (so `link-citations` and `[x](#ref-key)` links reach it), with the hanging
 * indent the CSL style asks for (APA, Chicago) as direct formatting. Each entry is marked as
 * made by the bibliography, the first one also as the `::: {#refs}` div's place when it is in
 * one (source-fields.ts), so an import gives back the div, not the list.
 */
export const bibliography: Handler<Bibliography> = (state, node, context) =>
  node.children.map((entry, index) => {
    const id = entry.data?.attributes?.id
    const name = id ? state.bookmarks.place(id) : undefined
    const runs = [...(index === 0 && context.inReferenceDiv ? referenceMark('REFS') : []), ...referenceMark('REFS_ENTRY'), ...state.inlines(entry, context)]
    const indent = node.data.hangingIndent ? { indent: { left: context.indent + 720, hanging: 720 } } : {}
    return state.paragraph({ ...context, paragraphStyle: 'Bibliography' }, name ? state.bookmarks.wrap(name, runs) : runs, { style: 'Bibliography', ...indent })
  })
