/**
 * A node's text as a reader sees it, CriticMarkup comments left out: for headings in the
 * table of contents and the document properties, where a reviewer's comment is no part of the title.
 */
import type { Nodes } from 'mdast'
import './nodes.js'

/**
 * A node's plain text without its CriticMarkup comments and deletions: what a heading's contents
 * entry, a document title or a slug should read ("Results{>>check<<}" → "Results").
 */
export function textWithoutComments(node: Nodes): string {
  // A tracked deletion is no part of the text either: the title reads as it will once the changes are accepted.
  if (node.type === 'criticComment' || node.type === 'criticDeletion') return ''
  if ('value' in node && typeof node.value === 'string') return node.value
  if ('alt' in node && typeof node.alt === 'string') return node.alt
  if ('children' in node) {
    let text = ''
    // Iterative over siblings; nesting depth is bounded by the parser's guards.
    for (const child of node.children as Nodes[]) text += textWithoutComments(child)
    return text
  }
  return ''
}
