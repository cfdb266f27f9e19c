/**
 * Numbered display equations (`$$…$$ {#eq:x}`): the equation centred and its number "(1)" at
 * the right margin, the way Word users have numbered equations for decades and pandoc-crossref
 * documents for .docx — a paragraph with a centre tab stop at the middle of the text and a
 * right tab stop at its right edge: tab, the equation, tab, "(" SEQ Equation ")". The number is
 * a SEQ field (with its number in place), in the bookmark `@eq:x` references point at, so Word
 * renumbers equations and references together.
 *
 * Not Word's own `#` form (`E=mc^2#(1)`, an equation array Word draws with the number at the
 * margin): only Word reads it — LibreOffice shows "#(1)" inside the formula and pandoc reads it
 * into the LaTeX — and its number is text in the formula, which no field updates. Unlabelled
 * equations stay unnumbered display equations (math.ts).
 */
import { Tab, TabStopType, TextRun, type Paragraph, type ParagraphChild } from 'docx'
import type { InlineMath, Math } from 'mdast-util-math'
import type { Node } from 'unist'
import { latexToOmml, ommlComponent } from './math/index.js'
import { xmlSafe } from './text/text.js'
import { sequenceField } from './captions.js'
import type { Context } from './context.js'
import type { State } from './state.js'

/** The paragraph of a labelled display equation: `equation` (an m:oMath, or the LaTeX kept as code) centred, its number at the right. */
export function numberedEquation(state: State, context: Context, node: Node, label: string, equation: ParagraphChild[]): Paragraph {
  // A `[see](#eq:x)` link lands on the equation's paragraph.
  const name = state.bookmarks.place(label)
  if (name) state.bookmarkNextParagraph(name, context)
  const tab = () => new TextRun({ children: [new Tab()] })
  const children: ParagraphChild[] = [tab(), ...equation, tab(), ...equationNumber(state, node, label)]
  // Tab stops are measured from the page margin (not the indent), so a list's or quote's indent moves them.
  const center = context.indent + Math.round(context.width / 2)
  const right = context.indent + context.width
  return state.paragraph(context, children, {
    style: context.paragraphStyle ?? 'BodyText',
    tabStops: [
      { type: TabStopType.CENTER, position: center },
      { type: TabStopType.RIGHT, position: right },
    ],
  })
}

/** "(N)": the equation's number as a SEQ Equation field in its label's bookmark. */
export function equationNumber(state: State, node: Node, label: string): ParagraphChild[] {
  return [new TextRun('('), ...sequenceField(state, 'equation', 'Equation', { node, label }), new TextRun(')')]
}

/**
 * A labelled display equation (`$$…$$ {#eq:x}`, a block or alone in its paragraph), numbered at
 * the right margin (equations.ts); a formula that cannot be converted keeps its LaTeX there, as code.
 */
export function labelledEquation(state: State, node: Math | InlineMath, context: Context, label: string): Paragraph {
  const result = latexToOmml(safeLatex(state, node), true)
  if (!result.ok) {
    notConverted(state, node, result.reason)
    return numberedEquation(state, context, node, label, state.text(node.value, { ...context, run: { ...context.run, style: 'VerbatimChar' } }, node))
  }
  reportUnsupported(state, node, result.unsupported)
  // m:oMath, not m:oMathPara: a display paragraph holds nothing else, and this one holds the tabs and the number.
  return numberedEquation(state, context, node, label, [ommlComponent(result.omml)])
}

/** The formula's LaTeX with characters XML cannot hold replaced (they would reach the equation's m:t as they are), with a message. */
export function safeLatex(state: State, node: Math | InlineMath): string {
  const { text, replaced } = xmlSafe(node.value)
  if (replaced > 0) state.warn(node, `${replaced} character${replaced === 1 ? '' : 's'} that Word cannot store (control characters or broken surrogates) became U+FFFD`, 'invalid-character')
  return text
}

export function notConverted(state: State, node: Math | InlineMath, reason: string): void {
  state.warn(node, `Formula not converted to a Word equation (${reason}); its LaTeX is kept as code`, 'math-not-converted')
}

/** Commands the equation shows by name because no reader knows them (`\\foo` → "\\foo" in upright type). */
export function reportUnsupported(state: State, node: Math | InlineMath, commands: string[] | undefined): void {
  if (!commands) return
  const list = commands.join(', ')
  state.warn(node, `Formula uses ${list}, which ${commands.length === 1 ? 'is' : 'are'} not known; ${commands.length === 1 ? 'it is' : 'they are'} shown by name in the equation`, 'math-command-unknown')
}
