import type { ParagraphChild } from 'docx'
import type { Code } from 'mdast'
import { codeAttributes, listingOf } from '../../mdast/cross-references.js'
import { diagramKind } from '../../mdast/diagrams.js'
import { highlightTokens, type Token } from '../../mdast/highlight.js'
import { captionParagraph, withoutTypedNumber } from '../captions.js'
import type { Context } from '../context.js'
import { diagramFigure, isDrawnDiagram } from '../media/diagram.js'
import type { State } from '../state.js'
import { lineBreakRun, tabsRun } from '../text/text-runs.js'
import type { Handler } from './types.js'
import { append } from '../../util/append.js'

/**
 * A code block: one Source Code paragraph (monospace, shaded, kept on one page when short —
 * a long block kept whole would leave the rest of a page empty before it),
 * every line and space kept; lines end in w:br and tabs are real tabs on the style's
 * four-character tab stops. With a language highlight.js knows, each token carries pandoc's
 * character style for its type (KeywordTok, StringTok, CommentTok…), which a template can restyle.
 * A diagram (```` ```mermaid ````) is its picture when it was drawn (diagram.ts), else this code.
 */
export const code: Handler<Code> = (state, node, context) => {
  const kind = diagramKind(node)
  const figure = kind ? diagramFigure(state, node, kind, context) : undefined
  if (figure) return figure
  const value = node.value.replace(/\r\n?/g, '\n')
  const keepLines = value.split('\n').length <= shortBlockLines(state)
  // pandoc's ```` ```{#id .python} ````: the language is the first class.
  const language = node.lang?.startsWith('{') ? (codeAttributes(node)?.classes[0] ?? node.lang) : node.lang
  const block = state.paragraph(context, codeRuns(state, highlightTokens(value, language), context, node), { style: 'SourceCode', ...(keepLines ? { keepLines: true } : {}) })
  // A listing (```` ```{#lst:x caption="…"} ````, pandoc-crossref's): "Listing N: …" above it, kept with it.
  const listing = listingOf(node)
  if (listing) {
    const name = state.bookmarks.place(listing.label)
    const inner = { ...context, run: {} }
    if (name) state.bookmarkNextParagraph(name, inner)
    const text = withoutTypedNumber(listing.caption, 'listing', state.crossReferences.settings.titles.listing)
    return [captionParagraph(state, inner, 'listing', state.text(text, inner, node), 'Caption', { node, label: listing.label }, { keepNext: true }), block]
  }
  // Word and LibreOffice draw one box around touching paragraphs with the same border: two code
  // blocks in a row would read as one. An empty paragraph between them keeps them apart.
  const previous = state.previousSibling
  if (previous?.type === 'code' && !isDrawnDiagram(state, previous)) return [state.paragraph(context, [], { style: 'BodyText', spacing: { after: 0 } }), block]
  return [block]
}

/** How many code lines fill about a third of the page's text height. */
function shortBlockLines(state: State): number {
  // Code is a point under the body size; single-spaced lines are about 1.2 em high (twips: pt × 20).
  const lineTwips = (state.options.fontSize - 1) * 1.2 * 20
  return Math.max(5, Math.floor(state.textArea.height / 3 / lineTwips))
}

/** Runs for code tokens: each token in its style, line breaks as w:br, tabs as w:tab. */
export function codeRuns(state: State, tokens: readonly Token[], context: Context, node: Code | undefined): ParagraphChild[] {
  const runs: ParagraphChild[] = []
  for (const token of tokens) {
    const style = token.type ? { style: token.type } : {}
    const tokenContext = { ...context, run: style }
    token.text
      .replace(/\r\n?/g, '\n')
      .split('\n')
      .forEach((line, index) => {
        if (index > 0) runs.push(lineBreakRun())
        // Text and runs of tabs, in turn: tabs in a row are one run (an indented line's run of tabs).
        for (const part of line.split(/(\t+)/)) {
          if (part.startsWith('\t')) runs.push(tabsRun(part.length, token.type))
          else append(runs, state.text(part, tokenContext, node))
        }
      })
  }
  return runs
}
