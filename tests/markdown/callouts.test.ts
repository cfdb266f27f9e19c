/**
 * Callouts: GitHub's alerts and Obsidian's callouts become block quotes with `data.callout`,
 * the marker line taken out of the text (positions kept true), anything else stays a quote.
 */
import type { Blockquote, Paragraph, Text } from 'mdast'
import { describe, expect, it } from 'vitest'
import { calloutKind } from '../../src/markdown/syntax/callouts.js'
import { parseMarkdown } from '../../src/markdown/parse.js'
import { toPreviewHast } from '../../src/markdown/preview-hast.js'
import type { Element } from 'hast'
import { toText } from 'hast-util-to-text'

const quoteOf = (text: string) => parseMarkdown(text).tree.children[0] as Blockquote

describe('callouts', () => {
  it('reads GitHub’s five alerts, any case, the marker alone on its line', () => {
    for (const [marker, kind, title] of [
      ['NOTE', 'note', 'Note'],
      ['tip', 'tip', 'Tip'],
      ['Important', 'important', 'Important'],
      ['WARNING', 'warning', 'Warning'],
      ['CAUTION', 'caution', 'Caution'],
    ] as const) {
      const quote = quoteOf(`> [!${marker}]\n> Body text.\n`)
      expect(quote.data?.callout).toEqual({ kind, title, type: kind })
      const paragraph = quote.children[0] as Paragraph
      expect((paragraph.children[0] as Text).value).toBe('Body text.')
    }
  })

  it('keeps the text’s position true after the marker line', () => {
    const quote = parseMarkdown('Intro\n\n> [!NOTE]\n> Body text.\n').tree.children[1] as Blockquote
    const text = (quote.children[0] as Paragraph).children[0] as Text
    expect(text.position?.start).toEqual({ line: 4, column: 3, offset: 19 })
    expect(quote.children[0]!.position?.start).toEqual(text.position?.start)
  })

  it('reads Obsidian’s titles, fold signs and type names (folded onto the five kinds)', () => {
    expect(quoteOf('> [!faq]- Why not?\n> Because.\n').data?.callout).toEqual({ kind: 'important', title: 'Why not?', type: 'faq' })
    expect(quoteOf('> [!bug] Known issue\n> Crash on start.\n').data?.callout).toEqual({ kind: 'caution', title: 'Known issue', type: 'bug' })
    expect(quoteOf('> [!success]\n> Done.\n').data?.callout).toEqual({ kind: 'tip', title: 'Success', type: 'success' })
    expect(calloutKind('constructor')).toBeUndefined()
  })

  it('drops a paragraph that only held the marker; the blocks after it stay', () => {
    const quote = quoteOf('> [!WARNING]\n>\n> - one\n> - two\n')
    expect(quote.data?.callout?.kind).toBe('warning')
    expect(quote.children.map((child) => child.type)).toEqual(['list'])
  })

  it('leaves other quotes alone: unknown types, markers not first, formatting on the marker line', () => {
    for (const text of ['> [!NOPE]\n> x\n', '> Text [!NOTE]\n', '> **[!NOTE]**\n> x\n', '> [!NOTE] **bold** title\n> x\n', '> [!NOTE](link)\n', '[!NOTE]\n']) {
      const node = parseMarkdown(text).tree.children[0]!
      expect(node.type === 'blockquote' ? node.data?.callout : undefined, text).toBeUndefined()
    }
  })

  it('works inside lists and other quotes', () => {
    const tree = parseMarkdown('- item\n\n  > [!TIP]\n  > Nested.\n\n> > [!CAUTION]\n> > Deep.\n').tree
    const json = JSON.stringify(tree)
    expect(json).toContain('"kind":"tip"')
    expect(json).toContain('"kind":"caution"')
  })

  it('renders in the preview as GitHub renders alerts', () => {
    const text = '> [!WARNING] Careful\n> Hot *surface*.\n'
    const div = toPreviewHast(parseMarkdown(text).tree, text).children[0] as Element
    expect(div.tagName).toBe('div')
    expect(div.properties).toEqual({ className: ['markdown-alert', 'markdown-alert-warning'], dataLine: 1 })
    const [title, body] = div.children.filter((child): child is Element => child.type === 'element')
    expect(title?.properties.className).toEqual(['markdown-alert-title'])
    expect(toText(title!)).toBe('Careful')
    expect(body?.children.some((child) => child.type === 'element' && child.tagName === 'em')).toBe(true)
  })
})
