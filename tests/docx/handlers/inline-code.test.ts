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
})
