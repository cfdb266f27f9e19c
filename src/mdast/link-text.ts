/**
 * A link whose text shows nothing — `[](url)`, `[ ](url)`, only spaces or line breaks — cannot be
 * seen or clicked; the preview and the export then show its URL instead. An image, formula or
 * code inside counts as something to see.
 */
import type { Nodes } from 'mdast'

export function hasVisibleText(node: Nodes): boolean {
  // Iterative: hostile input can nest emphasis deeply inside a link.
  const stack: Nodes[] = [node]
  while (stack.length > 0) {
    const current = stack.pop()!
    switch (current.type) {
      case 'text':
        if (current.value.trim() !== '') return true
        break
      case 'break':
        break
      case 'html':
        // Raw tags show nothing themselves; their text is in text nodes around them.
        break
      default:
        if ('children' in current) for (const child of current.children) stack.push(child as Nodes)
        else return true
    }
  }
  return false
}
