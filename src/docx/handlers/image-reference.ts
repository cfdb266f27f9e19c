import type { ImageReference } from 'mdast'
import { picture } from '../media/picture.js'
import type { Handler } from './types.js'

/** `![alt][ref]`: resolved through its definition; an undefined reference keeps its text. */
export const imageReference: Handler<ImageReference> = (state, node, context) => {
  const definition = state.definition(node.identifier)
  if (!definition) return state.text(`![${node.alt ?? ''}]`, context, node)
  return picture(state, node, definition.url, node.alt ?? '', definition.title ?? undefined, context)
}
