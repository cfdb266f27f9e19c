/**
 * CriticMarkup tracked changes in the parser (critic-items.ts, critic-spans.ts): inline
 * insertions, deletions and substitutions, changes across paragraphs and the paragraph marks
 * they move, unpaired markers, code, hostile input, the chunked parser and the preview.
 */
import type { Element, Root as HastRoot, RootContent as HastContent } from 'hast'
import type { Nodes } from 'mdast'
import { describe, expect, it } from 'vitest'
import { createChunkedParser } from '../../src/markdown/chunked/chunked.js'
import { messagesOf } from '../../src/markdown/messages.js'
import { parseMarkdown } from '../../src/markdown/parse.js'
import { toPreviewHast } from '../../src/markdown/preview-hast.js'
import { firstDifference, messageData } from './chunked-support.js'

/** The tree as types and text; changes as `+[…]` / `-[…]`, change blocks as `+{…}` / `-{…}`, marks as `¶+` / `¶-`. */
function outline(node: Nodes): unknown {
  if (node.type === 'text') return node.value
  if (node.type === 'inlineCode') return `\`${node.value}\``
  if (node.type === 'criticInsertion') return { '+': node.children.map(outline) }
  if (node.type === 'criticDeletion') return { '-': node.children.map(outline) }
  if (node.type === 'criticChangeBlock') return { [node.change === 'insertion' ? '+{}' : '-{}']: node.children.map(outline) }
  if (node.type === 'paragraph' || node.type === 'heading') {
    const mark = node.data?.criticMark === 'insertion' ? '¶+' : node.data?.criticMark === 'deletion' ? '¶-' : ''
    return { [`${node.type}${mark}`]: node.children.map(outline) }
  }
  if ('children' in node) return { [node.type]: node.children.map((child) => outline(child as Nodes)) }
  return node.type
}
const parse = (text: string) => (outline(parseMarkdown(text).tree) as { root: unknown[] }).root

/** The sanitised preview as compact HTML (data-line left out). */
function preview(text: string): string {
  const hast = toPreviewHast(parseMarkdown(text).tree, text)
  const out = (node: HastRoot | HastContent): string => {
    if (node.type === 'text') return node.value
    if (node.type === 'element') {
      const element: Element = node
      const className = (element.properties.className as string[] | undefined)?.join(' ')
      return `<${element.tagName}${className ? ` class="${className}"` : ''}>${element.children.map(out).join('')}</${element.tagName}>`
    }
    if (node.type === 'root') return node.children.map(out).join('')
    return ''
  }
  return out(hast).replace(/\n/g, '')
}

describe('inline changes', () => {
  it('make insertions, deletions and substitutions (a deletion then an insertion)', () => {
    expect(parse('a {++new++} b {--old--} c {~~was~>is~~} d\n')).toEqual([{ paragraph: ['a ', { '+': ['new'] }, ' b ', { '-': ['old'] }, ' c ', { '-': ['was'] }, { '+': ['is'] }, ' d'] }])
  })

  it('hold emphasis, links and code, and comments inside', () => {
    expect(parse('{++*em* [link](https://x.y) `c`++} {--**b**--} {++new{>>why<<}++}\n')).toEqual([
      { paragraph: [{ '+': [{ emphasis: ['em'] }, ' ', { link: ['link'] }, ' ', '`c`'] }, ' ', { '-': [{ strong: ['b'] }] }, ' ', { '+': ['new', { criticComment: ['why'] }] }] },
    ])
  })

  it('read a substitution GFM takes for strikethrough between braces', () => {
    // `~~old~>new~~` is strikethrough to GFM; the braces around it make it CriticMarkup.
    expect(parse('x {~~old~>new~~} y\n')).toEqual([{ paragraph: ['x ', { '-': ['old'] }, { '+': ['new'] }, ' y'] }])
    expect(parse('x {~~*old*~>new~~}\n')).toEqual([{ paragraph: ['x ', { '-': [{ emphasis: ['old'] }] }, { '+': ['new'] }] }])
    // No `~>`: strikethrough it stays.
    expect(parse('x {~~old~~} y\n')).toEqual([{ paragraph: ['x {', { delete: ['old'] }, '} y'] }])
  })

  it('give each change its place in the source', () => {
    const paragraph = parseMarkdown('ab {++cd++} {~~e~>f~~}\n').tree.children[0] as { children: Nodes[] }
    expect(paragraph.children[1]!.position).toEqual({ start: { line: 1, column: 4, offset: 3 }, end: { line: 1, column: 12, offset: 11 } })
    expect(paragraph.children[3]!.position).toEqual({ start: { line: 1, column: 13, offset: 12 }, end: { line: 1, column: 17, offset: 16 } })
    expect(paragraph.children[4]!.position).toEqual({ start: { line: 1, column: 17, offset: 16 }, end: { line: 1, column: 23, offset: 22 } })
  })

  it('work in headings, table cells, list items and quotes', () => {
    expect(parse('# T {++x++}\n\n| a {--b--} |\n|---|\n\n- i {++j++}\n\n> q {--r--}\n')).toEqual([
      { heading: ['T ', { '+': ['x'] }] },
      { table: [{ tableRow: [{ tableCell: ['a ', { '-': ['b'] }] }] }] },
      { list: [{ listItem: [{ paragraph: ['i ', { '+': ['j'] }] }] }] },
      { blockquote: [{ paragraph: ['q ', { '-': ['r'] }] }] },
    ])
  })

  it('leave markers inside code alone', () => {
    expect(parse('`{++x++}` and\n\n```\n{--y--}\n```\n\n    {~~a~>b~~}\n')).toEqual([{ paragraph: ['`{++x++}`', ' and'] }, 'code', 'code'])
    expect(messagesOf(parseMarkdown('`{++x` and `++}`\n').file)).toEqual([])
  })

  it('keep an unpaired marker as text, with a message where it stands', () => {
    const { tree, file } = parseMarkdown('a {++ b\n\nno closer ~> here\n')
    expect((outline(tree) as { root: unknown[] }).root).toEqual([{ paragraph: ['a {++ b'] }, { paragraph: ['no closer ~> here'] }])
    expect(messagesOf(file)).toMatchObject([{ ruleId: 'critic-unpaired', line: 1, column: 3, endLine: 1, endColumn: 6 }])
  })
})

describe('changes across paragraphs', () => {
  it('pair an opener left open in a paragraph with a closer in a later one of the same container', () => {
    expect(parse('A{++x\n\nM\n\ny++}B\n')).toEqual([{ 'paragraph¶+': ['A', { '+': ['x'] }] }, { '+{}': [{ paragraph: ['M'] }] }, { paragraph: [{ '+': ['y'] }, 'B'] }])
    expect(parse('A{--x\n\ny--}B\n')).toEqual([{ 'paragraph¶-': ['A', { '-': ['x'] }] }, { paragraph: [{ '-': ['y'] }, 'B'] }])
  })

  it('take lines holding only a marker as fences around whole blocks, which go', () => {
    expect(parse('X\n\n{++\n\n- a\n- b\n\n++}\n\nY\n')).toEqual([{ paragraph: ['X'] }, { '+{}': [{ list: [{ listItem: [{ paragraph: ['a'] }] }, { listItem: [{ paragraph: ['b'] }] }] }] }, { paragraph: ['Y'] }])
    expect(parse('{--\n\n# Gone\n\n```\ncode\n```\n\n--}\n')).toEqual([{ '-{}': [{ heading: ['Gone'] }, 'code'] }])
  })

  it('insert or delete a paragraph break, the joining space a change of the other kind', () => {
    expect(parse('One.{++\n\n++} Two.\n')).toEqual([{ 'paragraph¶+': ['One.'] }, { paragraph: [{ '-': [' '] }, 'Two.'] }])
    expect(parse('One {--\n\n--}two.\n')).toEqual([{ 'paragraph¶-': ['One', { '+': [' '] }] }, { paragraph: ['two.'] }])
  })

  it('mark the break of a paragraph that is all inserted or all deleted', () => {
    expect(parse('X\n\n{++New.++}\n\n{--Old.--}\n')).toEqual([{ paragraph: ['X'] }, { 'paragraph¶+': [{ '+': ['New.'] }] }, { 'paragraph¶-': [{ '-': ['Old.'] }] }])
  })

  it('work out marks from the old and the new text (a fence after the text keeps the break)', () => {
    // Old: A ¶ X; new: A ¶ M ¶ X — A's break is in both.
    expect(parse('A{++\n\nM\n\n++}\n\nX\n')).toEqual([{ paragraph: ['A'] }, { '+{}': [{ paragraph: ['M'] }] }, { paragraph: ['X'] }])
    // A substitution of whole paragraphs, its `~>` alone on a line.
    expect(parse('X\n\n{~~A\n\n~>\n\nB~~}\n\nY\n')).toEqual([{ paragraph: ['X'] }, { 'paragraph¶-': [{ '-': ['A'] }] }, { 'paragraph¶+': [{ '+': ['B'] }] }, { paragraph: ['Y'] }])
    // pymdown's examples: a break replaced by spaces, and spaces by a break.
    expect(parse('added.{~~\n\n~>  ~~}Next.\n')).toEqual([{ 'paragraph¶-': ['added.'] }, { paragraph: [{ '+': ['  '] }, 'Next.'] }])
    expect(parse('spaces.{~~  ~>\n\n~~}Next.\n')).toEqual([{ 'paragraph¶+': ['spaces.', { '-': ['  '] }] }, { paragraph: ['Next.'] }])
  })

  it('stay within their container: a marker whose partner is in another stays text, with a message', () => {
    const { tree, file } = parseMarkdown('a {++ b\n\n- item ++} c\n')
    expect((outline(tree) as { root: unknown[] }).root).toEqual([{ paragraph: ['a {++ b'] }, { list: [{ listItem: [{ paragraph: ['item ++} c'] }] }] }])
    expect(messagesOf(file)).toMatchObject([
      { ruleId: 'critic-unpaired', line: 1, column: 3, severity: 'warning' },
      { ruleId: 'critic-unpaired', line: 3, column: 8 },
    ])
    // Inside one list item they pair.
    expect(parse('- a {--b\n\n  c--} d\n')).toEqual([{ list: [{ listItem: [{ 'paragraph¶-': ['a ', { '-': ['b'] }] }, { paragraph: [{ '-': ['c'] }, ' d'] }] }] }])
  })

  it('report unpaired change markers once per run of text, and comment markers not at all', () => {
    const { file } = parseMarkdown('x {++ y ++} z ++} and --} and {== w\n')
    expect(messagesOf(file).map((m) => [m.ruleId, m.column, m.reason.includes('1 more')])).toEqual([['critic-unpaired', 15, true]])
  })
})

describe('hostile input', () => {
  it('keeps thousands of unpaired markers as text (one pass, one message per paragraph)', () => {
    const text = 'a {++ b {~~ c ~> '.repeat(5000)
    const { tree, file } = parseMarkdown(text)
    expect(tree.children).toHaveLength(1)
    expect(messagesOf(file)).toHaveLength(1)
  })

  it('pairs thousands of changes and paragraph spans', () => {
    const inline = parseMarkdown('{++x++}{--y--}{~~a~>b~~} '.repeat(3000)).tree.children[0] as { children: Nodes[] }
    expect(inline.children.filter((node) => node.type === 'criticInsertion')).toHaveLength(6000)
    // Past the delimiter limit the tildes leave micromark's syntax (guard.ts): the same changes.
    const one = parse('x {~~a `b`~>c~~} ')[0] as { paragraph: unknown[] }
    const many = parse('x {~~a `b`~>c~~} '.repeat(3000))[0] as { paragraph: unknown[] }
    expect(one.paragraph).toEqual(['x ', { '-': ['a ', '`b`'] }, { '+': ['c'] }])
    expect(many.paragraph.slice(0, 6)).toEqual(['x ', { '-': ['a ', '`b`'] }, { '+': ['c'] }, ' x ', { '-': ['a ', '`b`'] }, { '+': ['c'] }])
    expect(many.paragraph.filter((node) => typeof node === 'object')).toHaveLength(6000)
    const spans = parseMarkdown('a {++\n\nb\n\nc ++}\n\n'.repeat(2000)).tree
    expect(spans.children.filter((node) => node.type === 'criticChangeBlock')).toHaveLength(2000)
  })
})

describe('the chunked parser', () => {
  it('parses changes across chunk boundaries as the whole parse does', () => {
    const filler = Array.from({ length: 40 }, (_, index) => `Paragraph ${index} with some words in it to make a chunk.`).join('\n\n')
    const text = `${filler}\n\nStart{++\n\n${filler}\n\n++} end.\n\n{--\n\n- a\n- b\n\n${filler}\n\n--}\n\nUnpaired {++ here.\n\n${filler}\n`
    const whole = parseMarkdown(text)
    for (const options of [{ minChunk: 0, every: 1, maxChunk: 0 }, {}]) {
      const chunked = createChunkedParser(options).parse(text)
      expect(firstDifference(chunked.tree, whole.tree)).toBeUndefined()
      expect(firstDifference(messageData(chunked.file), messageData(whole.file), 'messages')).toBeUndefined()
    }
  })
})

describe('the preview', () => {
  it('renders changes as ins and del, whole blocks inside one, and marks on their paragraphs', () => {
    expect(preview('a {++b++} {~~c~>d~~}\n')).toBe('<p>a <ins class="critic-insertion">b</ins> <del class="critic-deletion">c</del><ins class="critic-insertion">d</ins></p>')
    expect(preview('A{++\n\n- x\n\n++} B\n')).toBe(
      '<p class="critic-mark-insertion">A</p><ins class="critic-insertion critic-block"><ul><li>x</li></ul></ins><p><del class="critic-deletion"> </del>B</p>',
    )
    expect(preview('# H {--x--}\n\n{--Gone.--}\n')).toBe('<h1>H <del class="critic-deletion">x</del></h1><p class="critic-mark-deletion"><del class="critic-deletion">Gone.</del></p>')
  })

  it('renders a paragraph again when the other end of its change is written', async () => {
    const { PreviewCache, layoutPreview } = await import('../../src/markdown/preview-hast.js')
    const cache = new PreviewCache()
    const before = 'A{++\n\nB\n'
    const after = 'A{++\n\nB++}\n'
    const first = layoutPreview(parseMarkdown(before).tree, before, cache).blocks[0]!
    const second = layoutPreview(parseMarkdown(after).tree, after, cache).blocks[0]!
    expect(second.key).not.toBe(first.key)
  })
})

