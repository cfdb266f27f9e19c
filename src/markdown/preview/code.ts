/**
 * Preview of fenced and indented code: `<pre><code class="language-x">`.
 *
 * Tokens are spans with pandoc's class names (`<span class="kw">`), coloured by
 * `highlightCss()` with the colours Word's token styles use. The output must stay within the
 * sanitiser's schema (preview/schema.ts).
 */
import type { Element } from 'hast'
import type { Code } from 'mdast'
import type { State } from 'mdast-util-to-hast'
import { highlightHast } from '../highlight.js'

export function code(state: State, node: Code): Element {
  const language = node.lang?.split(/\s+/)[0]
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
