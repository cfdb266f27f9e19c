import { u } from 'unist-builder'
import type { Root } from 'mdast'
import { describe, expect, it } from 'vitest'
import { checkProducedWithOracle, fromTree, textOf } from '../../support/docx.js'

checkProducedWithOracle('definition/footnoteDefinition/yaml handlers')

describe('nodes that produce nothing where they stand', () => {
  it('writes nothing in place of definitions, footnote definitions and front matter', async () => {
    // (A front matter title becomes a title block, written at the top by the document, not here.)
    const tree = u('root', [
      u('yaml', 'custom-key: hidden value'),
      u('paragraph', [u('text', 'visible')]),
      u('definition', { identifier: 'd', label: 'd', url: 'https://example.com', title: null }),
      u('footnoteDefinition', { identifier: 'f', label: 'f' }, [u('paragraph', [u('text', 'unreferenced')])]),
    ]) as Root
    const { blocks, document } = await fromTree(tree)
    expect(blocks).toHaveLength(1)
    expect(textOf(document)).toBe('visible')
  })
})
