/**
 * Preview of fenced and indented code: `<pre><code class="language-x">`.
 *
 * Kept in its own file so syntax highlighting can replace it without touching the rest of
 * the preview pipeline; the output must stay within the sanitiser's schema (preview/schema.ts).
 */
import type { Element } from 'hast'
import type { Code } from 'mdast'
import type { State } from 'mdast-util-to-hast'

export function code(state: State, node: Code): Element {
  const language = node.lang?.split(/\s+/)[0]
  const inner: Element = {
    type: 'element',
    tagName: 'code',
    properties: language ? { className: [`language-${language}`] } : {},
    children: [{ type: 'text', value: node.value ? `${node.value}\n` : '' }],
  }
  state.patch(node, inner)
  const pre: Element = { type: 'element', tagName: 'pre', properties: {}, children: [inner] }
  state.patch(node, pre)
  return pre
}
