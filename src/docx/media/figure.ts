/**
 * Figures: a paragraph holding a single image and nothing else is laid out as a figure, with
 * the image's title as its caption — the way pandoc and most readers treat it.
 */
import type { Image, ImageReference, Paragraph } from 'mdast'
import { soleImage } from '../../mdast/figure.js'
import type { Context } from '../context.js'
import type { State } from '../state.js'

export interface Figure {
  image: Image | ImageReference
  caption?: string
}

export function isFigure(state: State, node: Paragraph, context: Context): Figure | undefined {
  // Inside a list item's numbered paragraph or a table, an image stays inline.
  if (state.pendingFirstParagraph() || context.inTable) return undefined
  const only = soleImage(node)
  if (only?.type === 'image') return { image: only, ...(only.title ? { caption: only.title } : {}) }
  if (only?.type === 'imageReference') {
    const title = state.definition(only.identifier)?.title
    return { image: only, ...(title ? { caption: title } : {}) }
  }
  return undefined
}
