/**
 * The parser additions of issue 4: definition lists, pandoc table captions and CriticMarkup
 * comments — their mdast, and how mdast-util-to-hast renders them for the preview.
 */
import type { Root as HastRoot } from 'hast'
import type { Nodes, Parent, Root } from 'mdast'
import { toHast } from 'mdast-util-to-hast'
import { toString } from 'mdast-util-to-string'
import { describe, expect, it } from 'vitest'
import { parseMarkdown } from '../../../src/markdown/parse.js'

const parse = (markdown: string): Root => parseMarkdown(markdown).tree

function types(node: Nodes): string[] {
  return [node.type, ...('children' in node ? (node as Parent).children.flatMap((child) => types(child as Nodes)) : [])]
}

function html(tree: Root): string {
  const hast = toHast(tree) as HastRoot
  const out = (node: HastRoot | HastRoot['children'][number]): string => {
    if (node.type === 'text') return node.value
    if (node.type === 'element') {
      const className = (node.properties.className as string[] | undefined)?.join(' ')
      return `<${node.tagName}${className ? ` class="${className}"` : ''}>${node.children.map(out).join('')}</${node.tagName}>`
    }
    if (node.type === 'root') return node.children.map(out).join('')
    return ''
  }
  return out(hast).replace(/\n/g, '')
}

describe('definition lists', () => {
  it('parses Term / : definition into defList nodes that render as dl/dt/dd', () => {
    const tree = parse('Apple\n: A fruit.\n\nBanana\n: Another *fruit*.\n')
    expect(tree.children[0]?.type).toBe('defList')
    expect(types(tree)).toEqual(expect.arrayContaining(['defListTerm', 'defListDescription']))
    expect(html(tree)).toBe('<dl><dt>Apple</dt><dd><p>A fruit.</p></dd><dt>Banana</dt><dd><p>Another <em>fruit</em>.</p></dd></dl>')
  })

  it('leaves a colon line that follows no term alone', () => {
    expect(parse(': not a definition\n').children[0]?.type).toBe('paragraph')
  })
})

describe('table captions', () => {
  const table = '| a | b |\n|---|---|\n| 1 | 2 |\n'

  it('takes a `Table:` paragraph before the table', () => {
    const tree = parse(`Table: Before\n${table}`)
    expect(tree.children.map((c) => c.type)).toEqual(['tableCaption', 'table'])
    expect(toString(tree.children[0])).toBe('Before')
  })

  it('takes a `:` paragraph after the table and moves it before', () => {
    const tree = parse(`${table}\n: After *it*\n`)
    expect(tree.children.map((c) => c.type)).toEqual(['tableCaption', 'table'])
    expect(toString(tree.children[0])).toBe('After it')
  })

  it('takes back a caption line GFM read as the last row', () => {
    const tree = parse(`${table}Table: Lazy caption\n`)
    expect(tree.children.map((c) => c.type)).toEqual(['tableCaption', 'table'])
    const parsedTable = tree.children[1]
    expect(parsedTable?.type === 'table' && parsedTable.children.length).toBe(2)
  })

  it('keeps a real one-cell last row that has pipes', () => {
    const tree = parse(`${table}| Table: not a caption |\n`)
    expect(tree.children.map((c) => c.type)).toEqual(['table'])
  })

  it('leaves `Table:` paragraphs that stand by no table', () => {
    expect(parse('Table: alone\n\nText\n').children.map((c) => c.type)).toEqual(['paragraph', 'paragraph'])
  })

  it('renders as a p.table-caption in the preview', () => {
    expect(html(parse(`Table: Cap\n${table}`))).toMatch(/^<p class="table-caption">Cap<\/p><table>/)
  })
})

describe('CriticMarkup comments', () => {
  it('makes a highlight followed by its comment', () => {
    const tree = parse('See {==this *bold* claim==}{>>Source?<<} now.\n')
    const paragraph = tree.children[0] as Parent
    expect(paragraph.children.map((c) => c.type)).toEqual(['text', 'criticHighlight', 'criticComment', 'text'])
    expect(toString(paragraph.children[1])).toBe('this bold claim')
    expect(toString(paragraph.children[2])).toBe('Source?')
    expect(html(tree)).toBe('<p>See <mark class="critic-highlight">this <em>bold</em> claim</mark><span class="critic-comment">Source?</span> now.</p>')
  })

  it('makes a lone comment', () => {
    const paragraph = parse('Text{>>note<<}.\n').children[0] as Parent
    expect(paragraph.children.map((c) => c.type)).toEqual(['text', 'criticComment', 'text'])
  })

  it('leaves unpaired markers and code alone', () => {
    const tree = parse('a {== b and `{>>x<<}` and <<} c\n')
    expect(types(tree)).not.toContain('criticHighlight')
    expect(types(tree)).not.toContain('criticComment')
    expect(toString(tree)).toBe('a {== b and {>>x<<} and <<} c')
  })

  it('works inside headings, tables and list items', () => {
    const tree = parse('# H {>>c1<<}\n\n- item {==x==}{>>c2<<}\n\n| a {>>c3<<} |\n|---|\n')
    expect(types(tree).filter((t) => t === 'criticComment')).toHaveLength(3)
  })
})
