import { u } from 'unist-builder'
import { describe, expect, it } from 'vitest'
import { checkProducedWithOracle, fromTree, runFormat, textRuns } from '../../support/docx.js'

checkProducedWithOracle('delete handler')

describe('delete (strikethrough) handler', () => {
  it('strikes its runs through (w:strike)', async () => {
    const { blocks } = await fromTree(u('root', [u('paragraph', [u('delete', [u('text', 'gone')]), u('text', ' kept')])]))
    expect(textRuns(blocks[0]!).map(runFormat)).toEqual([['w:strike'], []])
  })

  it('keeps nested emphasis', async () => {
    const { blocks } = await fromTree(u('root', [u('paragraph', [u('delete', [u('emphasis', [u('text', 'x')])])])]))
    expect(runFormat(textRuns(blocks[0]!)[0]!)).toEqual(expect.arrayContaining(['w:strike', 'w:i']))
  })
})
