import type { Code } from 'mdast'
import type { InlineMath, Math } from 'mdast-util-math'
import { isDisplayInlineMath } from '../../math/tex.js'
import { displayMath, latexToOmml, ommlComponent } from '../math/index.js'
import type { State } from '../state.js'
import { xmlSafe } from '../text/text.js'
import type { Handler } from './types.js'

/**
 * Display math (`$$` on their own lines): a Word display equation (m:oMathPara), editable in
 * Word's equation editor, in a paragraph of its own. A formula temml cannot read (an unknown
 * command, an unbalanced brace) keeps its LaTeX as a code block, with a message saying why.
 */
export const math: Handler<Math> = (state, node, context) => {
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
  if (!result.ok) {
    notConverted(state, node, result.reason)
    return state.text(node.value, { ...context, run: { ...context.run, style: 'VerbatimChar' } }, node)
  }
  reportUnsupported(state, node, result.unsupported)
  return [ommlComponent(display ? displayMath(result.omml) : result.omml)]
}

/** The formula's LaTeX with characters XML cannot hold replaced (they would reach the equation's m:t as they are), with a message. */
function safeLatex(state: State, node: Math | InlineMath): string {
  const { text, replaced } = xmlSafe(node.value)
  if (replaced > 0) state.warn(node, `${replaced} character${replaced === 1 ? '' : 's'} that Word cannot store (control characters or broken surrogates) became U+FFFD`, 'invalid-character')
  return text
}

function notConverted(state: State, node: Math | InlineMath, reason: string): void {
  state.warn(node, `Formula not converted to a Word equation (${reason}); its LaTeX is kept as code`, 'math-not-converted')
}

/** Commands the equation shows by name because no reader knows them (`\\foo` → "\\foo" in upright type). */
function reportUnsupported(state: State, node: Math | InlineMath, commands: string[] | undefined): void {
  if (!commands) return
  const list = commands.join(', ')
  state.warn(node, `Formula uses ${list}, which ${commands.length === 1 ? 'is' : 'are'} not known; ${commands.length === 1 ? 'it is' : 'they are'} shown by name in the equation`, 'math-command-unknown')
}
