/**
 * Preview of fenced and indented code: `<pre><code class="language-x">`. A diagram
 * (```` ```mermaid ````, see mdast/diagrams.ts) is that code inside `<div class="diagram">`,
 * which the page draws (src/preview/Diagram.tsx) — the worker that makes this has no DOM.
 *
 * Tokens are spans with pandoc's class names (`<span class="kw">`), coloured by
 * `highlightCss()` with the colours Word's token styles use. The output must stay within the
 * sanitiser's schema (preview/schema.ts).
 */
import type { Element } from 'hast'
import type { Code } from 'mdast'
import type { State } from 'mdast-util-to-hast'
import { codeAttributes } from '../../mdast/cross-references.js'
import { diagramKind, diagramSource } from '../../mdast/diagrams.js'
import { highlightHast } from '../../mdast/highlight.js'

export function code(state: State, node: Code): Element {
  const kind = diagramKind(node)
  if (kind) {
    // The source as it is, not highlighted: the page reads it back as the diagram's text.
    const source: Element = { type: 'element', tagName: 'code', properties: { className: [`language-${kind}`] }, children: [{ type: 'text', value: diagramSource(node) }] }
    const diagram: Element = { type: 'element', tagName: 'div', properties: { className: ['diagram'] }, children: [{ type: 'element', tagName: 'pre', properties: {}, children: [source] }] }
    state.patch(node, diagram)
    return diagram
  }
  // pandoc's ```` ```{#id .python} ````: the language is the first class.
  const language = node.lang?.startsWith('{') ? codeAttributes(node)?.classes[0] : node.lang?.split(/\s+/)[0]
  const inner: Element = {
    type: 'element',
    tagName: 'code',
    properties: language ? { className: [`language-${language}`] } : {},
    // Highlighted with the tokens the export styles in Word (pandoc's class names: kw, st, co…).
    children: node.value ? [...highlightHast(node.value, language), { type: 'text', value: '\n' }] : [{ type: 'text', value: '' }],
  }
  state.patch(node, inner)
  const pre: Element = { type: 'element', tagName: 'pre', properties: {}, children: [inner] }
  state.patch(node, pre)
  return pre
}
