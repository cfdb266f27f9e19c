/**
 * Callouts in the preview, as GitHub renders its alerts: a `div.markdown-alert` of the kind's
 * class with the title as its first paragraph. Other quotes render as mdast-util-to-hast does.
 */
import type { Element, ElementContent } from 'hast'
import type { Blockquote } from 'mdast'
import { defaultHandlers, type State } from 'mdast-util-to-hast'
import type { CalloutKind } from '../callouts.js'

const KINDS: readonly CalloutKind[] = ['note', 'tip', 'important', 'warning', 'caution']

/** The kind classes the sanitiser lets through. */
export const CALLOUT_CLASSES: readonly string[] = KINDS.map((kind) => `markdown-alert-${kind}`)

export function blockquote(state: State, node: Blockquote): Element {
  const callout = node.data?.callout
  if (!callout) return defaultHandlers.blockquote(state, node)
  const title: Element = { type: 'element', tagName: 'p', properties: { className: ['markdown-alert-title'] }, children: [{ type: 'text', value: callout.title }] }
  const children: ElementContent[] = [title, ...state.wrap(state.all(node), true)]
  const element: Element = { type: 'element', tagName: 'div', properties: { className: ['markdown-alert', `markdown-alert-${callout.kind}`] }, children }
  state.patch(node, element)
  return state.applyData(node, element)
}
