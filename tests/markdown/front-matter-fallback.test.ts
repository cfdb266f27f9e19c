import { toString } from 'mdast-util-to-string'
import { describe, expect, it } from 'vitest'
import { parseMarkdownChunked } from '../../src/markdown/chunked/chunked.js'
import { notFrontMatter } from '../../src/markdown/syntax/front-matter-fallback.js'
import { parseMarkdown } from '../../src/markdown/parse.js'

describe('a leading --- block that is not a YAML mapping', () => {
  const cases: Record<string, { text: string; types: string[] }> = {
    'prose between two rules': { text: '---\n\naaa\n\n---\n', types: ['thematicBreak', 'paragraph', 'thematicBreak'] },
    'broken YAML': { text: '---\ntitle: [unclosed\n---\n\nBody\n', types: ['thematicBreak', 'heading', 'paragraph'] },
    'a YAML list': { text: '---\n- a\n- b\n---\n', types: ['thematicBreak', 'list', 'thematicBreak'] },
  }
  for (const [name, { text, types }] of Object.entries(cases)) {
    it(`${name} stays Markdown, with a note, in the whole and the chunked parse`, () => {
      for (const { tree, file } of [parseMarkdown(text), parseMarkdownChunked(text)]) {
        expect(tree.children.map((child) => child.type)).toEqual(types)
        expect(file.messages.map((m) => [m.ruleId, m.line])).toEqual([['front-matter-invalid', 1]])
      }
    })
  }

  it('keeps real front matter as metadata', () => {
    const { tree, file } = parseMarkdown('---\ntitle: Fine\n---\n\nBody\n')
    expect(tree.children.map((child) => child.type)).toEqual(['yaml', 'paragraph'])
    expect(toString(tree.children[1]!)).toBe('Body')
    expect(file.messages).toEqual([])
    expect(notFrontMatter('')).toBeUndefined()
    expect(notFrontMatter('a: 1')).toBeUndefined()
    expect(notFrontMatter('just text')).toMatch(/not a YAML mapping/)
  })
})
