/**
 * Preview of `$…$` and `$$…$$` math: temml's MathML (browsers draw it natively), the same
 * MathML the export turns into Word equations, so both show the same formula. A formula temml
 * cannot read, or that the export cannot make a Word equation of (math/word-check.ts), shows its
 * LaTeX source in `<code class="math">`, as the export keeps it.
 *
 * Whatever it emits must be allowed by the sanitiser's schema (preview/schema.ts).
 */
import type { Element } from 'hast'
import type { InlineMath, Math } from 'mdast-util-math'
import type { State } from 'mdast-util-to-hast'
import { isDisplayInlineMath, latexToHast } from '../../math/tex.js'

export function math(state: State, node: Math): Element {
  const rendered = latexToHast(node.value, { display: true, word: true })
  const content: Element = rendered.ok ? rendered.element : source(node.value, 'math-display')
  const block: Element = { type: 'element', tagName: 'div', properties: { className: ['math', 'math-display'] }, children: [content] }
  state.patch(node, block)
  return block
}

export function inlineMath(state: State, node: InlineMath): Element {
  // `$$…$$` inside a paragraph is display math (as pandoc and the export read it).
  const display = isDisplayInlineMath(node)
  const rendered = latexToHast(node.value, { display, word: true })
  const kind = display ? 'math-display' : 'math-inline'
  const element: Element = rendered.ok ? { type: 'element', tagName: 'span', properties: { className: ['math', kind] }, children: [rendered.element] } : source(node.value, kind)
  state.patch(node, element)
  return element
}

function source(value: string, kind: 'math-display' | 'math-inline'): Element {
  return { type: 'element', tagName: 'code', properties: { className: ['math', kind] }, children: [{ type: 'text', value }] }
}
