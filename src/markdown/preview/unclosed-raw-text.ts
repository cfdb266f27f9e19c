/**
 * The preview's side of src/mdast/unclosed-raw-text.ts: the raw nodes of one block's hast
 * (parsed together by hast-util-raw) lose the opening tags of swallowing elements never closed
 * in the block, so `text <title> more` keeps "more".
 */
import type { Root as HastRoot, RootContent as HastContent } from 'hast'
import { dropUnclosedRawText as dropFromPieces } from '../../mdast/unclosed-raw-text.js'

interface Raw {
  type: 'raw'
  value: string
}

function collectRaw(node: HastRoot | HastContent, into: Raw[]): void {
  if ((node as { type: string }).type === 'raw') into.push(node as unknown as Raw)
  else if ('children' in node) for (const child of node.children) collectRaw(child, into)
}

/** Removes opening tags of swallowing elements that are never closed later in the block. */
export function dropUnclosedRawText(tree: HastRoot): void {
  const raws: Raw[] = []
  collectRaw(tree, raws)
  if (raws.length === 0) return
  const values = dropFromPieces(raws.map((raw) => raw.value))
  raws.forEach((raw, index) => {
    raw.value = values[index]!
  })
}
