/**
 * `$$` fences as pandoc and pandoc-crossref write them (issue 12): a labelled closing fence
 * closes the block and labels it; an unclosed block never eats the document.
 */
import type { Paragraph } from 'mdast'
import type { InlineMath, Math } from 'mdast-util-math'
import { describe, expect, it } from 'vitest'
import { parseMarkdownChunked } from '../../src/markdown/chunked/chunked.js'
import { messagesOf } from '../../src/markdown/messages.js'
import { parseMarkdown } from '../../src/markdown/parse.js'

describe('display math fences', () => {
  it('closes at `$$ {#eq:label}` and puts the label on the formula', () => {
    const text = '$$\nE = mc^2\n$$ {#eq:energy}\n\nAfter.\n\n$$\nx\n$$\n'
    const { tree } = parseMarkdown(text)
    expect(tree.children.map((node) => node.type)).toEqual(['math', 'paragraph', 'math'])
    const math = tree.children[0] as Math
    expect(math.value).toBe('E = mc^2')
    expect(math.data?.attributes).toEqual({ id: 'eq:energy', classes: [], pairs: [] })
    expect(math.position?.end).toEqual({ line: 3, column: 16, offset: 27 })
    expect(tree.children[1]!.position?.start).toEqual({ line: 5, column: 1, offset: 29 })
    expect((tree.children[2] as Math).value).toBe('x')
    expect(parseMarkdownChunked(text).tree).toEqual(tree)
  })

  it('labels `$$ x $$ {#eq:label}` on one line', () => {
    const paragraph = parseMarkdown('$$ a+b $$ {#eq:sum}\n').tree.children[0] as Paragraph
    expect(paragraph.children).toHaveLength(1)
    expect((paragraph.children[0] as InlineMath).data?.attributes?.id).toBe('eq:sum')
  })

  it('ends an unclosed block at its first blank line or heading, with a message, and keeps what follows', () => {
    const text = 'Intro.\n\n$$\nx = 1\n\n## Next\n\nText that must survive.\n'
    const { tree, file } = parseMarkdown(text)
    expect(tree.children.map((node) => node.type)).toEqual(['paragraph', 'math', 'heading', 'paragraph'])
    expect((tree.children[1] as Math).value).toBe('x = 1')
    expect(messagesOf(file).map((m) => [m.ruleId, m.line])).toEqual([['math-unclosed', 3]])
    const heading = parseMarkdown('$$\nx\n# Heading\nmore\n').tree.children
    expect(heading.map((node) => node.type)).toEqual(['math', 'heading', 'paragraph'])
    expect(parseMarkdownChunked(text).tree).toEqual(tree)
  })

  it('leaves closed blocks and code alone', () => {
    const text = '$$\na\n\nb\n$$\n\n```\n$$\n```\n'
    const { tree, file } = parseMarkdown(text)
    expect(tree.children.map((node) => node.type)).toEqual(['math', 'code'])
    expect((tree.children[0] as Math).value).toBe('a\n\nb')
    expect(messagesOf(file)).toEqual([])
  })

  it('counts lines as the parser does: a lone CR or CRLF ends a line too', () => {
    // Found by the chunked differential: '\r' line endings put the nodes after a fixed block on wrong lines.
    for (const text of ['a\r\r$$\nb\n\nc\n', '> a\r\r$$\nb\n\nc', 'Intro.\r\n\r\n$$\r\nx = 1\r\n\r\nAfter.\r\n']) {
      const { tree } = parseMarkdown(text)
      const last = tree.children.at(-1)!
      expect(last.type, JSON.stringify(text)).toBe('paragraph')
      const lines = text.split(/\r\n|\r|\n/)
      expect(lines[last.position!.start.line - 1]!.slice(last.position!.start.column - 1), JSON.stringify(text)).toMatch(/^(c|After\.)/)
      expect(parseMarkdownChunked(text).tree, JSON.stringify(text)).toEqual(tree)
    }
  })
})
