import { u } from 'unist-builder'
import type { Root } from 'mdast'
import { describe, expect, it } from 'vitest'
import { checkImage } from '../../../src/docx/media/images.js'
import { checkProducedWithOracle, fromTree, runFormat, styleOf, textOf, textRuns } from '../../support/docx.js'
import { png } from '../../support/images.js'
import { attr, elements } from '../../support/xml.js'

checkProducedWithOracle('tableCell handler')

describe('tableCell handler', () => {
  it('writes one Compact paragraph per cell, the cell as wide as its grid column', async () => {
    const table = u('table', { align: [null, 'right'] }, [u('tableRow', [u('tableCell', [u('text', 'a')]), u('tableCell', [u('text', 'b')])])])
    const { blocks } = await fromTree(u('root', [table]) as Root)
    const grid = elements(blocks[0]!, 'w:gridCol').map((g) => attr(g, 'w:w'))
    const cells = elements(blocks[0]!, 'w:tc')
    expect(cells.map((tc) => attr(elements(tc, 'w:tcW')[0], 'w:w'))).toEqual(grid)
    expect(cells.map((tc) => elements(tc, 'w:p').map(styleOf))).toEqual([['Compact'], ['Compact']])
  })

  it('keeps inline formatting, links, code and images inside cells', async () => {
    const image = await checkImage(png(4000, 1000))
    const cell = u('tableCell', [
      u('strong', [u('text', 'bold')]),
      u('link', { url: 'https://example.com' }, [u('text', 'link')]),
      u('inlineCode', 'code'),
      u('image', { url: 'wide.png', alt: 'wide' }),
    ])
    const table = u('table', { align: [null, null] }, [u('tableRow', [cell, u('tableCell', [u('text', 'other column')])])])
    const { blocks, rels } = await fromTree(u('root', [table]) as Root, { images: { 'wide.png': image } })
    const tc = elements(blocks[0]!, 'w:tc')[0]!
    expect(textOf(tc)).toBe('boldlinkcode')
    const [bold, linked, code] = textRuns(tc).map(runFormat)
    expect([bold, linked]).toEqual([['w:b', 'w:bCs'], ['w:rStyle=Hyperlink']])
    expect(code).toEqual(expect.arrayContaining(['w:rStyle=VerbatimChar', 'w:rFonts']))
    const linkId = attr(elements(tc, 'w:hyperlink')[0], 'r:id')!
    expect(rels.get(linkId)).toMatchObject({ target: 'https://example.com', external: true })
    // The image is scaled to the cell, not the page: its width (EMU) fits the column less padding.
    const extent = elements(tc, 'wp:extent')[0]!
    const columnTwips = Number(attr(elements(tc, 'w:tcW')[0], 'w:w'))
    expect(Number(attr(extent, 'cx'))).toBeLessThanOrEqual(columnTwips * 635)
  })
})
