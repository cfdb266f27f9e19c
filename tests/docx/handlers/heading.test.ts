import { u } from 'unist-builder'
import type { Root } from 'mdast'
import { describe, expect, it } from 'vitest'
import { at, checkProducedWithOracle, fromTree, styleOf, textOf } from '../../support/docx.js'
import { attr, child, elements, val } from '../../support/xml.js'

checkProducedWithOracle('heading handler')

const heading = (depth: 1 | 2 | 3 | 4 | 5 | 6, text: string) => u('heading', { depth }, [u('text', text)])

describe('heading handler', () => {
  it('maps depth 1–6 to the Heading 1–6 styles (never Title)', async () => {
    const tree = u('root', [1, 2, 3, 4, 5, 6].map((d) => heading(d as 1, `Level ${d}`))) as Root
    const { blocks } = await fromTree(tree)
    expect(blocks.map(styleOf)).toEqual(['Heading1', 'Heading2', 'Heading3', 'Heading4', 'Heading5', 'Heading6'])
  })

  it('defines the heading styles with outline levels 0–5, so the navigation pane and a TOC see them', async () => {
    const { styles } = await fromTree(u('root', [heading(1, 'x')]))
    for (let level = 1; level <= 6; level++) {
      const style = elements(styles, 'w:style').find((s) => attr(s, 'w:styleId') === `Heading${level}`)!
      expect(val(style, 'w:pPr/w:outlineLvl')).toBe(String(level - 1))
      expect(attr(child(style, 'w:name'), 'w:val')).toBe(`heading ${level}`)
      expect(val(style, 'w:basedOn')).toBe('Normal')
    }
  })

  it('wraps each heading in a bookmark named by its GitHub slug, with unique ids', async () => {
    const tree = u('root', [heading(1, 'Getting Started'), heading(2, 'Getting Started'), heading(2, 'Café crème!')]) as Root
    const { blocks } = await fromTree(tree)
    const starts = blocks.map((p) => elements(p, 'w:bookmarkStart')[0]!)
    expect(starts.map((s) => attr(s, 'w:name'))).toEqual(['getting-started', 'getting-started-1', 'café-crème'])
    const ids = starts.map((s) => attr(s, 'w:id'))
    expect(new Set(ids).size).toBe(3)
    blocks.forEach((p, index) => expect(attr(elements(p, 'w:bookmarkEnd')[0], 'w:id')).toBe(ids[index]))
  })

  it('makes bookmark names Word accepts: starting with a letter, at most 40 characters', async () => {
    const long = 'a heading whose text goes on far longer than forty characters'
    const tree = u('root', [heading(2, '2. Results & more'), heading(2, long), heading(2, long)]) as Root
    const { blocks } = await fromTree(tree)
    const names = blocks.map((p) => attr(elements(p, 'w:bookmarkStart')[0], 'w:name')!)
    expect(names[0]).toMatch(/^[\p{L}_]/u)
    for (const name of names) {
      expect(name.length).toBeLessThanOrEqual(40)
      expect(name).toMatch(/^[\p{L}\p{N}_-]+$/u)
    }
    expect(new Set(names).size).toBe(3)
  })

  it('lets [x](#slug) link to the heading bookmark', async () => {
    const tree = u('root', [heading(1, 'Intro'), u('paragraph', [u('link', { url: '#intro' }, [u('text', 'back')])])]) as Root
    const { blocks } = await fromTree(tree)
    expect(attr(elements(blocks[1]!, 'w:hyperlink')[0], 'w:anchor')).toBe('intro')
  })

  it('keeps inline formatting but not the surrounding run format', async () => {
    const tree = u('root', [u('heading', { depth: 2 }, [u('text', 'With '), u('emphasis', [u('text', 'style')]), u('inlineCode', 'code')])]) as Root
    const { blocks } = await fromTree(tree)
    expect(textOf(blocks[0]!)).toBe('With stylecode')
    expect(elements(blocks[0]!, 'w:i').length).toBe(1)
    expect(elements(blocks[0]!, 'w:rStyle').map((r) => attr(r, 'w:val'))).toEqual(['VerbatimChar'])
  })

  it('is a bold line, not a Heading, inside a footnote — still bookmarked for #slug links, with a note', async () => {
    const tree = u('root', [
      u('paragraph', [u('text', 'See'), u('footnoteReference', { identifier: 'n', label: 'n' }), u('link', { url: '#note-heading' }, [u('text', 'there')])]),
      u('footnoteDefinition', { identifier: 'n', label: 'n' }, [u('heading', { depth: 2, ...at(3, 7) }, [u('text', 'Note heading')])]),
    ]) as Root
    const { footnotes, blocks, messages } = await fromTree(tree)
    const note = elements(footnotes, 'w:footnote').find((f) => attr(f, 'w:id') === '1')!
    const p = elements(note, 'w:p')[0]!
    expect(styleOf(p)).toBe('FootnoteText')
    expect(elements(p, 'w:b').length).toBeGreaterThan(0)
    expect(attr(elements(note, 'w:bookmarkStart')[0], 'w:name')).toBe('note-heading')
    expect(attr(elements(blocks[0]!, 'w:hyperlink')[0], 'w:anchor')).toBe('note-heading')
    expect(messages.map((m) => [m.ruleId, m.line, m.severity])).toEqual([['heading-in-footnote', 3, 'info']])
  })
})

describe('heading handler: numbered headings (numberSections)', () => {
  const unnumbered = (depth: 1 | 2, text: string) => u('heading', { depth, data: { attributes: { classes: ['unnumbered'], pairs: [] } } }, [u('text', text)])

  it('numbers headings through their styles, tied to one list; {-} headings step out of it', async () => {
    const tree = u('root', [heading(1, 'Intro'), heading(2, 'Background'), unnumbered(2, 'Aside'), heading(1, 'Method'), unnumbered(1, 'References')]) as Root
    const { blocks, styles, numbering } = await fromTree(tree, { numberSections: true })
    // No numbering of their own (readers such as pandoc would take them for list items): the style numbers them.
    expect(blocks.map((block) => val(block, 'w:pPr/w:numPr/w:numId'))).toEqual([undefined, undefined, '0', undefined, '0'])
    const list = val(elements(styles, 'w:style').find((s) => attr(s, 'w:styleId') === 'Heading1')!, 'w:pPr/w:numPr/w:numId')!
    // The list's levels name the Heading styles, and the styles carry the list: a heading added
    // in Word is numbered too.
    const num = elements(numbering, 'w:num').find((n) => attr(n, 'w:numId') === list)!
    const abstract = elements(numbering, 'w:abstractNum').find((a) => attr(a, 'w:abstractNumId') === val(num, 'w:abstractNumId'))!
    const levels = elements(abstract, 'w:lvl')
    expect(levels.slice(0, 6).map((level) => val(level, 'w:pStyle'))).toEqual(['Heading1', 'Heading2', 'Heading3', 'Heading4', 'Heading5', 'Heading6'])
    expect(levels.slice(0, 3).map((level) => val(level, 'w:lvlText'))).toEqual(['%1', '%1.%2', '%1.%2.%3'])
    expect(elements(levels[1]!, 'w:isLgl')).toHaveLength(1)
    for (let level = 1; level <= 6; level++) {
      const style = elements(styles, 'w:style').find((s) => attr(s, 'w:styleId') === `Heading${level}`)!
      expect(val(style, 'w:pPr/w:numPr/w:numId')).toBe(list)
      expect(val(style, 'w:pPr/w:numPr/w:ilvl')).toBe(String(level - 1))
    }
    // TOC Heading is built on Heading 1: it must not take a number.
    const tocHeading = elements(styles, 'w:style').find((s) => attr(s, 'w:styleId') === 'TOCHeading')!
    expect(val(tocHeading, 'w:pPr/w:numPr/w:numId')).toBe('0')
  })

  it('numbers nothing without the option', async () => {
    const { blocks, styles } = await fromTree(u('root', [heading(1, 'Intro')]) as Root)
    expect(elements(blocks[0]!, 'w:numPr')).toHaveLength(0)
    expect(elements(styles, 'w:numPr')).toHaveLength(0)
  })
})
