import type { Code } from 'mdast'
import type { InlineMath, Math } from 'mdast-util-math'
import type { Handler } from './types.js'

/** Display math, until equations are converted: its LaTeX as a code block, with a message. */
export const math: Handler<Math> = (state, node, context) => {
  state.warn(node, 'Math is kept as LaTeX source; it is not yet converted to a Word equation', 'math-not-converted')
  const code: Code = { type: 'code', lang: 'latex', value: node.value, ...(node.position ? { position: node.position } : {}) }
  return state.one(code, context, undefined)
}

/** Inline math, until equations are converted: its LaTeX as inline code, with a message. */
export const inlineMath: Handler<InlineMath> = (state, node, context) => {
  state.warn(node, 'Math is kept as LaTeX source; it is not yet converted to a Word equation', 'math-not-converted')
  return state.text(node.value, { ...context, run: { ...context.run, style: 'VerbatimChar' } }, node)
}
