import { describe, expect, it } from 'vitest'
import { readFrontMatter } from '../../src/mdast/front-matter.js'
import { messagesOf } from '../../src/markdown/messages.js'
import { parseMarkdown } from '../../src/markdown/parse.js'

const read = (markdown: string) => {
  const { tree, file } = parseMarkdown(markdown)
  return { metadata: readFrontMatter(tree, file), messages: messagesOf(file) }
}

describe('front matter', () => {
  it('may close with `...`, as in pandoc — the first `---` or `...` line closes it', () => {
    expect(read('---\ntitle: Dots\n...\n\nBody\n').metadata.title).toBe('Dots')
    expect(read('---\r\ntitle: CRLF\r\n...  \r\n\r\nBody\r\n').metadata.title).toBe('CRLF')
    // The `...` line is the fence: it is neither in the YAML nor in the text after it.
    const { tree } = parseMarkdown('---\ntitle: T\n...\n\n# Head\n')
    expect(tree.children.map((node) => node.type)).toEqual(['yaml', 'heading'])
    expect(tree.children[1]!.position?.start).toEqual({ line: 5, column: 1, offset: 18 })
    // A `---` that comes first closes it; a later `...` is text.
    const dashed = parseMarkdown('---\ntitle: T\n---\n\n...\n').tree
    expect(dashed.children.map((node) => node.type)).toEqual(['yaml', 'paragraph'])
    // `...` only closes what `---` opened at the very start.
    expect(parseMarkdown('Text\n\n---\na: 1\n...\n').tree.children.map((node) => node.type)).toEqual(['paragraph', 'thematicBreak', 'paragraph'])
  })

  it('reads title, subtitle, authors, date, abstract, keywords, lang and toc as pandoc does', () => {
    const { metadata } = read('---\ntitle: "A: title"\nsubtitle: Sub\nauthor:\n  - Ada\n  - name: Charles\ndate: 2024-10-01\nabstract: Short.\nkeywords: a, b\nlang: de-DE\ntoc: true\ntoc-depth: 2\n---\n\nBody')
    expect(metadata).toEqual({
      title: 'A: title',
      subtitle: 'Sub',
      authors: ['Ada', 'Charles'],
      date: '2024-10-01',
      abstract: 'Short.',
      keywords: ['a', 'b'],
      lang: 'de-DE',
      toc: true,
      extra: { 'toc-depth': 2 },
    })
  })

  it('accepts a single author string and a keyword list', () => {
    const { metadata } = read('---\nauthor: Solo\nkeywords: [x, y]\n---\n')
    expect(metadata.authors).toEqual(['Solo'])
    expect(metadata.keywords).toEqual(['x', 'y'])
  })

  it('ignores invalid YAML or a non-mapping with a message, and never throws', () => {
    const broken = read('---\ntitle: [unclosed\n---\n\ntext')
    expect(broken.metadata.title).toBeUndefined()
    expect(broken.messages.map((m) => [m.ruleId, m.line])).toEqual([['front-matter-invalid', 1]])
    const list = read('---\n- a\n- b\n---\n')
    expect(list.messages.map((m) => m.ruleId)).toEqual(['front-matter-invalid'])
  })

  it('survives alias bombs (bounded alias expansion)', () => {
    const bomb = '---\na: &a ["x","x","x","x","x","x","x","x","x"]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: [*d,*d,*d,*d,*d,*d,*d,*d,*d]\n---\n'
    expect(() => read(bomb)).not.toThrow()
  })

  it('only reads a leading block', () => {
    const { metadata } = read('Text first\n\n---\ntitle: Not front matter\n---\n')
    expect(metadata.title).toBeUndefined()
  })
})

describe('table of contents depth: one rule for preview and export', () => {
  const metadata = (toc: boolean | number | undefined, extra: Record<string, unknown> = {}) => ({ authors: [], keywords: [], extra, ...(toc === undefined ? {} : { toc }) })
  it('is off unless asked, 3 by default, toc-depth or a number, kept within 1…9', async () => {
    const { tocDepthOf } = await import('../../src/mdast/front-matter.js')
    expect(tocDepthOf(metadata(undefined))).toBeUndefined()
    expect(tocDepthOf(metadata(false))).toBeUndefined()
    expect(tocDepthOf(metadata(true))).toBe(3)
    expect(tocDepthOf(metadata(true, { 'toc-depth': 2 }))).toBe(2)
    expect(tocDepthOf(metadata(true, { 'toc-depth': '5' }))).toBe(5)
    expect(tocDepthOf(metadata(true, { 'toc-depth': 12 }))).toBe(9)
    expect(tocDepthOf(metadata(7))).toBe(7)
    expect(tocDepthOf(metadata(true), { depth: 4 })).toBe(4)
    expect(tocDepthOf(metadata(true), false)).toBeUndefined()
    expect(tocDepthOf(metadata(undefined), true)).toBe(3)
  })
})
