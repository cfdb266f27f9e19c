/**
 * A paragraph holding one image and nothing else (white space aside) is a figure — the way
 * pandoc and most readers treat it: the export centres it in a Figure paragraph with its title
 * as a caption, and the preview centres it too.
 */
import type { Image, ImageReference, Paragraph } from 'mdast'

export function soleImage(node: Paragraph): Image | ImageReference | undefined {
  let found: Image | ImageReference | undefined
  for (const child of node.children) {
    if (child.type === 'text' && child.value.trim() === '') continue
    if ((child.type !== 'image' && child.type !== 'imageReference') || found) return undefined
    found = child
  }
  return found
}
