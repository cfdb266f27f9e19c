import { u } from 'unist-builder'
import { describe, expect, it } from 'vitest'
import { checkProducedWithOracle, fromTree, runFormat, textRuns } from '../../support/docx.js'
import { attr, child, elements } from '../../support/xml.js'

checkProducedWithOracle('inlineCode handler')

describe('inlineCode handler', () => {
  it('uses the Verbatim Char character style, keeping the code exactly', async () => {
    const { blocks } = await fromTree(u('root', [u('paragraph', [u('inlineCode', '  a < b && `c`  ')])]))
    const run = textRuns(blocks[0]!)[0]!
    expect(runFormat(run)).toEqual(['w:rStyle=VerbatimChar'])
    expect(elements(run, 'w:t')[0]!.textContent).toBe('  a < b && `c`  ')
  })

  it('defines Verbatim Char as a monospace character style', async () => {
    const { styles } = await fromTree(u('root', [u('paragraph', [u('inlineCode', 'x')])]), { codeFont: 'Courier New' })
    const style = elements(styles, 'w:style').find((s) => attr(s, 'w:styleId') === 'VerbatimChar')!
    expect(attr(style, 'w:type')).toBe('character')
    expect(attr(child(style, 'w:name'), 'w:val')).toBe('Verbatim Char')
    expect(attr(elements(style, 'w:rFonts')[0], 'w:ascii')).toBe('Courier New')
  })

  it('keeps emphasis around it', async () => {
    const { blocks } = await fromTree(u('root', [u('paragraph', [u('emphasis', [u('inlineCode', 'x')])])]))
    expect(runFormat(textRuns(blocks[0]!)[0]!)).toEqual(expect.arrayContaining(['w:rStyle=VerbatimChar', 'w:i']))
  })

  it('repeats Verbatim Char’s font and size on runs in table cells (LibreOffice lets the table style override character styles there)', async () => {
    const table = u('table', { align: [null] }, [u('tableRow', [u('tableCell', [u('inlineCode', 'cell code')])])])
    const { blocks } = await fromTree(u('root', [table, u('paragraph', [u('inlineCode', 'body code')])]), { codeFont: 'Courier New' })
    const [inCell, inBody] = [textRuns(blocks[0]!)[0]!, textRuns(blocks[1]!)[0]!]
    expect(runFormat(inCell)).toEqual(expect.arrayContaining(['w:rStyle=VerbatimChar', 'w:rFonts', 'w:sz=20']))
    expect(attr(elements(inCell, 'w:rFonts')[0], 'w:ascii')).toBe('Courier New')
    expect(runFormat(inBody)).toEqual(['w:rStyle=VerbatimChar'])
  })
})
