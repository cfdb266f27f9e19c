/**
 * The app's preview (sanitised hast) keeps what issue 4's parser additions mean: CriticMarkup
 * marks and comments (styled as margin notes by the app), definition lists, table captions.
 */
import type { Element, Root } from 'hast'
import { describe, expect, it } from 'vitest'
import { toPreviewHast } from '../../../src/markdown/preview-hast.js'
import { parseMarkdown } from '../../../src/markdown/parse.js'

function html(markdown: string): string {
  const { tree } = parseMarkdown(markdown)
  const show = (node: Root | Element | Root['children'][number]): string => {
    if (node.type === 'text') return node.value
    if (node.type === 'root') return node.children.map(show).join('')
    if (node.type !== 'element') return ''
    const className = node.properties.className
    const attribute = Array.isArray(className) ? ` class="${className.join(' ')}"` : ''
    return `<${node.tagName}${attribute}>${node.children.map(show).join('')}</${node.tagName}>`
  }
  return show(toPreviewHast(tree, markdown)).replace(/\n/g, '')
}

describe('preview of document features', () => {
  it('shows a CriticMarkup comment as a mark and a margin-note span', () => {
    expect(html('See {==this==}{>>Why?<<} now.')).toBe('<p>See <mark class="critic-highlight">this</mark><span class="critic-comment">Why?</span> now.</p>')
  })

  it('shows definition lists and table captions', () => {
    expect(html('Term\n: Definition')).toBe('<dl><dt>Term</dt><dd><p>Definition</p></dd></dl>')
    // Numbered as the export numbers it ("Table 1: …", a SEQ field there).
    expect(html('Table: Cap\n| a |\n|---|\n| 1 |')).toMatch(/^<p class="table-caption">Table 1: Cap<\/p><table>/)
  })
})
