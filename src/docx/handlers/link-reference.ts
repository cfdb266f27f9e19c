import type { LinkReference } from 'mdast'
import { hyperlink } from '../text/hyperlink.js'
import type { Handler } from './types.js'

/** `[text][ref]`: resolved through its definition; undefined references keep their brackets. */
export const linkReference: Handler<LinkReference> = (state, node, context) => {
  const definition = state.definition(node.identifier)
  if (!definition) {
    const label = node.label ?? node.identifier
    const suffix = node.referenceType === 'full' ? `[${label}]` : node.referenceType === 'collapsed' ? '[]' : ''
    return [...state.text('[', context), ...state.inlines(node, context), ...state.text(`]${suffix}`, context)]
  }
  return hyperlink(state, node, definition.url, context, (inner) => state.inlines(node, inner), definition.title)
}
