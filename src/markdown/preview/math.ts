/**
 * Preview of `$…$` and `$$…$$` math: the LaTeX source in `<code class="math">`.
 *
 * Kept in its own file so a LaTeX → MathML renderer can replace it; whatever it emits must be
 * allowed by the sanitiser's schema (preview/schema.ts).
 */
import type { Element } from 'hast'
import type { InlineMath, Math } from 'mdast-util-math'
import type { State } from 'mdast-util-to-hast'

export function math(state: State, node: Math): Element {
  const code: Element = { type: 'element', tagName: 'code', properties: { className: ['math', 'math-display'] }, children: [{ type: 'text', value: node.value }] }
  const block: Element = { type: 'element', tagName: 'div', properties: { className: ['math', 'math-display'] }, children: [code] }
  state.patch(node, block)
  return block
}

export function inlineMath(state: State, node: InlineMath): Element {
  const code: Element = { type: 'element', tagName: 'code', properties: { className: ['math', 'math-inline'] }, children: [{ type: 'text', value: node.value }] }
  state.patch(node, code)
  return code
}
