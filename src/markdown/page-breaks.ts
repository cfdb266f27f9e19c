/**
 * Page breaks, the ways authors write them for pandoc and for print: a paragraph that is only
 * `\newpage` or `\pagebreak` (LaTeX's, which pandoc's pagebreak filter reads), or only a form
 * feed character (the old plain-text page break, which CommonMark reads as a paragraph). Each
 * becomes a `pageBreak` node: a page break in Word, a marked rule in the preview. (HTML's
 * `page-break-before: always` and `break-before: page` are read where the HTML is converted.)
 */
import type { Node } from 'unist'
import type { Nodes, Paragraph, Root } from 'mdast'

export interface PageBreak extends Node {
  type: 'pageBreak'
}

declare module 'mdast' {
  interface RootContentMap {
    pageBreak: PageBreak
  }
  interface BlockContentMap {
    pageBreak: PageBreak
  }
}

const BREAK = /^(?:\\newpage|\\pagebreak|\f+)$/

/** Where an HTML element's inline style asks for a page break: before it, after it, both or neither. */
export function htmlPageBreaks(style: unknown): { before: boolean; after: boolean } {
  const css = typeof style === 'string' ? style.toLowerCase() : ''
  if (!css.includes('break')) return { before: false, after: false }
  return {
    before: /(?:^|;)\s*(?:page-break-before\s*:\s*always|break-before\s*:\s*(?:page|left|right|recto|verso))/.test(css),
    after: /(?:^|;)\s*(?:page-break-after\s*:\s*always|break-after\s*:\s*(?:page|left|right|recto|verso))/.test(css),
  }
}

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
