/**
 * pandoc Markdown read by the shared parser: heading attributes, superscript and subscript,
 * page breaks — each as pandoc reads it, escapes respected, positions true.
 */
import type { Heading, Paragraph, PhrasingContent } from 'mdast'
import { describe, expect, it } from 'vitest'
import { parseMarkdown } from '../../src/markdown/parse.js'
import { headingSlugs } from '../../src/mdast/slugs.js'

const first = <T>(text: string) => parseMarkdown(text).tree.children[0] as T
const shape = (nodes: readonly PhrasingContent[]): unknown[] => nodes.map((node) => ('children' in node ? { [node.type]: shape(node.children as PhrasingContent[]) } : 'value' in node ? node.value : node.type))

describe('heading attributes', () => {
  it('takes {#id .class key=val} and {-} off ATX and setext headings', () => {
    const atx = first<Heading>('# Intro {#sec:intro .big lang=en}\n')
    expect(atx.data?.attributes).toEqual({ id: 'sec:intro', classes: ['big'], pairs: [['lang', 'en']] })
    expect(shape(atx.children)).toEqual(['Intro'])
    expect(atx.children[0]!.position?.end).toEqual({ line: 1, column: 8, offset: 7 })
    expect(first<Heading>('Setext {-}\n======\n').data?.attributes).toEqual({ classes: ['unnumbered'], pairs: [] })
    expect(first<Heading>('# *Emphasis* then {#e}\n').data?.attributes?.id).toBe('e')
  })

  it('gives the heading its id as its slug', () => {
    const tree = parseMarkdown('# Intro {#start}\n\n# Intro\n').tree
    expect([...headingSlugs(tree).values()]).toEqual(['start', 'intro'])
  })

  it('leaves braces that are text: escaped, not at the end, or not attributes', () => {
    for (const text of ['# Set \\{#x}\n', '# {#x} first\n', '# Code {x}\n', '# Empty {}\n']) {
      expect(first<Heading>(text).data?.attributes, text).toBeUndefined()
    }
  })
})

describe('superscript and subscript', () => {
  it('reads ^sup^ and ~sub~ without spaces, and keeps ~~strike~~', () => {
    const paragraph = first<Paragraph>('H~2~O, 2^10^, ~~gone~~, x^a\\ b^.\n')
    expect(shape(paragraph.children)).toEqual(['H', { subscript: ['2'] }, 'O, 2', { superscript: ['10'] }, ', ', { delete: ['gone'] }, ', x', { superscript: ['a\u00A0b'] }, '.'])
  })

  it('leaves escaped markers, spaces and empty pairs as text', () => {
    // An escaped backslash before them does not hide their own escapes.
    for (const text of ['a\\^b^\n', 'H\\~2~O\n', 'a ^b c^ d\n', '~ x ~\n', '^^\n', '`^code^`\n', '\\[\\^1]\\^\\\\newpage\n', '\\\\\\~x\\~\n']) {
      const paragraph = first<Paragraph>(text)
      expect(paragraph.children.some((node) => node.type === 'superscript' || node.type === 'subscript'), text).toBe(false)
    }
  })

  it('keeps positions true', () => {
    const paragraph = first<Paragraph>('Line\nH~2~O\n')
    expect(paragraph.children[1]!.position).toEqual({ start: { line: 2, column: 2, offset: 6 }, end: { line: 2, column: 5, offset: 9 } })
  })
})

describe('page breaks', () => {
  it('reads \\newpage, \\pagebreak and a form feed alone in a paragraph', () => {
    const tree = parseMarkdown('a\n\n\\newpage\n\nb\n\n  \\pagebreak\n\n\f\n\n> \\newpage\n\n\\newpage and text\n').tree
    expect(tree.children.map((node) => node.type)).toEqual(['paragraph', 'pageBreak', 'paragraph', 'pageBreak', 'pageBreak', 'blockquote', 'paragraph'])
  })

  it('reads page-break CSS on HTML elements, before and after, not other styles', async () => {
    const { htmlPageBreaks } = await import('../../src/mdast/html-page-breaks.js')
    expect(htmlPageBreaks('page-break-before: always')).toEqual({ before: true, after: false })
    expect(htmlPageBreaks('color: red; PAGE-BREAK-AFTER:always')).toEqual({ before: false, after: true })
    expect(htmlPageBreaks('break-before: page; break-after: page')).toEqual({ before: true, after: true })
    expect(htmlPageBreaks('page-break-inside: avoid')).toEqual({ before: false, after: false })
    expect(htmlPageBreaks(undefined)).toEqual({ before: false, after: false })
  })

  it('draws an HTML page break in the preview as the marked rule \\newpage gets', async () => {
    const { toPreviewHast } = await import('../../src/markdown/preview-hast.js')
    const text = 'a\n\n<div style="page-break-before: always"></div>\n\nb\n'
    const html = JSON.stringify(toPreviewHast(parseMarkdown(text).tree, text))
    expect(html).toContain('"page-break"')
  })
})

describe('implicit heading references (preview)', () => {
  it('link [Heading text], [Heading text][] and [words][Heading text] to the heading; other brackets stay text', async () => {
    const { toPreviewHast } = await import('../../src/markdown/preview-hast.js')
    const text = '# Getting Started\n\n## Set-up {#setup}\n\nSee [getting started], [Set-up][] and [the set-up][set-up]; [nothing] stays.\n'
    const tree = toPreviewHast(parseMarkdown(text).tree, text)
    const links: Array<[string, string]> = []
    const visit = (node: { type: string; tagName?: string; properties?: Record<string, unknown>; children?: unknown[]; value?: string }) => {
      if (node.type === 'element' && node.tagName === 'a') links.push([String(node.properties?.href), (node.children as Array<{ value?: string }>).map((child) => child.value ?? '').join('')])
      for (const child of node.children ?? []) visit(child as never)
    }
    visit(tree as never)
    expect(links).toEqual([
      ['#getting-started', 'getting started'],
      ['#setup', 'Set-up'],
      ['#setup', 'the set-up'],
    ])
  })
})
