import { u } from 'unist-builder'
import type { List, ListContent, Root } from 'mdast'
import type { Element } from '@xmldom/xmldom'
import { describe, expect, it } from 'vitest'
import { at, checkProducedWithOracle, fromTree, styleOf, type Produced } from '../../support/docx.js'
import { attr, child, elements, val } from '../../support/xml.js'

checkProducedWithOracle('list handler')

const item = (text: string, ...more: ListContent['children'][number][]) => u('listItem', { spread: false }, [u('paragraph', [u('text', text)]), ...more]) as ListContent
const list = (ordered: boolean, items: ListContent[], extra: Partial<List> = {}) => u('list', { ordered, spread: false, ...extra }, items) as List

const numPr = (p: Element) => ({ numId: val(elements(p, 'w:numPr')[0], 'w:numId'), ilvl: val(elements(p, 'w:numPr')[0], 'w:ilvl') })

/** The abstractNum a numId points at, and its level `ilvl`. */
function level(produced: Produced, numId: string, ilvl = '0'): Element {
  const num = elements(produced.numbering, 'w:num').find((n) => attr(n, 'w:numId') === numId)!
  const abstractId = val(num, 'w:abstractNumId')
  const abstract = elements(produced.numbering, 'w:abstractNum').find((a) => attr(a, 'w:abstractNumId') === abstractId)!
  return elements(abstract, 'w:lvl').find((l) => attr(l, 'w:ilvl') === ilvl)!
}

describe('list handler', () => {
  it('gives every list its own w:num so each restarts, sharing one abstract definition per kind', async () => {
    const tree: Root = u('root', [list(true, [item('a'), item('b')]), u('paragraph', [u('text', 'between')]), list(true, [item('c')]), list(false, [item('d')])])
    const produced = await fromTree(tree)
    const numbered = produced.blocks.filter((p) => elements(p, 'w:numPr').length > 0)
    const ids = numbered.map((p) => numPr(p).numId)
    expect(ids[0]).toBe(ids[1])
    expect(new Set(ids).size).toBe(3)
    const abstracts = ids.map((id) => val(elements(produced.numbering, 'w:num').find((n) => attr(n, 'w:numId') === id), 'w:abstractNumId'))
    expect(abstracts[0]).toBe(abstracts[2])
    expect(abstracts[3]).not.toBe(abstracts[0])
  })

  it('defines nine levels: decimal / lower letter / lower roman for ordered lists, bullets otherwise', async () => {
    const produced = await fromTree(u('root', [list(true, [item('a')]), list(false, [item('b')])]))
    const [ordered, bullet] = produced.blocks.map((p) => numPr(p).numId!)
    expect(['0', '1', '2', '3'].map((l) => val(level(produced, ordered!, l), 'w:numFmt'))).toEqual(['decimal', 'lowerLetter', 'lowerRoman', 'decimal'])
    expect(val(level(produced, ordered!, '1'), 'w:lvlText')).toBe('%2.')
    expect(val(level(produced, bullet!, '0'), 'w:numFmt')).toBe('bullet')
    const abstract = level(produced, ordered!).parentNode as Element
    expect(elements(abstract, 'w:lvl')).toHaveLength(9)
  })

  it('honours the start number (5.)', async () => {
    const produced = await fromTree(u('root', [list(true, [item('five'), item('six')], { start: 5 }), list(true, [item('one')], { start: 1 })]))
    const [five, , one] = produced.blocks.map((p) => numPr(p).numId!)
    expect(val(level(produced, five!), 'w:start')).toBe('5')
    expect(val(level(produced, one!), 'w:start')).toBe('1')
  })

  it('nests: each level of lists one ilvl deeper, bullet in ordered and back', async () => {
    const tree: Root = u('root', [list(true, [item('1', list(false, [item('1.a', list(true, [item('1.a.i')]))]))])])
    const { blocks } = await fromTree(tree)
    expect(blocks.map((p) => numPr(p).ilvl)).toEqual(['0', '1', '2'])
    expect(new Set(blocks.map((p) => numPr(p).numId)).size).toBe(3)
  })

  it('clamps lists deeper than Word’s nine levels to the ninth, with a message at the list', async () => {
    let inner: List = list(false, [item('level 11')], { ...at(11, 21) })
    for (let depth = 10; depth >= 1; depth--) inner = list(false, [item(`level ${depth}`, inner)])
    const { blocks, messages } = await fromTree(u('root', [inner]))
    expect(blocks.map((p) => numPr(p).ilvl)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '8', '8'])
    expect(messages.filter((m) => m.ruleId === 'list-too-deep').map((m) => m.line)).toContain(11)
  })

  it('uses Compact for tight lists and Body Text for loose ones', async () => {
    const loose = u('list', { ordered: false, spread: true }, [u('listItem', { spread: true }, [u('paragraph', [u('text', 'l')])])]) as List
    const { blocks } = await fromTree(u('root', [list(false, [item('t')]), loose]))
    expect(blocks.map(styleOf)).toEqual(['Compact', 'BodyText'])
  })

  it('marks a list whose items are all tasks as a task list (no bullet glyph beside the checkbox)', async () => {
    const tasks = u('list', { ordered: false, spread: false }, [u('listItem', { spread: false, checked: false }, [u('paragraph', [u('text', 't')])])]) as List
    const produced = await fromTree(u('root', [tasks]))
    const lvl = level(produced, numPr(produced.blocks[0]!).numId!)
    expect(val(lvl, 'w:lvlText')).toBe('\u00A0')
    expect(child(lvl, 'w:numFmt')).toBeDefined()
  })
})
