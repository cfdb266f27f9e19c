/**
 * pandoc's fenced divs and bracketed spans, read by the shared parser.
 */
import type { Nodes, Paragraph, PhrasingContent, Root } from 'mdast'
import { describe, expect, it } from 'vitest'
import { fenceOf } from '../../src/markdown/syntax/fenced-divs.js'
import { messagesOf } from '../../src/markdown/messages.js'
import { parseMarkdown } from '../../src/markdown/parse.js'

/** The tree as types, divs with their classes, text as its value. */
function outline(node: Nodes): unknown {
  if (node.type === 'text') return node.value
  if (node.type === 'fencedDiv') return { div: node.data?.attributes?.classes.join(' ') ?? '', children: node.children.map(outline) }
  if ('children' in node) return { [node.type]: node.children.map((child) => outline(child as Nodes)) }
  return node.type
}
const parse = (text: string) => (outline(parseMarkdown(text).tree) as { root: unknown[] }).root

describe('fenceOf', () => {
  it('knows opening fences (attributes or one word, trailing colons) from closing ones', () => {
    expect(fenceOf('::: warning')).toEqual({ kind: 'open', attributes: { classes: ['warning'], pairs: [] } })
    expect(fenceOf('::::: {#id .a key="v w"} :::')).toEqual({ kind: 'open', attributes: { id: 'id', classes: ['a'], pairs: [['key', 'v w']] } })
    expect(fenceOf('  :::  ')).toEqual({ kind: 'close' })
    for (const line of [':: note', '::: two words', '::: {}', 'text ::: note', '::: {#id']) expect(fenceOf(line), line).toBeUndefined()
  })
})

describe('fenced divs', () => {
  it('group the blocks between their fences, nested, with fences of any length', () => {
    expect(parse('::: outer\nA\n\n::: inner\nB\n:::\n\nC\n:::\n')).toEqual([{ div: 'outer', children: [{ paragraph: ['A'] }, { div: 'inner', children: [{ paragraph: ['B'] }] }, { paragraph: ['C'] }] }])
    expect(parse(':::: {.a}\n::: {.b}\nx\n:::\n::::\n')).toEqual([{ div: 'a', children: [{ div: 'b', children: [{ paragraph: ['x'] }] }] }])
  })

  it('split fence lines off the paragraphs around them, positions kept', () => {
    const { tree } = parseMarkdown('Before\n::: note\nInside\n:::\nAfter\n')
    expect((outline(tree) as { root: unknown[] }).root).toEqual([{ paragraph: ['Before'] }, { div: 'note', children: [{ paragraph: ['Inside'] }] }, { paragraph: ['After'] }])
    const inside = (tree.children[1] as { children: Paragraph[] }).children[0]!
    expect(inside.position).toEqual({ start: { line: 3, column: 1, offset: 16 }, end: { line: 3, column: 7, offset: 22 } })
    expect(tree.children[1]!.position).toEqual({ start: { line: 2, column: 1, offset: 7 }, end: { line: 4, column: 4, offset: 26 } })
  })

  it('work inside lists and quotes, and hold lists, code and tables', () => {
    expect(parse('- item\n\n  ::: note\n  text\n  :::\n')).toEqual([{ list: [{ listItem: [{ paragraph: ['item'] }, { div: 'note', children: [{ paragraph: ['text'] }] }] }] }])
    expect(parse('::: box\n- a\n- b\n\n```\n:::\n```\n\n| x |\n|---|\n| 1 |\n:::\n')).toEqual([
      { div: 'box', children: [{ list: [{ listItem: [{ paragraph: ['a'] }] }, { listItem: [{ paragraph: ['b'] }] }] }, 'code', { table: [{ tableRow: [{ tableCell: ['x'] }] }, { tableRow: [{ tableCell: ['1'] }] }] }] },
    ])
  })

  it('never let an unclosed fence take the document: it stays text, with a message; a stray closing fence stays text', () => {
    const { tree, file } = parseMarkdown('::: open\nText\n\n# Heading\n\n:::\n\n:::\n')
    expect((outline(tree) as { root: unknown[] }).root).toEqual([{ div: 'open', children: [{ paragraph: ['Text'] }, { heading: ['Heading'] }] }, { paragraph: [':::'] }])
    const unclosed = parseMarkdown('Intro\n\n::: note\nText\n\n# Heading\n')
    expect((outline(unclosed.tree) as { root: unknown[] }).root).toEqual([{ paragraph: ['Intro'] }, { paragraph: ['::: note\nText'] }, { heading: ['Heading'] }])
    expect(messagesOf(unclosed.file)).toMatchObject([{ ruleId: 'div-unclosed', line: 3, column: 1 }])
    expect(messagesOf(file)).toEqual([])
  })

  it('place the unclosed-fence message even where an entity keeps the text from mapping to its source', () => {
    // `&amp;` decodes to `&`, so the fence line cannot be cut with its own position: the message
    // falls back to the paragraph's (a placeless message would sort differently chunk by chunk).
    const { file } = parseMarkdown('Intro\n\n::: note\n[^x y]: &amp; alpha\n\nalpha')
    expect(messagesOf(file)).toMatchObject([{ ruleId: 'div-unclosed', line: 3, column: 1 }])
  })

  it('make callouts of callout classes, with a title', () => {
    const tree = parseMarkdown('::: warning\nx\n:::\n\n::: {.callout-tip title="Try this"}\ny\n:::\n\n::: example\nz\n:::\n').tree as Root
    expect(tree.children.map((node) => (node.data as { callout?: unknown } | undefined)?.callout)).toEqual([{ kind: 'warning', type: 'warning', title: 'Warning' }, { kind: 'tip', type: 'tip', title: 'Try this' }, undefined])
  })
})

describe('bracketed spans', () => {
  const spans = (text: string) => {
    const paragraph = parseMarkdown(text).tree.children[0] as Paragraph
    const shape = (nodes: readonly PhrasingContent[]): unknown[] => nodes.map((node) => (node.type === 'bracketedSpan' ? { span: node.data?.attributes, children: shape(node.children) } : 'children' in node ? { [node.type]: shape(node.children as PhrasingContent[]) } : 'value' in node ? node.value : node.type))
    return shape(paragraph.children)
  }

  it('read [text]{attributes} around any inline content, nested brackets balanced', () => {
    expect(spans('A [*b* c]{.smallcaps #s} d')).toEqual(['A ', { span: { id: 's', classes: ['smallcaps'], pairs: [] }, children: [{ emphasis: ['b'] }, ' c'] }, ' d'])
    expect(spans('[a [b] c]{.mark}')).toEqual([{ span: { classes: ['mark'], pairs: [] }, children: ['a [b] c'] }])
  })

  it('leave brackets without attributes, escaped ones and citations as text', () => {
    expect(spans('[plain] \\[x]{.a} [a]{ .c')).toEqual(['[plain] [x]{.a} [a]{ .c'])
    // With citations read, `[@key]{.b}` is a span around the author-in-text citation `@key`, as pandoc reads it.
    expect(spans('[@key]{.b}')).toEqual([{ span: { classes: ['b'], pairs: [] }, children: [{ citation: ['@key'] }] }])
  })
})

describe('fences the parser took into the block above', () => {
  it('take back a closing fence read as a table’s last row or a list’s lazy line', () => {
    expect(parse('::: box\n| x |\n|---|\n:::\n')).toEqual([{ div: 'box', children: [{ table: [{ tableRow: [{ tableCell: ['x'] }] }] }] }])
    expect(parse('::: box\n- a\n- b\n:::\n')).toEqual([{ div: 'box', children: [{ list: [{ listItem: [{ paragraph: ['a'] }] }, { listItem: [{ paragraph: ['b'] }] }] }] }])
    expect(parse('::: box\n> quoted\n:::\n')).toEqual([{ div: 'box', children: [{ blockquote: [{ paragraph: ['quoted'] }] }] }])
    // Indented into the item, it is the item's own line (and stays there).
    expect(parse('- a\n  :::\n')).toEqual([{ list: [{ listItem: [{ paragraph: ['a\n:::'] }] }] }])
  })
})
