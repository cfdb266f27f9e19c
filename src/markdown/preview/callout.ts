/**
 * Callouts in the preview, as GitHub renders its alerts: a `div.markdown-alert` of the kind's
 * class with the title as its first paragraph — for a quote (`> [!NOTE]`) and for a div
 * (`::: warning`) alike. Other quotes and divs render as mdast-util-to-hast renders them.
 */
import type { Element, ElementContent } from 'hast'
import type { Blockquote, Parents } from 'mdast'
import { defaultHandlers, type State } from 'mdast-util-to-hast'
import type { Callout, CalloutKind } from '../../mdast/nodes.js'
import type { FencedDiv } from '../../mdast/nodes.js'

const KINDS: readonly CalloutKind[] = ['note', 'tip', 'important', 'warning', 'caution']

/** The kind classes the sanitiser lets through. */
export const CALLOUT_CLASSES: readonly string[] = KINDS.map((kind) => `markdown-alert-${kind}`)

function calloutElement(state: State, node: Parents, callout: Callout): Element {
  const title: Element = { type: 'element', tagName: 'p', properties: { className: ['markdown-alert-title'] }, children: [{ type: 'text', value: callout.title }] }
  const children: ElementContent[] = [title, ...state.wrap(state.all(node), true)]
  const element: Element = { type: 'element', tagName: 'div', properties: { className: ['markdown-alert', `markdown-alert-${callout.kind}`] }, children }
  state.patch(node, element)
  return element
}

export function blockquote(state: State, node: Blockquote): Element {
  const callout = node.data?.callout
  return callout ? state.applyData(node, calloutElement(state, node, callout)) : defaultHandlers.blockquote(state, node)
}

/** A fenced div: a callout, or a `<div>` with its id and classes (fenced-divs.ts puts them in its data). */
export function fencedDiv(state: State, node: FencedDiv): Element {
  const callout = node.data?.callout
  if (callout) return calloutElement(state, node, callout)
  const element: Element = { type: 'element', tagName: 'div', properties: {}, children: state.wrap(state.all(node), true) }
  state.patch(node, element)
  return state.applyData(node, element)
}
