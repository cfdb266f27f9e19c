import { u } from 'unist-builder'
import { describe, expect, it } from 'vitest'
import { checkProducedWithOracle, fromTree, runFormat, textRuns } from '../../support/docx.js'

checkProducedWithOracle('strong handler')

describe('strong handler', () => {
  it('bolds its runs (w:b) and nothing around them', async () => {
    const { blocks } = await fromTree(u('root', [u('paragraph', [u('strong', [u('text', 'b')]), u('text', ' plain')])]))
    expect(textRuns(blocks[0]!).map(runFormat)).toEqual([['w:b', 'w:bCs'], []])
  })

  it('keeps a character style inside it (bold inline code, bold link)', async () => {
    const tree = u('root', [u('paragraph', [u('strong', [u('inlineCode', 'x'), u('link', { url: 'https://example.com' }, [u('text', 'l')])])])])
    const { blocks } = await fromTree(tree)
    const [code, link] = textRuns(blocks[0]!).map(runFormat)
    expect(code).toEqual(expect.arrayContaining(['w:rStyle=VerbatimChar', 'w:b']))
    expect(link).toEqual(expect.arrayContaining(['w:rStyle=Hyperlink', 'w:b']))
  })
})
