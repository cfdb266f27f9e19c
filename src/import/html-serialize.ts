/**
 * hast → HTML text, for the tables Markdown's pipes cannot hold (merged cells, lists in cells):
 * elements, text (escaped) and raw nodes, nothing more — the few elements mdast-util-to-hast
 * makes from a cell's Markdown. (hast-util-to-html is not one of markdocx's dependencies.)
 */
import type { Nodes } from 'hast'

const VOID = new Set(['br', 'hr', 'img', 'input', 'wbr', 'col'])

export function htmlOf(node: Nodes): string {
  switch (node.type) {
    case 'root':
      return node.children.map(htmlOf).join('')
    case 'text':
      return escape(node.value, false)
    case 'raw':
      return node.value
    case 'element': {
      const attributes = Object.entries(node.properties)
        .filter(([, value]) => value !== undefined && value !== null && value !== false)
        .map(([name, value]) => {
          const attribute = name === 'className' ? 'class' : name.toLowerCase()
          if (value === true) return ` ${attribute}`
          return ` ${attribute}="${escape(Array.isArray(value) ? value.join(' ') : String(value), true)}"`
        })
        .join('')
      if (VOID.has(node.tagName)) return `<${node.tagName}${attributes}>`
      return `<${node.tagName}${attributes}>${node.children.map(htmlOf).join('')}</${node.tagName}>`
    }
    default:
      return ''
  }
}

function escape(text: string, attribute: boolean): string {
  return text.replace(attribute ? /[&"<]/g : /[&<>]/g, (char) => (char === '&' ? '&amp;' : char === '<' ? '&lt;' : char === '>' ? '&gt;' : '&quot;'))
}
