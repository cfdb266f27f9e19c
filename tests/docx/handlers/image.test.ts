import { u } from 'unist-builder'
import type { PhrasingContent, Root } from 'mdast'
import { beforeAll, describe, expect, it } from 'vitest'
import { checkImage, type ImageResult } from '../../../src/docx/media/images.js'
import { at, checkProducedWithOracle, fromTree, textOf } from '../../support/docx.js'
import { bmp, gif, jpegHeader, png, webpHeader } from '../../support/images.js'
import { attr, elements } from '../../support/xml.js'

checkProducedWithOracle('image handler')

const EMU_PER_PX = 9525
const TEXT_WIDTH_EMU = (11906 - 2 * 1440) * 635
const TEXT_HEIGHT_EMU = (16838 - 2 * 1440) * 635
const para = (...children: PhrasingContent[]): Root => u('root', [u('paragraph', children)]) as Root
const image = (url: string, alt = '', title: string | null = null, extra = {}) => u('image', { url, alt, title, ...extra }) as PhrasingContent

const images: Record<string, ImageResult> = {}

beforeAll(async () => {
  images['small.png'] = await checkImage(png(120, 60))
  images['retina.png'] = await checkImage(png(400, 200, { dpi: 192 }))
  images['huge.png'] = await checkImage(png(6000, 3000))
  images['tall.png'] = await checkImage(png(200, 8000))
  images['photo.gif'] = await checkImage(gif(30, 20))
  images['photo.bmp'] = await checkImage(bmp(30, 20))
  images['photo.jpg'] = { ok: true, bytes: jpegHeader(300, 150, 96), info: { format: 'jpg', width: 300, height: 150, dpiX: 96, dpiY: 96 } }
  images['picture.webp'] = { ok: true, bytes: webpHeader(10, 10), info: { format: 'webp', width: 10, height: 10 } }
  images['missing.png'] = { ok: false, reason: 'file not found' }
})

const extent = (root: import('@xmldom/xmldom').Element) => {
  const e = elements(root, 'wp:extent')[0]!
  return [Number(attr(e, 'cx')), Number(attr(e, 'cy'))]
}

describe('image handler', () => {
  it('embeds the picture at its own size (96 dpi), alt text as the description, unique drawing ids', async () => {
    const { blocks, rels, pkg } = await fromTree(para(image('small.png', 'A small chart', 'Its title'), image('small.png', 'Again')), { images })
    const drawings = elements(blocks[0]!, 'w:drawing')
    expect(drawings).toHaveLength(2)
    expect(extent(drawings[0]!)).toEqual([120 * EMU_PER_PX, 60 * EMU_PER_PX])
    const docPr = drawings.map((d) => elements(d, 'wp:docPr')[0]!)
    expect(docPr.map((d) => attr(d, 'descr'))).toEqual(['A small chart', 'Again'])
    expect(attr(docPr[0], 'title')).toBe('Its title')
    expect(new Set(docPr.map((d) => attr(d, 'id'))).size).toBe(2)
    const embed = attr(elements(drawings[0]!, 'a:blip')[0], 'r:embed')!
    const rel = rels.get(embed)!
    expect(rel.type).toBe('image')
    expect(pkg.bytes(`word/${rel.target}`)?.length).toBe(images['small.png']!.ok ? (images['small.png'] as { bytes: Uint8Array }).bytes.length : -1)
  })

  it('honours the resolution the file records (a 192-dpi image shows at half its pixel size)', async () => {
    const { blocks } = await fromTree(para(image('retina.png')), { images })
    expect(extent(blocks[0]!)).toEqual([200 * EMU_PER_PX, 100 * EMU_PER_PX])
  })

  it('scales a huge image to the text width, keeping its aspect ratio', async () => {
    const { blocks } = await fromTree(para(image('huge.png')), { images })
    const [cx, cy] = extent(blocks[0]!)
    expect(cx).toBeLessThanOrEqual(TEXT_WIDTH_EMU)
    expect(cx).toBeGreaterThan(TEXT_WIDTH_EMU - 2 * EMU_PER_PX)
    expect(Math.abs(cx! / cy! - 2)).toBeLessThan(0.01)
  })

  it('scales a very tall image to the page height', async () => {
    const { blocks } = await fromTree(para(image('tall.png')), { images })
    const [cx, cy] = extent(blocks[0]!)
    expect(cy).toBeLessThanOrEqual(TEXT_HEIGHT_EMU)
    // Aspect ratio kept to the pixel: the width is 1/40 of the height, give or take rounding.
    expect(Math.abs(cx! - cy! / 40)).toBeLessThanOrEqual(EMU_PER_PX)
  })

  it('embeds JPEG, GIF and BMP as they are', async () => {
    const { blocks, rels } = await fromTree(para(image('photo.jpg'), image('photo.gif'), image('photo.bmp')), { images })
    const targets = elements(blocks[0]!, 'a:blip').map((b) => rels.get(attr(b, 'r:embed')!)!.target)
    expect(targets.map((t) => t.slice(t.lastIndexOf('.') + 1))).toEqual(['jpg', 'gif', 'bmp'])
  })

  it('leaves a visible placeholder with the alt text, and a message, for an image that failed to load', async () => {
    const { blocks, messages } = await fromTree(para(image('missing.png', 'The diagram', null, at(3, 1))), { images })
    expect(elements(blocks[0]!, 'w:drawing')).toHaveLength(0)
    expect(textOf(blocks[0]!)).toContain('The diagram')
    expect(messages).toMatchObject([{ ruleId: 'image-missing', line: 3, column: 1 }])
    expect(messages[0]!.reason).toContain('file not found')
  })

  it('leaves a placeholder for an image that was never resolved, naming the URL when there is no alt text', async () => {
    const { blocks, messages } = await fromTree(para(image('never-loaded.png')), { images })
    expect(textOf(blocks[0]!)).toContain('never-loaded.png')
    expect(messages.map((m) => m.ruleId)).toEqual(['image-missing'])
  })

  it('never embeds a format Word cannot show (WebP): a placeholder and a message instead', async () => {
    const { blocks, messages, pkg } = await fromTree(para(image('picture.webp', 'webp')), { images })
    expect(elements(blocks[0]!, 'w:drawing')).toHaveLength(0)
    expect(pkg.paths.some((p) => p.startsWith('word/media/'))).toBe(false)
    expect(messages.map((m) => m.ruleId)).toEqual(['image-unsupported'])
  })
})
