import { u } from 'unist-builder'
import { describe, expect, it } from 'vitest'
import { checkProducedWithOracle, fromMarkdown, fromTree, styleOf, textOf } from '../../support/docx.js'
import { attr, elements } from '../../support/xml.js'

checkProducedWithOracle('thematicBreak handler')

describe('thematicBreak handler', () => {
  it('is an empty Horizontal Rule paragraph whose style draws a bottom border, not a page break', async () => {
    const { blocks, styles, document } = await fromTree(u('root', [u('paragraph', [u('text', 'a')]), u('thematicBreak'), u('paragraph', [u('text', 'b')])]))
    expect(blocks.map(styleOf)).toEqual(['FirstParagraph', 'HorizontalRule', 'FirstParagraph'])
    expect(elements(blocks[1]!, 'w:t')).toHaveLength(0)
    expect(elements(document, 'w:br').filter((br) => attr(br, 'w:type') === 'page')).toHaveLength(0)
    expect(elements(document, 'w:pageBreakBefore')).toHaveLength(0)
    const style = elements(styles, 'w:style').find((s) => attr(s, 'w:styleId') === 'HorizontalRule')!
    expect(elements(style, 'w:bottom')).toHaveLength(1)
  })
})

describe('page breaks', () => {
  it('\\newpage and <div style="page-break-before: always"> are Word page breaks; page-break-after breaks after the element', async () => {
    const { document } = await fromMarkdown('a\n\n\\newpage\n\nb\n\n<div style="page-break-before: always">c</div>\n\n<p style="page-break-after: always">d</p>\n\ne\n')
    const pageBreaks = elements(document, 'w:br').filter((br) => attr(br, 'w:type') === 'page')
    expect(pageBreaks).toHaveLength(3)
    const text = textOf(document)
    expect(text.indexOf('c')).toBeGreaterThan(text.indexOf('b'))
  })
})
