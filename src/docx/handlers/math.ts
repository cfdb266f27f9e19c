import { TextRun } from 'docx'
import type { Code } from 'mdast'
import type { InlineMath, Math } from 'mdast-util-math'
import { isDisplayInlineMath } from '../../math/tex.js'
import { equationLabel } from '../../mdast/cross-references.js'
import { equationNumber, labelledEquation, notConverted, reportUnsupported, safeLatex } from '../equations.js'
import { displayMath, latexToOmml, ommlComponent } from '../math/index.js'
import type { Handler } from './types.js'

/**
 * Display math (`$$` on their own lines): a Word display equation (m:oMathPara), editable in
 * Word's equation editor, in a paragraph of its own. A formula temml cannot read (an unknown
 * command, an unbalanced brace) keeps its LaTeX as a code block, with a message saying why.
 */
export const math: Handler<Math> = (state, node, context) => {
  const label = equationLabel(node)
  if (label) return [labelledEquation(state, node, context, label)]
  const result = latexToOmml(safeLatex(state, node), true)
  if (!result.ok) {
    notConverted(state, node, result.reason)
    const code: Code = { type: 'code', lang: 'latex', value: node.value, ...(node.position ? { position: node.position } : {}) }
    return state.one(code, context, undefined)
  }
  reportUnsupported(state, node, result.unsupported)
  return [state.paragraph(context, [ommlComponent(displayMath(result.omml))], { style: context.paragraphStyle ?? 'BodyText' })]
}

/**
 * Inline math: a Word equation (m:oMath) in the line. `$$…$$` written inside a paragraph is
 * display math, as pandoc reads it: an m:oMathPara, which Word sets on its own line.
 * Unconvertible formulas keep their LaTeX as inline code, with a message.
 */
export const inlineMath: Handler<InlineMath> = (state, node, context) => {
  const display = isDisplayInlineMath(node)
  const result = latexToOmml(safeLatex(state, node), display)
  // A labelled equation inside running text: its number right after it (alone in its paragraph, see labelledEquation).
  const label = display ? equationLabel(node) : undefined
  const number = label ? [new TextRun(' '), ...equationNumber(state, node, label)] : []
  if (!result.ok) {
    notConverted(state, node, result.reason)
    return [...state.text(node.value, { ...context, run: { ...context.run, style: 'VerbatimChar' } }, node), ...number]
  }
  reportUnsupported(state, node, result.unsupported)
  return [ommlComponent(display ? displayMath(result.omml) : result.omml), ...number]
}
