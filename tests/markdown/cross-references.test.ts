/**
 * pandoc-crossref's reference syntax read into crossReference nodes (markdown/syntax/cross-references.ts),
 * and table labels read onto their captions.
 */
import type { Nodes, Paragraph, Root } from 'mdast'
import { describe, expect, it } from 'vitest'
import { parseMarkdown } from '../../src/markdown/parse.js'
import type { CrossReference, TableCaption } from '../../src/mdast/nodes.js'

const paragraphOf = (text: string) => parseMarkdown(text).tree.children[0] as Paragraph

/** The paragraph's children as `text` strings and `{…}` for references (their items' labels and flags). */
function pieces(text: string): string[] {
  return paragraphOf(text).children.map((child) => {
    if (child.type === 'text') return child.value
    if (child.type !== 'crossReference') return `<${child.type}>`
    return `{${child.items.map((item) => `${item.suppressed ? '-' : ''}${item.prefix ? `${item.prefix} ` : ''}${item.capitalized ? '^' : ''}${item.label}${item.suffix ? `|${item.suffix}` : ''}`).join(';')}}`
  })
}

function references(tree: Root): CrossReference[] {
  const found: CrossReference[] = []
  const visit = (node: Nodes) => {
    if (node.type === 'crossReference') found.push(node)
    if ('children' in node) for (const child of node.children) visit(child as Nodes)
  }
  visit(tree)
  return found
}

describe('cross-reference syntax', () => {
  it('reads @label in running text, with pandoc’s key rule (trailing punctuation is not part of the key)', () => {
    expect(pieces('See @fig:plot, then @tbl:data. And @eq:one; @sec:intro!')).toEqual(['See ', '{fig:plot}', ', then ', '{tbl:data}', '. And ', '{eq:one}', '; ', '{sec:intro}', '!'])
    expect(pieces('Code in @lst:main-loop.')).toEqual(['Code in ', '{lst:main-loop}', '.'])
  })

  it('reads bracketed groups, suppressed prefixes, custom prefixes, suffixes and capitals', () => {
    expect(pieces('[@fig:a; @fig:b] and [-@fig:c] and [Figure @fig:d] and @Fig:e and [@fig:f a]')).toEqual([
      '{fig:a;fig:b}',
      ' and ',
      '{-fig:c}',
      ' and ',
      '{Figure fig:d}',
      ' and ',
      '{^fig:e}',
      ' and ',
      '{fig:f| a}',
    ])
    expect(pieces('@{fig:curly}')).toEqual(['{fig:curly}'])
  })

  it('keeps the text as written in the node (so slugs and plain text do not change)', () => {
    const [, reference] = paragraphOf('x [@fig:a;  @tbl:b] y').children as [unknown, CrossReference]
    expect(reference.value).toBe('[@fig:a;  @tbl:b]')
    expect(reference.items.map((item) => item.kind)).toEqual(['fig', 'tbl'])
  })

  it('leaves other keys, e-mail-like text, escaped @ and mixed brackets to citations and text', () => {
    // Citation keys are citations' (syntax/citations.ts): never cross-references.
    expect(pieces('[@smith2020] and @doe and me@fig:x and \\@fig:y')).toEqual(['<citation>', ' and ', '<citation>', ' and me@fig:x and @fig:y'])
    expect(pieces('[@fig:a; @smith2020]')).toEqual(['[', '{fig:a}', '; @smith2020]'])
    // Not pandoc-crossref prefixes: citation keys (`figure:x`, `fig` before a colon) or text.
    expect(pieces('@figure:x and @fig: and @FIG:x')).toEqual(['<citation>', ' and ', '<citation>', ': and @FIG:x'])
  })

  it('leaves link text alone, and reads references inside emphasis and headings', () => {
    const tree = parseMarkdown('# About @sec:a\n\n*see @fig:b* and [go @fig:c](#x)\n').tree
    expect(references(tree).map((node) => node.items[0]!.label)).toEqual(['sec:a', 'fig:b'])
  })

  it('gives each reference its exact position', () => {
    const paragraph = paragraphOf('ab\ncd @fig:x ef')
    const reference = paragraph.children[1] as CrossReference
    expect(reference.position).toEqual({ start: { line: 2, column: 4, offset: 6 }, end: { line: 2, column: 10, offset: 12 } })
    expect(paragraph.children[2]!.position?.start.offset).toBe(12)
  })

  it('takes a table caption’s {#tbl:x} off its text onto the caption', () => {
    const tree = parseMarkdown('| a |\n|---|\n| 1 |\n\nTable: Sales by quarter {#tbl:sales}\n').tree
    const caption = tree.children[0] as TableCaption
    expect(caption.type).toBe('tableCaption')
    expect(caption.data?.attributes?.id).toBe('tbl:sales')
    expect(caption.children).toMatchObject([{ type: 'text', value: 'Sales by quarter' }])
    const colon = parseMarkdown('| a |\n|---|\n| 1 |\n\n: Costs {#tbl:costs}\n').tree.children[0] as TableCaption
    expect(colon.data?.attributes?.id).toBe('tbl:costs')
    // Other ids stay text, as in pandoc; so does an escaped brace.
    const other = parseMarkdown('| a |\n|---|\n| 1 |\n\nTable: Costs {#costs}\n').tree.children[0] as TableCaption
    expect(other.data?.attributes).toBeUndefined()
    expect(other.children).toMatchObject([{ type: 'text', value: 'Costs {#costs}' }])
  })

  it('reads long hostile lines (each character looked at a bounded number of times)', () => {
    const text = `${'[@fig:a '.repeat(20_000)}${'@'.repeat(50_000)}${'@{fig:'.repeat(20_000)}${'x@fig:y '.repeat(20_000)}`
    // Only the bare `@fig:a`s of the unclosed brackets are references.
    expect(references(parseMarkdown(text).tree)).toHaveLength(20_000)
    const many = parseMarkdown('@fig:a '.repeat(20_000)).tree
    expect(references(many)).toHaveLength(20_000)
  })
})
