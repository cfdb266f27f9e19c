import { u } from 'unist-builder'
import type { Root, TableRow } from 'mdast'
import { describe, expect, it } from 'vitest'
import { checkProducedWithOracle, fromTree, textOf } from '../../support/docx.js'
import { childElements, elements } from '../../support/xml.js'

checkProducedWithOracle('tableRow handler')

const row = (...cells: string[]) => u('tableRow', cells.map((c) => u('tableCell', [u('text', c)]))) as TableRow

describe('tableRow handler', () => {
  it('pads ragged rows with empty cells (each holding a paragraph) so every row spans the grid', async () => {
    const { blocks } = await fromTree(u('root', [u('table', { align: [null, null, null] }, [row('a', 'b', 'c'), row('1'), row('1', '2', '3', '4')])]) as Root)
    const grid = elements(blocks[0]!, 'w:gridCol').length
    expect(grid).toBe(4)
    for (const tr of elements(blocks[0]!, 'w:tr')) {
      const cells = elements(tr, 'w:tc')
      expect(cells).toHaveLength(grid)
      for (const tc of cells) expect(childElements(tc).at(-1)!.nodeName).toBe('w:p')
    }
    expect(elements(elements(blocks[0]!, 'w:tr')[2]!, 'w:tc').map(textOf)).toEqual(['1', '2', '3', '4'])
  })

  it('keeps each row on one page (cantSplit) and repeats only the header row', async () => {
    const { blocks } = await fromTree(u('root', [u('table', { align: [null] }, [row('h'), row('b')])]) as Root)
    const rows = elements(blocks[0]!, 'w:tr')
    expect(rows.map((r) => elements(r, 'w:cantSplit').length)).toEqual([1, 1])
    expect(rows.map((r) => elements(r, 'w:tblHeader').length)).toEqual([1, 0])
  })

  it('lets a row taller than a third of the page break across pages (Word cuts off a row that cannot)', async () => {
    const long = 'A long cell that goes on and on. '.repeat(200)
    const { blocks } = await fromTree(u('root', [u('table', { align: [null, null] }, [row('h', 'h'), row('short', 'short'), row('x', long)])]) as Root)
    const rows = elements(blocks[0]!, 'w:tr')
    expect(rows.map((r) => elements(r, 'w:cantSplit').length)).toEqual([1, 1, 0])
  })
})
