import { u } from 'unist-builder'
import type { Root } from 'mdast'
import { beforeAll, describe, expect, it } from 'vitest'
import { checkImage, type ImageResult } from '../../../src/docx/media/images.js'
import { checkProducedWithOracle, fromTree, styleOf, textOf } from '../../support/docx.js'
import { png } from '../../support/images.js'
import { attr, elements, val } from '../../support/xml.js'

checkProducedWithOracle('paragraph handler')

const p = (text: string) => u('paragraph', [u('text', text)])
let image: ImageResult

beforeAll(async () => {
  image = await checkImage(png(200, 100))
})

describe('paragraph handler', () => {
  it('writes First Paragraph after a heading or another block, Body Text after a paragraph (as pandoc)', async () => {
    const tree = u('root', [p('one'), p('two'), u('heading', { depth: 2 }, [u('text', 'H')]), p('three'), u('code', 'x'), p('four'), p('five')]) as Root
    const { blocks } = await fromTree(tree)
    expect(blocks.map(styleOf)).toEqual(['FirstParagraph', 'BodyText', 'Heading2', 'FirstParagraph', 'SourceCode', 'FirstParagraph', 'BodyText'])
  })

  it('gives the paragraph after a table or a tight list the space those lack below', async () => {
    const table = u('table', { align: [null] }, [u('tableRow', [u('tableCell', [u('text', 'h')])])])
    const list = u('list', { ordered: false, spread: false }, [u('listItem', { spread: false }, [p('item')])])
    const tree = u('root', [table, p('after table'), list, p('after list'), p('plain')]) as Root
    const { blocks } = await fromTree(tree)
    const after = blocks.filter((b) => b.nodeName === 'w:p' && /after|plain/.test(textOf(b)))
    expect(after.map((b) => attr(elements(b, 'w:spacing')[0], 'w:before'))).toEqual(['200', '200', undefined])
  })

  it('drops a paragraph with no content', async () => {
    const tree = u('root', [u('paragraph', []), p('kept')]) as Root
    const { blocks } = await fromTree(tree)
    expect(blocks.map(textOf)).toEqual(['kept'])
  })

  it('lays out a paragraph holding only an image as a centred figure, its title as an Image Caption', async () => {
    const tree = u('root', [u('paragraph', [u('image', { url: 'a.png', alt: 'Alt', title: 'The caption' })]), u('paragraph', [u('image', { url: 'a.png', alt: 'Alt' })])]) as Root
    const { blocks, styles } = await fromTree(tree, { images: { 'a.png': image } })
    expect(blocks.map(styleOf)).toEqual(['CaptionedFigure', 'ImageCaption', 'Figure'])
    expect(textOf(blocks[1]!)).toContain('The caption')
    const figure = elements(styles, 'w:style').find((s) => attr(s, 'w:styleId') === 'Figure')!
    expect(val(figure, 'w:pPr/w:jc')).toBe('center')
  })

  it('keeps an image inside text inline, without a caption', async () => {
    const tree = u('root', [u('paragraph', [u('text', 'see '), u('image', { url: 'a.png', alt: 'Alt', title: 'T' })])]) as Root
    const { blocks } = await fromTree(tree, { images: { 'a.png': image } })
    expect(blocks.map(styleOf)).toEqual(['FirstParagraph'])
    expect(elements(blocks[0]!, 'w:drawing').length).toBe(1)
  })
})
