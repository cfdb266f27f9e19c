/**
 * The one Markdown parser shared by the preview, the export, the CLI and the library.
 *
 * Syntax: CommonMark (remark-parse), GFM (tables, task lists, strikethrough, footnotes,
 * autolink literals), YAML front matter, `$…$` / `$$…$$` math, definition lists, pandoc's
 * `Table: …` captions, CriticMarkup comments, callouts (`> [!NOTE]`) and pandoc's `{width=…}` after images — behind guards that keep pathological input
 * from taking minutes or overflowing the stack (guard.ts before parsing, depth-guard.ts after).
 * GFM is remark-gfm's extensions, each taking part only where the text can hold its syntax
 * (gfm.ts, syntax-gate.ts): the same tree, at about half the cost on README text.
 */
import remarkFrontmatter from 'remark-frontmatter'
import remarkMath from 'remark-math'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import { remarkBracketedSpans } from './syntax/bracketed-spans.js'
import { remarkCallouts } from './syntax/callouts.js'
import { remarkCitations } from './syntax/citations.js'
import { remarkCriticMarkup } from './syntax/critic-markup.js'
import { remarkCrossReferences } from './syntax/cross-references.js'
import { remarkDefinitionList } from './syntax/definition-list.js'
import { remarkChunkLabels } from './chunked/chunk-labels.js'
import { remarkDepthGuard } from './guards/depth-guard.js'
import { remarkDollarRule } from './syntax/dollar-rule.js'
import { remarkGfmGated } from './syntax/gfm.js'
import { remarkFrontMatterDots } from './syntax/front-matter-dots.js'
import { remarkHeadingAttributes } from './syntax/heading-attributes.js'
import { remarkPageBreaks } from './syntax/page-breaks.js'
import { remarkSuperscript } from './syntax/superscript.js'
import { remarkFencedDivs } from './syntax/fenced-divs.js'
import { remarkFootnoteUndefined } from './syntax/footnote-undefined.js'
import { remarkFrontMatterFallback } from './syntax/front-matter-fallback.js'
import { remarkMathFences } from './syntax/math-fences.js'
import { remarkImageAttributes } from '../mdast/image-size.js'
import { remarkMessageOrder } from './message-order.js'
import { remarkParseGuard } from './guards/guard-plugin.js'
import { remarkSyntaxGate } from './guards/syntax-gate.js'
import { remarkTableCaption } from './syntax/table-caption.js'
import { remarkTableCells } from './syntax/table-cells.js'

/** A unified processor that parses Markdown into mdast (no compiler attached). */
export function createMarkdownProcessor() {
  return unified()
    .use(remarkParse)
    .use(remarkChunkLabels)
    .use(remarkSyntaxGate)
    .use(remarkParseGuard)
    .use(remarkFrontMatterDots)
    .use(remarkGfmGated)
    .use(remarkFrontmatter, ['yaml'])
    .use(remarkMath)
    .use(remarkFrontMatterFallback)
    .use(remarkMathFences)
    .use(remarkFencedDivs)
    .use(remarkDollarRule)
    .use(remarkDefinitionList)
    .use(remarkTableCaption)
    .use(remarkTableCells)
    .use(remarkFootnoteUndefined)
    .use(remarkCriticMarkup)
    .use(remarkCallouts)
    .use(remarkHeadingAttributes)
    .use(remarkCitations)
    .use(remarkSuperscript)
    .use(remarkBracketedSpans)
    .use(remarkPageBreaks)
    .use(remarkDepthGuard)
    .use(remarkImageAttributes)
    .use(remarkCrossReferences)
    .use(remarkMessageOrder)
}

/** The unified plugins the parser is made of, in order, for callers that build their own processor. */
export const markdownPlugins = [
  remarkParse,
  remarkChunkLabels,
  remarkSyntaxGate,
  remarkParseGuard,
  remarkFrontMatterDots,
  remarkGfmGated,
  [remarkFrontmatter, ['yaml']],
  remarkMath,
  remarkFrontMatterFallback,
  remarkMathFences,
  remarkFencedDivs,
  remarkDollarRule,
  remarkDefinitionList,
  remarkTableCaption,
  remarkTableCells,
  remarkFootnoteUndefined,
  remarkCriticMarkup,
  remarkCallouts,
  remarkHeadingAttributes,
  remarkCitations,
  remarkSuperscript,
  remarkBracketedSpans,
  remarkPageBreaks,
  remarkDepthGuard,
  remarkImageAttributes,
  remarkCrossReferences,
  remarkMessageOrder,
] as const
