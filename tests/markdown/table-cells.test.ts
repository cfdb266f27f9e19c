import type { Table } from 'mdast'
import { toString } from 'mdast-util-to-string'
import { describe, expect, it } from 'vitest'
import { messagesOf } from '../../src/markdown/messages.js'
import { parseMarkdown } from '../../src/markdown/parse.js'

describe('table rows with more cells than the header', () => {
  it('keep the table’s columns; the extra cells join the last one (GFM would drop them), with a message at their place', () => {
    const { tree, file } = parseMarkdown('| a | b |\n|---|---|\n| 1 | 2 | 3 | **four** |\n| x |\n\n> | q |\n> |---|\n> | 1 | 2 |\n')
    const table = tree.children[0] as Table
    expect(table.children.map((row) => row.children.length)).toEqual([2, 2, 1])
    expect(toString(table.children[1]!.children[1]!)).toBe('2 | 3 | four')
    const quoted = (tree.children[1] as { children: Table[] }).children[0]!
    expect(quoted.children.map((row) => row.children.length)).toEqual([1, 1])
    expect(messagesOf(file).map(({ ruleId, line, column, reason }) => ({ ruleId, line, column, reason }))).toEqual([
      { ruleId: 'table-cells-joined', line: 3, column: 9, reason: 'This row has 4 cells but the table 2 columns: the last 2 are joined into the row\'s last cell (GFM would drop them) ("3 | four")' },
      { ruleId: 'table-cells-joined', line: 8, column: 7, reason: 'This row has 2 cells but the table 1 column: the last 1 is joined into the row\'s last cell (GFM would drop it) ("2")' },
    ])
  })
})
