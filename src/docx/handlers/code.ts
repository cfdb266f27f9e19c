import type { FileChild, ParagraphChild } from 'docx'
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
 * a long block kept whole would leave the rest of a page empty before it; over
 * CODE_LINES_PER_PARAGRAPH lines, touching paragraphs of that many),
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
  const lines = codeLines(state, highlightTokens(value, language), context, node)
  const blocks = codeParagraphs(state, context, lines, keepLines)
  // A listing (```` ```{#lst:x caption="…"} ````, pandoc-crossref's): "Listing N: …" above it, kept with it.
  const listing = listingOf(node)
  if (listing) {
    const name = state.bookmarks.place(listing.label)
    const inner = { ...context, run: {} }
    if (name) state.bookmarkNextParagraph(name, inner)
    const text = withoutTypedNumber(listing.caption, 'listing', state.crossReferences.settings.titles.listing)
    return [captionParagraph(state, inner, 'listing', state.text(text, inner, node), 'Caption', { node, label: listing.label }, { keepNext: true }), ...blocks]
  }
  // Word and LibreOffice draw one box around touching paragraphs with the same border: two code
  // blocks in a row would read as one. An empty paragraph between them keeps them apart.
  const previous = state.previousSibling
  if (previous?.type === 'code' && !isDrawnDiagram(state, previous)) return [state.paragraph(context, [], { style: 'BodyText', spacing: { after: 0 } }), ...blocks]
  return blocks
}

/**
 * Lines of a code block in one paragraph. A longer block is written as several paragraphs of
 * this many lines, touching and without spacing between them, so Word draws one box around
 * them: a block of 160 000 lines as one paragraph took the packer over 1 GB (docx writes a
 * paragraph in one piece; the body is written paragraph by paragraph, ooxml/streamed-body.ts).
 */
export const CODE_LINES_PER_PARAGRAPH = 2000

function codeParagraphs(state: State, context: Context, lines: readonly ParagraphChild[][], keepLines: boolean): FileChild[] {
  const style = { style: 'SourceCode', ...(keepLines ? { keepLines: true } : {}) }
  if (lines.length <= CODE_LINES_PER_PARAGRAPH) return [state.paragraph(context, joinLines(lines), style)]
  const paragraphs: FileChild[] = []
  for (let from = 0; from < lines.length; from += CODE_LINES_PER_PARAGRAPH) {
    const first = from === 0
    const last = from + CODE_LINES_PER_PARAGRAPH >= lines.length
    const spacing = { ...(first ? {} : { before: 0 }), ...(last ? {} : { after: 0 }) }
    paragraphs.push(state.paragraph(context, joinLines(lines.slice(from, from + CODE_LINES_PER_PARAGRAPH)), { ...style, spacing }))
  }
  return paragraphs
}

/** Lines of runs as one paragraph's runs, the lines ended by w:br. */
function joinLines(lines: readonly ParagraphChild[][]): ParagraphChild[] {
  const runs: ParagraphChild[] = []
  lines.forEach((line, index) => {
    if (index > 0) runs.push(lineBreakRun())
    append(runs, line)
  })
  return runs
}

/** How many code lines fill about a third of the page's text height. */
function shortBlockLines(state: State): number {
  // Code is a point under the body size; single-spaced lines are about 1.2 em high (twips: pt × 20).
  const lineTwips = (state.options.fontSize - 1) * 1.2 * 20
  return Math.max(5, Math.floor(state.textArea.height / 3 / lineTwips))
}

/** The runs of each line of code tokens (a token may span lines): each token in its style, tabs as w:tab. */
function codeLines(state: State, tokens: readonly Token[], context: Context, node: Code | undefined): ParagraphChild[][] {
  let line: ParagraphChild[] = []
  const lines = [line]
  for (const token of tokens) {
    const style = token.type ? { style: token.type } : {}
    const tokenContext = { ...context, run: style }
    token.text
      .replace(/\r\n?/g, '\n')
      .split('\n')
      .forEach((text, index) => {
        if (index > 0) lines.push((line = []))
        // Text and runs of tabs, in turn: tabs in a row are one run (an indented line's run of tabs).
        for (const part of text.split(/(\t+)/)) {
          if (part.startsWith('\t')) line.push(tabsRun(part.length, token.type))
          else append(line, state.text(part, tokenContext, node))
        }
      })
  }
  return lines
}
