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
import { remarkBracketedSpans } from './bracketed-spans.js'
import { remarkCallouts } from './callouts.js'
import { remarkCriticMarkup } from './critic-markup.js'
import { remarkDefinitionList } from './definition-list.js'
import { remarkDepthGuard } from './depth-guard.js'
import { remarkDollarRule } from './dollar-rule.js'
import { remarkGfmGated } from './gfm.js'
import { remarkFrontMatterDots } from './front-matter-dots.js'
import { remarkHeadingAttributes } from './heading-attributes.js'
import { remarkPageBreaks } from './page-breaks.js'
import { remarkSuperscript } from './superscript.js'
import { remarkFencedDivs } from './fenced-divs.js'
import { remarkFrontMatterFallback } from './front-matter-fallback.js'
import { remarkImageAttributes } from '../mdast/image-size.js'
import { remarkMessageOrder } from './message-order.js'
import { remarkParseGuard } from './guard-plugin.js'
import { remarkSyntaxGate } from './syntax-gate.js'
import { remarkTableCaption } from './table-caption.js'
import { remarkTableCells } from './table-cells.js'

/** A unified processor that parses Markdown into mdast (no compiler attached). */
export function createMarkdownProcessor() {
  return unified()
    .use(remarkParse)
    .use(remarkSyntaxGate)
    .use(remarkParseGuard)
    .use(remarkFrontMatterDots)
    .use(remarkGfmGated)
    .use(remarkFrontmatter, ['yaml'])
    .use(remarkMath)
    .use(remarkFrontMatterFallback)
    .use(remarkFencedDivs)
    .use(remarkDollarRule)
    .use(remarkDefinitionList)
    .use(remarkTableCaption)
    .use(remarkTableCells)
    .use(remarkCriticMarkup)
    .use(remarkCallouts)
    .use(remarkHeadingAttributes)
    .use(remarkSuperscript)
    .use(remarkBracketedSpans)
    .use(remarkPageBreaks)
    .use(remarkDepthGuard)
    .use(remarkImageAttributes)
    .use(remarkMessageOrder)
}

/** The unified plugins the parser is made of, in order, for callers that build their own processor. */
export const markdownPlugins = [
  remarkParse,
  remarkSyntaxGate,
  remarkParseGuard,
  remarkFrontMatterDots,
  remarkGfmGated,
  [remarkFrontmatter, ['yaml']],
  remarkMath,
  remarkFrontMatterFallback,
  remarkFencedDivs,
  remarkDollarRule,
  remarkDefinitionList,
  remarkTableCaption,
  remarkTableCells,
  remarkCriticMarkup,
  remarkCallouts,
  remarkHeadingAttributes,
  remarkSuperscript,
  remarkBracketedSpans,
  remarkPageBreaks,
  remarkDepthGuard,
  remarkImageAttributes,
  remarkMessageOrder,
] as const
