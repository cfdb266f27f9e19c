import type { Table } from 'mdast'
import { describe, expect, it } from 'vitest'
import { messagesOf } from '../../src/markdown/messages.js'
import { parseMarkdown } from '../../src/markdown/parse.js'

describe('table rows with more cells than the header', () => {
  it('lose the extra cells, as GFM does, with a message quoting them at their place', () => {
    const { tree, file } = parseMarkdown('| a | b |\n|---|---|\n| 1 | 2 | 3 | **four** |\n| x |\n\n> | q |\n> |---|\n> | 1 | 2 |\n')
    const table = tree.children[0] as Table
    expect(table.children.map((row) => row.children.length)).toEqual([2, 2, 1])
    const quoted = (tree.children[1] as { children: Table[] }).children[0]!
    expect(quoted.children.map((row) => row.children.length)).toEqual([1, 1])
    expect(messagesOf(file).map(({ ruleId, line, column, reason }) => ({ ruleId, line, column, reason }))).toEqual([
      { ruleId: 'table-cells-dropped', line: 3, column: 9, reason: 'This row has 4 cells but the table 2 columns: the last 2 are left out, as GFM does ("3 | four")' },
      { ruleId: 'table-cells-dropped', line: 8, column: 7, reason: 'This row has 2 cells but the table 1 column: the last 1 is left out, as GFM does ("2")' },
    ])
  })
})
