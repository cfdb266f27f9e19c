/**
 * Word and character counts of rendered text, counted the way Word does: words are runs of
 * letters and digits (with inner apostrophes and hyphens), each CJK character is a word, and
 * characters include spaces but not line breaks.
 */
import type { Root as HastRoot, RootContent as HastContent } from 'hast'

export interface TextCounts {
  words: number
  characters: number
}

const WORD = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[\p{L}\p{N}\p{M}]+(?:['’\-.][\p{L}\p{N}\p{M}]+)*/gu

export function countWords(text: string): number {
  let count = 0
  for (const _ of text.matchAll(WORD)) count++
  return count
}

export function countText(tree: HastRoot): TextCounts {
  let words = 0
  let characters = 0
  const visit = (node: HastRoot | HastContent) => {
    if (node.type === 'text') {
      const text = node.value.replace(/\s+/g, ' ')
      if (text.trim() === '') return
      words += countWords(text)
      characters += text.replace(/\n/g, '').length
    } else if ('children' in node) {
      for (const child of node.children) visit(child)
    }
  }
  visit(tree)
  return { words, characters }
}
