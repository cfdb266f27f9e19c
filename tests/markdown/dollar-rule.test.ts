import { toString } from 'mdast-util-to-string'
import type { Nodes } from 'mdast'
import { visit } from 'unist-util-visit'
import { describe, expect, it } from 'vitest'
import { parseMarkdown } from '../../src/markdown/parse.js'

function inlineMath(markdown: string): string[] {
  const found: string[] = []
  visit(parseMarkdown(markdown).tree, 'inlineMath', (node: Nodes) => {
    found.push('value' in node ? String(node.value) : '')
  })
  return found
}

describe('the dollar rule (pandoc’s reading of $…$)', () => {
  it('takes $x$ with no space inside the dollars as math', () => {
    expect(inlineMath('Euler: $e^{i\\pi} + 1 = 0$ and $x$.')).toEqual(['e^{i\\pi} + 1 = 0', 'x'])
  })

  it('leaves prices and amounts as text', () => {
    const markdown = 'It costs $5 and $10, or $ 3 $ with spaces.'
    expect(inlineMath(markdown)).toEqual([])
    expect(toString(parseMarkdown(markdown).tree)).toBe(markdown)
  })

  it('refuses a closing $ followed by a digit', () => {
    expect(inlineMath('between $a$1 and')).toEqual([])
  })

  it('keeps $$…$$ inside a paragraph as math, and display math blocks', () => {
    expect(inlineMath('inline $$x^2$$ here')).toEqual(['x^2'])
    const { tree } = parseMarkdown('$$\nx = 1\n$$')
    expect(tree.children[0]?.type).toBe('math')
  })

  it('merges the reverted text with its neighbours (no two text nodes side by side)', () => {
    const { tree } = parseMarkdown('a $5 and $6 b')
    const paragraph = tree.children[0]
    expect(paragraph?.type === 'paragraph' && paragraph.children.map((c) => c.type)).toEqual(['text'])
  })
})
