/**
 * Figures: a paragraph holding a single image and nothing else is laid out as a figure, with
 * the image's title as its caption — or, for a figure labelled `{#fig:x}`, its title or else
 * its alt text, as pandoc-crossref reads `![Caption](x.png){#fig:x}` (mdast/cross-references.ts).
 */
import type { Image, ImageReference, Paragraph } from 'mdast'
import { figureCaption } from '../../mdast/cross-references.js'
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
  if (!only) return undefined
  const caption = figureCaption(only, only.type === 'image' ? only.title : state.definition(only.identifier)?.title)
  return { image: only, ...(caption !== undefined ? { caption } : {}) }
  return undefined
}
