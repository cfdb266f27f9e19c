import { u } from 'unist-builder'
import type { Root } from 'mdast'
import { describe, expect, it } from 'vitest'
import { checkProducedWithOracle, fromTree, textOf } from '../../support/docx.js'
import { attr, elements } from '../../support/xml.js'

checkProducedWithOracle('linkReference handler')

describe('linkReference handler', () => {
  it('resolves [text][ref] through its definition, case-insensitively', async () => {
    const tree = u('root', [
      u('paragraph', [u('linkReference', { identifier: 'REF', label: 'REF', referenceType: 'full' }, [u('text', 'full')]), u('linkReference', { identifier: 'ref', label: 'ref', referenceType: 'shortcut' }, [u('text', 'ref')])]),
      u('definition', { identifier: 'ref', label: 'ref', url: 'https://example.org/r', title: null }),
    ]) as Root
    const { blocks, rels } = await fromTree(tree)
    expect(blocks).toHaveLength(1)
    const ids = elements(blocks[0]!, 'w:hyperlink').map((h) => attr(h, 'r:id')!)
    expect(ids).toHaveLength(2)
    expect(ids.map((id) => rels.get(id)?.target)).toEqual(['https://example.org/r', 'https://example.org/r'])
  })

  it('keeps an undefined reference as written, brackets included', async () => {
    const tree = u('root', [
      u('paragraph', [
        u('linkReference', { identifier: 'nowhere', label: 'nowhere', referenceType: 'full' }, [u('text', 'text')]),
        u('text', ' '),
        u('linkReference', { identifier: 'c', label: 'c', referenceType: 'collapsed' }, [u('text', 'c')]),
      ]),
    ]) as Root
    const { blocks } = await fromTree(tree)
    expect(elements(blocks[0]!, 'w:hyperlink')).toHaveLength(0)
    expect(textOf(blocks[0]!)).toBe('[text][nowhere] [c][]')
  })
})
