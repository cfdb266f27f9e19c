import { u } from 'unist-builder'
import type { List, ListItem, Root } from 'mdast'
import type { Element } from '@xmldom/xmldom'
import { describe, expect, it } from 'vitest'
import { checkProducedWithOracle, fromTree, styleOf, textOf } from '../../support/docx.js'
import { attr, elements } from '../../support/xml.js'

checkProducedWithOracle('listItem handler')

const p = (text: string) => u('paragraph', [u('text', text)])
const numbered = (e: Element) => elements(e, 'w:numPr').length > 0
const left = (e: Element) => attr(elements(e, 'w:ind')[0], 'w:left') ?? attr(elements(e, 'w:tblInd')[0], 'w:w')
const wrap = (items: ListItem[], spread = true): Root => u('root', [u('list', { ordered: true, start: 1, spread }, items) as List])

describe('listItem handler', () => {
  it('numbers only the first paragraph; later blocks are indented to the item’s text', async () => {
    const table = u('table', { align: [null] }, [u('tableRow', [u('tableCell', [u('text', 'cell')])])])
    const item = u('listItem', { spread: true }, [p('first'), p('second'), u('code', 'code'), u('blockquote', [p('quoted')]), table]) as ListItem
    const { blocks } = await fromTree(wrap([item]))
    expect(blocks.map((b) => (b.nodeName === 'w:tbl' ? 'table' : styleOf(b)))).toEqual(['BodyText', 'BodyText', 'SourceCode', 'BlockText', 'table'])
    expect(blocks.map(numbered)).toEqual([true, false, false, false, false])
    expect(blocks.slice(1).map(left)).toEqual(['720', '720', '1440', '720'])
  })

  it('puts the number of an item that opens with code or a quote on a line of its own, outside the box', async () => {
    for (const first of [u('code', 'x'), u('blockquote', [p('q')])]) {
      const { blocks } = await fromTree(wrap([u('listItem', { spread: false }, [first]) as ListItem]))
      expect(blocks).toHaveLength(2)
      expect(numbered(blocks[0]!)).toBe(true)
      expect(textOf(blocks[0]!)).toBe('')
      expect(numbered(blocks[1]!)).toBe(false)
      expect(styleOf(blocks[1]!)).toBe(first.type === 'code' ? 'SourceCode' : 'BlockText')
    }
  })

  it('gives an empty item an empty numbered paragraph, so its number still shows', async () => {
    const { blocks } = await fromTree(wrap([u('listItem', { spread: false }, []) as ListItem, u('listItem', { spread: false }, [p('next')]) as ListItem], false))
    expect(blocks.map(numbered)).toEqual([true, true])
    expect(textOf(blocks[0]!)).toBe('')
  })

  it('puts a task item’s checkbox (a w14 content control showing ☐/☒) before its text', async () => {
    const items = [u('listItem', { spread: false, checked: false }, [p('todo')]), u('listItem', { spread: false, checked: true }, [p('done')])] as ListItem[]
    const { blocks } = await fromTree(u('root', [u('list', { ordered: false, spread: false }, items) as List]))
    expect(blocks.map(textOf)).toEqual(['☐ todo', '☒ done'])
    const states = blocks.map((b) => attr(elements(b, 'w14:checked')[0], 'w14:val'))
    expect(states).toEqual(['0', '1'])
    for (const b of blocks) expect(elements(b, 'w:sdt')).toHaveLength(1)
  })

  it('does not let a list item’s number land inside a table cell', async () => {
    const table = u('table', { align: [null] }, [u('tableRow', [u('tableCell', [u('text', 'cell')])])])
    const { blocks } = await fromTree(wrap([u('listItem', { spread: false }, [table]) as ListItem]))
    expect(numbered(blocks[0]!)).toBe(true)
    expect(elements(blocks[1]!, 'w:numPr')).toHaveLength(0)
  })
})
