import { u } from 'unist-builder'
import type { AlignType, Root, Table, TableRow } from 'mdast'
import { describe, expect, it } from 'vitest'
import { at, checkProducedWithOracle, fromTree, styleOf, textOf } from '../../support/docx.js'
import { attr, child, childElements, elements, val } from '../../support/xml.js'

checkProducedWithOracle('table handler')

const row = (...cells: string[]) => u('tableRow', cells.map((c) => u('tableCell', [u('text', c)]))) as TableRow
const table = (align: AlignType[], ...rows: TableRow[]) => u('table', { align }, rows) as Table
/** A4 (11906) less two 1440 margins. */
const TEXT_WIDTH = 11906 - 2 * 1440

describe('table handler', () => {
  it('writes a w:tbl in the Table style, fixed layout, its grid filling the text width', async () => {
    const { blocks } = await fromTree(u('root', [table([null, null], row('Name', 'Description'), row('a', 'a longer description of something'))]))
    const tbl = blocks[0]!
    expect(tbl.nodeName).toBe('w:tbl')
    const tblPr = child(tbl, 'w:tblPr')!
    expect(val(tblPr, 'w:tblStyle')).toBe('Table')
    expect(attr(child(tblPr, 'w:tblLayout'), 'w:type')).toBe('fixed')
    const widths = elements(tbl, 'w:gridCol').map((g) => Number(attr(g, 'w:w')))
    expect(widths).toHaveLength(2)
    expect(widths.reduce((a, b) => a + b, 0)).toBe(TEXT_WIDTH)
    // Widths follow content: the description column is the wider one.
    expect(widths[1]!).toBeGreaterThan(widths[0]!)
  })

  it('marks only the first row as a header that repeats on every page', async () => {
    const { blocks } = await fromTree(u('root', [table([null], row('H'), row('1'), row('2'))]))
    const rows = elements(blocks[0]!, 'w:tr')
    expect(rows.map((r) => elements(r, 'w:tblHeader').length)).toEqual([1, 0, 0])
  })

  it('aligns every cell of a column (header and body) with w:jc', async () => {
    const { blocks } = await fromTree(u('root', [table(['left', 'center', 'right', null], row('l', 'c', 'r', 'd'), row('1', '2', '3', '4'))]))
    for (const tr of elements(blocks[0]!, 'w:tr')) {
      expect(elements(tr, 'w:tc').map((tc) => val(elements(tc, 'w:pPr')[0], 'w:jc'))).toEqual(['left', 'center', 'right', undefined])
    }
  })

  it('bolds the header row through the Table style (firstRow), not direct formatting', async () => {
    const { styles, blocks } = await fromTree(u('root', [table([null], row('H'), row('b'))]))
    const style = elements(styles, 'w:style').find((s) => attr(s, 'w:styleId') === 'Table')!
    const firstRow = elements(style, 'w:tblStylePr').find((s) => attr(s, 'w:type') === 'firstRow')!
    expect(elements(firstRow, 'w:b')).toHaveLength(1)
    expect(elements(style, 'w:tblBorders')).toHaveLength(1)
    expect(elements(blocks[0]!, 'w:b')).toHaveLength(0)
  })

  it('keeps a table inside a list item within the item’s indent', async () => {
    const item = u('listItem', { spread: false }, [u('paragraph', [u('text', 'item')]), table([null], row('x'))])
    const { blocks } = await fromTree(u('root', [u('list', { ordered: false, spread: false }, [item])]) as Root)
    const tbl = blocks[1]!
    expect(attr(elements(tbl, 'w:tblInd')[0], 'w:w')).toBe('720')
    const widths = elements(tbl, 'w:gridCol').map((g) => Number(attr(g, 'w:w')))
    expect(widths.reduce((a, b) => a + b, 0)).toBe(TEXT_WIDTH - 720)
  })

  it('caps a table at Word’s 63 columns, the last one holding the rest, with a message', async () => {
    const cells = Array.from({ length: 70 }, (_, i) => `c${i + 1}`)
    const { blocks, messages } = await fromTree(u('root', [u('table', { align: [], ...at(2, 1) }, [row(...cells), row(...cells)])]) as Root)
    const tbl = blocks[0]!
    expect(elements(tbl, 'w:gridCol')).toHaveLength(63)
    const lastCell = elements(elements(tbl, 'w:tr')[1]!, 'w:tc')[62]!
    expect(textOf(lastCell)).toContain('c63')
    expect(textOf(lastCell)).toContain('c70')
    expect(messages.map((m) => [m.ruleId, m.line])).toEqual([['table-too-wide', 2]])
  })

  it('keeps a very wide table inside the page (columns never below the grid’s share)', async () => {
    const cells = Array.from({ length: 20 }, (_, i) => `column number ${i + 1}`)
    const { blocks } = await fromTree(u('root', [table([], row(...cells))]))
    const widths = elements(blocks[0]!, 'w:gridCol').map((g) => Number(attr(g, 'w:w')))
    expect(widths.reduce((a, b) => a + b, 0)).toBe(TEXT_WIDTH)
    expect(Math.min(...widths)).toBeGreaterThan(0)
  })

  it('writes a table inside a footnote as lines of text (Word has no tables in notes), with a message', async () => {
    const tree = u('root', [
      u('paragraph', [u('text', 'x'), u('footnoteReference', { identifier: 'n', label: 'n' })]),
      u('footnoteDefinition', { identifier: 'n', label: 'n' }, [u('table', { align: [null, null], ...at(5, 5) }, [row('a', 'b'), row('1', '2')])]),
    ]) as Root
    const { footnotes, messages } = await fromTree(tree)
    const note = elements(footnotes, 'w:footnote').find((f) => attr(f, 'w:id') === '1')!
    expect(elements(note, 'w:tbl')).toHaveLength(0)
    expect(elements(note, 'w:p').map(textOf).join('|')).toContain('a | b')
    expect(messages.find((m) => m.ruleId === 'table-in-footnote')?.line).toBe(5)
  })

  it('writes nothing for a table without rows', async () => {
    const { blocks } = await fromTree(u('root', [u('table', { align: [] }, []), u('paragraph', [u('text', 'after')])]) as Root)
    expect(blocks.map(styleOf)).toEqual(['FirstParagraph'])
    expect(childElements(blocks[0]!).length).toBeGreaterThan(0)
  })
})

describe('tables that touch', () => {
  it('are kept apart by an empty paragraph (Word would join them into one table)', async () => {
    const quoted = u('blockquote', [table([null], row('quoted'))])
    const tree = u('root', [table([null], row('first')), table([null, null], row('second', 'x')), quoted, u('paragraph', [u('text', 'after')])]) as Root
    const { blocks } = await fromTree(tree)
    expect(blocks.map((b) => (b.nodeName === 'w:tbl' ? 'table' : textOf(b) || 'empty'))).toEqual(['table', 'empty', 'table', 'empty', 'table', 'after'])
  })
})
