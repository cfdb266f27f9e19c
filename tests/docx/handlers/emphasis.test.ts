import { u } from 'unist-builder'
import { describe, expect, it } from 'vitest'
import { checkProducedWithOracle, fromTree, runFormat, textRuns } from '../../support/docx.js'

checkProducedWithOracle('emphasis handler')

describe('emphasis handler', () => {
  it('italicises its runs (w:i) and nothing around them', async () => {
    const { blocks } = await fromTree(u('root', [u('paragraph', [u('text', 'a '), u('emphasis', [u('text', 'b')]), u('text', ' c')])]))
    expect(textRuns(blocks[0]!).map(runFormat)).toEqual([[], ['w:i', 'w:iCs'], []])
  })

  it('combines with strong and strikethrough inside it', async () => {
    const { blocks } = await fromTree(u('root', [u('paragraph', [u('emphasis', [u('strong', [u('delete', [u('text', 'all')])])])])]))
    const format = runFormat(textRuns(blocks[0]!)[0]!)
    expect(format).toEqual(expect.arrayContaining(['w:i', 'w:b', 'w:strike']))
  })
})
