import { u } from 'unist-builder'
import type { Root } from 'mdast'
import { describe, expect, it } from 'vitest'
import { checkImage, decodeDataUrl, imageUrls, resolveImages } from '../../src/docx/media/images.js'
import { dataUrl, png, svg, webpHeader } from '../support/images.js'

const tree = (...urls: string[]) => u('root', [u('paragraph', urls.map((url) => u('image', { url, alt: '' })))]) as Root

describe('images: loaded and checked before compiling', () => {
  it('lists every image URL once, in document order, through definitions too', () => {
    const root = u('root', [
      u('paragraph', [u('image', { url: 'b.png' }), u('imageReference', { identifier: 'ref', referenceType: 'full' }), u('image', { url: 'b.png' })]),
      u('definition', { identifier: 'REF', url: 'a.png' }),
    ]) as Root
    expect(imageUrls(root)).toEqual(['b.png', 'a.png'])
  })

  it('decodes data: URLs (base64 and percent-encoded) without a loader', async () => {
    const bytes = png(8, 4)
    const results = await resolveImages(tree(dataUrl(bytes, 'image/png')))
    const result = [...results.values()][0]!
    expect(result.ok && result.info).toMatchObject({ format: 'png', width: 8, height: 4 })
    expect(decodeDataUrl('data:text/plain,a%20b')).toEqual(new TextEncoder().encode('a b'))
    expect(decodeDataUrl('data:image/png;base64,%%%')).toBeInstanceOf(Uint8Array)
    expect(decodeDataUrl('not a data url')).toBeUndefined()
  })

  it('never throws: a loader that throws, returns nothing, or gives junk becomes a reason', async () => {
    const loadImage = async (url: string) => {
      if (url === 'throws.png') throw new Error('file not found')
      if (url === 'nothing.png') return undefined
      if (url === 'empty.png') return new Uint8Array(0)
      if (url === 'junk.png') return new TextEncoder().encode('<html>404</html>')
      if (url === 'rejects.png') return Promise.reject('plain string')
      return png(2, 2)
    }
    const results = await resolveImages(tree('throws.png', 'nothing.png', 'empty.png', 'junk.png', 'rejects.png', 'ok.png'), { loadImage })
    const reasons = Object.fromEntries([...results].map(([url, r]) => [url, r.ok ? 'ok' : r.reason]))
    expect(reasons).toEqual({
      'throws.png': 'file not found',
      'nothing.png': 'could not be loaded',
      'empty.png': 'the file is empty',
      'junk.png': 'not a readable image (unknown or corrupt data)',
      'rejects.png': 'plain string',
      'ok.png': 'ok',
    })
  })

  it('says so when no loader was given for a path', async () => {
    const [result] = [...(await resolveImages(tree('local.png'))).values()]
    expect(result).toEqual({ ok: false, reason: 'no image loader was given' })
  })

  it('keeps document order whatever order loads finish in, and loads each URL once', async () => {
    const calls: string[] = []
    const loadImage = async (url: string) => {
      calls.push(url)
      await new Promise((resolve) => setTimeout(resolve, url === 'slow.png' ? 30 : 1))
      return png(1, 1)
    }
    const results = await resolveImages(tree('slow.png', 'fast.png', 'slow.png'), { loadImage, concurrency: 2 })
    expect([...results.keys()]).toEqual(['slow.png', 'fast.png'])
    expect(calls.sort()).toEqual(['fast.png', 'slow.png'])
  })

  it('converts formats Word cannot show when a converter is given; SVG keeps a raster fallback', async () => {
    const convertImage = async () => png(20, 10)
    const webp = await checkImage(webpHeader(20, 10), convertImage)
    expect(webp.ok && webp.info.format).toBe('png')
    const vector = await checkImage(svg(40, 20), convertImage)
    expect(vector.ok && vector.info.format).toBe('svg')
    expect(vector.ok && vector.fallback?.info.format).toBe('png')
    const failing = await checkImage(webpHeader(20, 10), async () => {
      throw new Error('no canvas')
    })
    expect(failing).toEqual({ ok: false, reason: 'WEBP images cannot be embedded in Word and converting it failed (no canvas)' })
    expect(await checkImage(webpHeader(20, 10))).toEqual({ ok: false, reason: 'WEBP images cannot be embedded in Word' })
  })
})
