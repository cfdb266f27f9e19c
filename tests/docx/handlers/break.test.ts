import { u } from 'unist-builder'
import { describe, expect, it } from 'vitest'
import { checkProducedWithOracle, fromTree, textOf } from '../../support/docx.js'
import { attr, elements } from '../../support/xml.js'

checkProducedWithOracle('break handler')

describe('break handler', () => {
  it('writes a line break (w:br, not a page break) and the paragraph goes on', async () => {
    const { blocks } = await fromTree(u('root', [u('paragraph', [u('text', 'one'), u('break'), u('text', 'two')])]))
    expect(blocks).toHaveLength(1)
    const br = elements(blocks[0]!, 'w:br')
    expect(br).toHaveLength(1)
    expect(attr(br[0], 'w:type')).toBeUndefined()
    expect(textOf(blocks[0]!)).toBe('onetwo')
  })
})
