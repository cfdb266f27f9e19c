/**
 * A figure as markdocx (and Word's Insert Caption) writes it: a paragraph holding one picture —
 * and the bookmark of its label when it has one (`{#fig:x}`, markdocx's bookmark before the
 * picture) — followed by its caption. The picture takes the bookmark as its id (named back to
 * the label by bookmark-names.ts), and the caption as its title unless the caption is only its
 * alt text again (markdocx captions a figure without a title by its alt text, a number typed
 * there left out).
 */
import type { Image, Nodes, RootContent } from 'mdast'
import type { Marker } from './markers.js'

/** The picture of a figure's paragraph (with only bookmarks beside it), its bookmark taken in as its id. */
export function figureImage(block: RootContent, markerOf: (node: Nodes) => Marker | undefined): Image | undefined {
  if (block.type !== 'paragraph') return undefined
  let image: Image | undefined
  const anchors: Nodes[] = []
  for (const child of block.children) {
    if (child.type === 'text' && child.value.trim() === '') continue
    if (markerOf(child)?.kind === 'a') anchors.push(child)
    else if (child.type === 'image' && !image) image = child
    else return undefined
  }
  if (!image) return undefined
  // Word's own hidden bookmarks (`_Ref…`, `_GoBack`) name no label.
  const label = anchors.find((anchor) => !markerOf(anchor)!.payload.startsWith('_'))
  if (label && image.data?.attributes?.id === undefined) {
    const attributes = image.data?.attributes
    image.data = { ...image.data, attributes: { id: markerOf(label)!.payload, classes: attributes?.classes ?? [], pairs: attributes?.pairs ?? [] } }
    block.children = block.children.filter((child) => child !== label)
  }
  return image
}

/** A number typed at the start of a caption ("Figure 2: ", "Tabla 3.1 – "), which the SEQ field replaces on export. */
export const TYPED_CAPTION_NUMBER = /^\s*\p{L}+\.?\s+\d+(?:[.-]\d+)*\s*[:.–—-]\s*/u

/** The caption as the picture's title, or null when it only repeats the alt text (a typed "Figure 2:" aside). */
export function figureTitle(caption: string, alt: string | null | undefined): string | null {
  if (caption === '') return null
  const plain = (alt ?? '').trim()
  if (caption === plain || caption === plain.replace(TYPED_CAPTION_NUMBER, '')) return null
  return caption
}
