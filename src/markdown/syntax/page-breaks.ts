/**
 * Page breaks, the ways authors write them for pandoc and for print: a paragraph that is only
 * `\newpage` or `\pagebreak` (LaTeX's, which pandoc's pagebreak filter reads), or only a form
 * feed character (the old plain-text page break, which CommonMark reads as a paragraph). Each
 * becomes a `pageBreak` node: a page break in Word, a marked rule in the preview. (HTML's
 * `page-break-before: always` and `break-before: page` are read where the HTML is converted.)
 */
import type { Node } from 'unist'
import type { Nodes, Paragraph, Root } from 'mdast'
import type { PageBreak } from '../../mdast/nodes.js'

const BREAK = /^(?:\\newpage|\\pagebreak|\f+)$/

/** Whether a paragraph is only a page-break command. */
export function isPageBreakParagraph(node: Paragraph): boolean {
  const only = node.children.length === 1 ? node.children[0] : undefined
  return only?.type === 'text' && BREAK.test(only.value.trim() === '' ? only.value : only.value.trim())
}

export function remarkPageBreaks() {
  return (tree: Root) => {
    const stack: Nodes[] = [tree]
    while (stack.length > 0) {
      const node = stack.pop()!
      if (!('children' in node) || node.type === 'paragraph' || node.type === 'heading' || node.type === 'table') continue
      const children = node.children as Nodes[]
      for (let index = 0; index < children.length; index++) {
        const child = children[index]!
        if (child.type === 'paragraph' && isPageBreakParagraph(child)) {
          const pageBreak: PageBreak = { type: 'pageBreak', data: { hName: 'hr', hProperties: { className: ['page-break'] } } }
          if (child.position) pageBreak.position = child.position
          children[index] = pageBreak as unknown as Nodes
        } else if ('children' in child) stack.push(child)
      }
    }
  }
}
