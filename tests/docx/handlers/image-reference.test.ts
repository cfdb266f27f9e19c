import { u } from 'unist-builder'
import type { Root } from 'mdast'
import { beforeAll, describe, expect, it } from 'vitest'
import { checkImage, type ImageResult } from '../../../src/docx/media/images.js'
import { checkProducedWithOracle, fromTree, styleOf, textOf } from '../../support/docx.js'
import { png } from '../../support/images.js'
import { attr, elements } from '../../support/xml.js'

checkProducedWithOracle('imageReference handler')

let images: Record<string, ImageResult>

beforeAll(async () => {
  images = { 'chart.png': await checkImage(png(100, 50)) }
})

describe('imageReference handler', () => {
  it('resolves ![alt][ref] through its definition; the definition’s title captions a figure', async () => {
    const tree = u('root', [
      u('paragraph', [u('imageReference', { identifier: 'chart', label: 'Chart', referenceType: 'full', alt: 'The chart' })]),
      u('definition', { identifier: 'chart', label: 'chart', url: 'chart.png', title: 'Figure caption' }),
    ]) as Root
    const { blocks } = await fromTree(tree, { images })
    expect(blocks.map(styleOf)).toEqual(['CaptionedFigure', 'ImageCaption'])
    expect(attr(elements(blocks[0]!, 'wp:docPr')[0], 'descr')).toBe('The chart')
    expect(textOf(blocks[1]!)).toContain('Figure caption')
  })

  it('keeps an undefined reference as its text', async () => {
    const tree = u('root', [u('paragraph', [u('text', 'see '), u('imageReference', { identifier: 'nope', label: 'nope', referenceType: 'shortcut', alt: 'nope' })])]) as Root
    const { blocks } = await fromTree(tree, { images })
    expect(elements(blocks[0]!, 'w:drawing')).toHaveLength(0)
    expect(textOf(blocks[0]!)).toBe('see ![nope]')
  })
})
