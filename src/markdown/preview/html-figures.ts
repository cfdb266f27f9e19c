/**
 * Raw HTML images alone in their paragraph are figures, as the export makes them (its HTML
 * reader turns `<img>` and `<p><img></p>` into a paragraph holding the image alone, which
 * docx/media/figure.ts centres in the Figure style): the preview gives them the figure class
 * too, so they are centred in both. Only top-level ones — in a list or a table the export keeps
 * an image inline, and so does the preview.
 */
import type { Element, ElementContent, Root } from 'hast'

function isBlank(node: ElementContent): boolean {
  return node.type === 'comment' || (node.type === 'text' && node.value.trim() === '')
}

function soleImage(children: readonly ElementContent[]): boolean {
  const kept = children.filter((child) => !isBlank(child))
  return kept.length === 1 && kept[0]!.type === 'element' && kept[0]!.tagName === 'img'
}

export function markHtmlFigures(tree: Root): void {
  tree.children = tree.children.map((child) => {
    if (child.type !== 'element') return child
    if (child.tagName === 'p' && soleImage(child.children) && child.properties.className === undefined) {
      child.properties.className = ['figure']
      return child
    }
    if (child.tagName === 'img') {
      const figure: Element = { type: 'element', tagName: 'p', properties: { className: ['figure'] }, children: [child] }
      return figure
    }
    return child
  })
}
