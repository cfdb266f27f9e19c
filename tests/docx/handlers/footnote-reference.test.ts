import { u } from 'unist-builder'
import type { BlockContent, Root, RootContent } from 'mdast'
import type { Element } from '@xmldom/xmldom'
import { describe, expect, it } from 'vitest'
import { at, checkProducedWithOracle, fromTree, styleOf, textOf } from '../../support/docx.js'
import { attr, elements } from '../../support/xml.js'

checkProducedWithOracle('footnoteReference handler')

const ref = (id: string, extra = {}) => u('footnoteReference', { identifier: id, label: id, ...extra })
const def = (id: string, ...children: BlockContent[]) => u('footnoteDefinition', { identifier: id, label: id }, children.length ? children : [u('paragraph', [u('text', `Note ${id}.`)])]) as RootContent
const para = (...children: RootContent[]) => u('paragraph', children) as RootContent

function note(footnotes: import('@xmldom/xmldom').Document, id: string): Element {
  return elements(footnotes, 'w:footnote').find((f) => attr(f, 'w:id') === id)!
}

describe('footnoteReference handler', () => {
  it('makes a real Word footnote: a reference mark in the text, the note in footnotes.xml', async () => {
    const { blocks, footnotes, styles } = await fromTree(u('root', [para(u('text', 'Text'), ref('a')), def('a')]) as Root)
    const reference = elements(blocks[0]!, 'w:footnoteReference')[0]!
    expect(attr(reference, 'w:id')).toBe('1')
    expect(attr(elements(reference.parentNode as Element, 'w:rStyle')[0], 'w:val')).toBe('FootnoteReference')
    const body = note(footnotes, '1')
    expect(elements(body, 'w:footnoteRef')).toHaveLength(1)
    expect(elements(body, 'w:p').map(styleOf)).toEqual(['FootnoteText'])
    expect(textOf(body)).toBe(' Note a.')
    for (const id of ['FootnoteText', 'FootnoteReference']) expect(elements(styles, 'w:style').some((s) => attr(s, 'w:styleId') === id)).toBe(true)
  })

  it('numbers notes by first reference, whatever their labels or definition order', async () => {
    const tree = u('root', [para(ref('zeta'), ref('alpha')), def('alpha'), def('zeta')]) as Root
    const { blocks, footnotes } = await fromTree(tree)
    expect(elements(blocks[0]!, 'w:footnoteReference').map((r) => attr(r, 'w:id'))).toEqual(['1', '2'])
    expect(textOf(note(footnotes, '1'))).toContain('Note zeta.')
  })

  it('keeps several paragraphs and block content (code, lists, quotes) in a note', async () => {
    const list = u('list', { ordered: false, spread: false }, [u('listItem', { spread: false }, [u('paragraph', [u('text', 'item')])])])
    const tree = u('root', [para(ref('n')), def('n', u('paragraph', [u('text', 'first')]), u('paragraph', [u('text', 'second')]), u('code', 'code'), list as BlockContent, u('blockquote', [u('paragraph', [u('text', 'quoted')])]))]) as Root
    const { footnotes } = await fromTree(tree)
    const paragraphs = elements(note(footnotes, '1'), 'w:p')
    expect(paragraphs.map(textOf)).toEqual([' first', 'second', 'code', 'item', 'quoted'])
    expect(paragraphs.map(styleOf)).toEqual(['FootnoteText', 'FootnoteText', 'SourceCode', 'FootnoteText', 'FootnoteText'])
    expect(elements(paragraphs[3]!, 'w:numPr')).toHaveLength(1)
  })

  it('writes a repeated reference as a NOTEREF field showing the same number, with a message', async () => {
    const tree = u('root', [para(ref('a'), u('text', ' and again '), ref('a', at(1, 20))), def('a')]) as Root
    const { blocks, footnotes, messages } = await fromTree(tree)
    expect(elements(blocks[0]!, 'w:footnoteReference')).toHaveLength(1)
    expect(elements(footnotes, 'w:footnote').filter((f) => !attr(f, 'w:type'))).toHaveLength(1)
    const bookmark = attr(elements(blocks[0]!, 'w:bookmarkStart')[0], 'w:name')!
    const instruction = elements(blocks[0]!, 'w:instrText')[0]!.textContent!
    expect(instruction).toContain(`NOTEREF ${bookmark}`)
    expect(textOf(blocks[0]!)).toContain('1')
    expect(messages.map((m) => [m.ruleId, m.line, m.column])).toEqual([['footnote-repeated', 1, 20]])
  })

  it('keeps the mark of a reference with no definition as text, with a message', async () => {
    const { blocks, messages } = await fromTree(u('root', [para(u('text', 'x'), ref('ghost', at(2, 3)))]) as Root)
    expect(textOf(blocks[0]!)).toBe('x[^ghost]')
    expect(messages.map((m) => [m.ruleId, m.line])).toEqual([['footnote-undefined', 2]])
  })

  it('reports a definition no reference uses, and leaves it out', async () => {
    const unused = u('footnoteDefinition', { identifier: 'u', label: 'u', ...at(9, 1) }, [u('paragraph', [u('text', 'unused')])]) as RootContent
    const { footnotes, messages, document } = await fromTree(u('root', [para(u('text', 'x')), unused]) as Root)
    expect(textOf(document)).not.toContain('unused')
    expect(textOf(footnotes)).not.toContain('unused')
    expect(messages.map((m) => [m.ruleId, m.line])).toEqual([['footnote-unused', 9]])
  })

  it('cross-references a note referenced inside another note (Word cannot nest notes)', async () => {
    const tree = u('root', [para(ref('a'), ref('b')), def('a'), def('b', u('paragraph', [u('text', 'see '), ref('a')]))]) as Root
    const { footnotes, messages } = await fromTree(tree)
    const second = note(footnotes, '2')
    expect(elements(second, 'w:footnoteReference')).toHaveLength(0)
    expect(elements(second, 'w:instrText')[0]?.textContent).toContain('NOTEREF _RefFootnote1')
    expect(messages.map((m) => m.ruleId)).toEqual(['footnote-in-footnote'])
  })

  it('carries a note referenced only from inside another note into that note, its mark leading its text', async () => {
    const tree = u('root', [para(ref('outer')), def('outer', u('paragraph', [u('text', 'see '), ref('inner')])), def('inner', u('paragraph', [u('text', 'Inner text.')]))]) as Root
    const { footnotes, messages } = await fromTree(tree)
    const paragraphs = elements(note(footnotes, '1'), 'w:p')
    expect(paragraphs.map(textOf)).toEqual([' see inner', 'inner Inner text.'])
    expect(elements(footnotes, 'w:footnote').filter((f) => !attr(f, 'w:type'))).toHaveLength(1)
    expect(messages.map((m) => m.ruleId)).toEqual(['footnote-in-footnote'])
  })

  it('never writes a label’s characters XML cannot hold (a carried note’s mark)', async () => {
    const tree = u('root', [para(ref('outer')), def('outer', u('paragraph', [u('text', 'see '), ref('in\uFFFF')])), def('in\uFFFF')]) as Root
    const { footnotes } = await fromTree(tree)
    expect(textOf(footnotes)).toContain('in\uFFFD')
  })
})
