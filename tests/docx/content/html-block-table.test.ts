/**
 * HTML tables written across HTML blocks with Markdown in their cells (html/block-table.ts) —
 * the README idiom a long real document (mdast-util-to-hast's readme) showed coming out as an
 * empty table with its content after it.
 */
import type { Element } from '@xmldom/xmldom'
import { describe, expect, it } from 'vitest'
import { checkProducedWithOracle, fromMarkdown, styleOf } from '../../support/docx.js'
import { attr, childElements, elements } from '../../support/xml.js'

checkProducedWithOracle('html block tables')

const readmeTable = `Before.

<table>
<thead>
<tr>
<th scope="col">Node</th>
<th scope="col">Example</th>
</tr>
</thead>
<tbody>
<tr>
<th scope="row">

[\`blockquote\`](https://example.com/blockquote)

</th>
<td>

\`\`\`markdown
> A greater than…
\`\`\`

</td>
</tr>
<tr>
<td>plain <b>HTML</b></td>
<td>

- a list
- in a cell

</td>
</tr>
</tbody>
</table>

After.
`

/** The text of each cell of each row. */
function cells(table: Element): string[][] {
  return elements(table, 'w:tr').map((row) => childElements(row).filter((e) => e.nodeName === 'w:tc').map((cell) => elements(cell, 'w:t').map((t) => t.textContent).join('')))
}

describe('HTML tables across blocks', () => {
  it('put the Markdown between a cell’s tags into the cell', async () => {
    const { blocks } = await fromMarkdown(readmeTable)
    expect(blocks.map((block) => block.nodeName)).toEqual(['w:p', 'w:tbl', 'w:p'])
    const table = blocks[1]!
    expect(cells(table)).toEqual([
      ['Node', 'Example'],
      ['blockquote', '> A greater than…'],
      ['plain HTML', 'a listin a cell'],
    ])
    // The code block is a code block in its cell, the link a link, the list a list.
    const rows = elements(table, 'w:tr')
    expect(elements(rows[1]!, 'w:p').map(styleOf)).toContain('SourceCode')
    expect(elements(rows[1]!, 'w:hyperlink')).toHaveLength(1)
    expect(elements(rows[2]!, 'w:numPr')).toHaveLength(2)
    // <thead> rows repeat as header rows.
    expect(rows.map((row) => elements(row, 'w:tblHeader').length)).toEqual([1, 0, 0])
  })

  it('keep what stands outside cells (before the table) and after the closing tag', async () => {
    const { blocks } = await fromMarkdown('<table>\n<caption>Cap</caption>\n<tr><td>\n\n*x*\n\n</td></tr>\n</table>\n<p>after</p>\n\nEnd.\n')
    expect(blocks.map((block) => block.nodeName)).toEqual(['w:tbl', 'w:p', 'w:p'])
    expect(cells(blocks[0]!)).toEqual([['x']])
    expect(elements(blocks[1]!, 'w:t').map((t) => t.textContent).join('')).toBe('after')
  })

  it('leave a table never closed, or nested across blocks, as it was', async () => {
    const unclosed = await fromMarkdown('<table>\n<tr><td>\n\ntext\n\nMore.\n')
    expect(unclosed.blocks.some((block) => block.nodeName === 'w:tbl' && cells(block).flat().includes('text'))).toBe(false)
    expect(unclosed.blocks.map((block) => elements(block, 'w:t').map((t) => t.textContent).join('')).join(' ')).toContain('text')
    const nested = await fromMarkdown('<table><tr><td>\n\n<table><tr><td>\n\ninner\n\n</td></tr></table>\n\n</td></tr></table>\n')
    expect(nested.blocks.map((block) => elements(block, 'w:t').map((t) => t.textContent).join('')).join(' ')).toContain('inner')
  })

  it('make anchors of cell ids', async () => {
    const { document } = await fromMarkdown('<table>\n<tr><td id="cell-a">\n\nx\n\n</td></tr>\n</table>\n\n[to the cell](#cell-a)\n')
    expect(elements(document, 'w:hyperlink').map((link) => attr(link, 'w:anchor'))).toEqual(['cell-a'])
  })
})
