import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isEmbeddable, readImageInfo } from '../../src/docx/media/image-format.js'
import { avifHeader, bmp, gif, jpegHeader, png, svg, tiffHeader, webpHeader } from '../support/images.js'

describe('readImageInfo (format and size from the bytes, never the name)', () => {
  it('reads PNG size and its pHYs resolution', () => {
    expect(readImageInfo(png(120, 80))).toEqual({ format: 'png', width: 120, height: 80 })
    expect(readImageInfo(png(10, 10, { dpi: 300 }))).toMatchObject({ format: 'png', dpiX: 300, dpiY: 300 })
  })

  it('reads JPEG size from its frame header and dpi from JFIF', () => {
    expect(readImageInfo(jpegHeader(640, 480, 150))).toEqual({ format: 'jpg', width: 640, height: 480, dpiX: 150, dpiY: 150 })
  })

  it('reads GIF and BMP sizes', () => {
    expect(readImageInfo(gif(33, 17))).toEqual({ format: 'gif', width: 33, height: 17 })
    expect(readImageInfo(bmp(21, 9))).toMatchObject({ format: 'bmp', width: 21, height: 9, dpiX: 96 })
  })

  it('recognises WebP, TIFF, AVIF and SVG (which Word cannot embed as they are)', () => {
    expect(readImageInfo(webpHeader(300, 200))).toEqual({ format: 'webp', width: 300, height: 200 })
    expect(readImageInfo(tiffHeader(64, 32))).toEqual({ format: 'tiff', width: 64, height: 32 })
    expect(readImageInfo(avifHeader(500, 400))).toEqual({ format: 'avif', width: 500, height: 400 })
    expect(readImageInfo(svg(120, 40))).toEqual({ format: 'svg', width: 120, height: 40 })
    for (const format of ['webp', 'tiff', 'avif', 'svg'] as const) expect(isEmbeddable(format)).toBe(false)
    for (const format of ['png', 'jpg', 'gif', 'bmp'] as const) expect(isEmbeddable(format)).toBe(true)
  })

  it('sizes an SVG from its viewBox when width and height are missing', () => {
    const bytes = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 150"></svg>')
    expect(readImageInfo(bytes)).toEqual({ format: 'svg', width: 300, height: 150 })
  })

  it('refuses corrupt and truncated data, never throwing', () => {
    const whole = png(50, 50)
    expect(readImageInfo(whole.subarray(0, whole.length - 20))).toBeUndefined()
    expect(readImageInfo(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeUndefined()
    expect(readImageInfo(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00]))).toBeUndefined()
    expect(readImageInfo(new TextEncoder().encode('not an image at all'))).toBeUndefined()
    expect(readImageInfo(new Uint8Array(0))).toBeUndefined()
    for (let seed = 1; seed < 200; seed++) {
      const noise = Uint8Array.from({ length: seed * 3 }, (_, i) => (i * 7919 + seed * 104729) & 0xff)
      expect(() => readImageInfo(noise)).not.toThrow()
    }
  })
})

describe('readImageInfo on real and truncated files', () => {
  const fixture = (name: string) => new Uint8Array(readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'images', name)))

  it('reads the fixtures’ real JPEG, GIF and BMP', () => {
    expect(readImageInfo(fixture('photo.jpg'))).toMatchObject({ format: 'jpg', width: 160, height: 100 })
    expect(readImageInfo(fixture('animation.gif'))).toMatchObject({ format: 'gif', width: 96, height: 64 })
    expect(readImageInfo(fixture('bitmap.bmp'))).toMatchObject({ format: 'bmp', width: 80, height: 48 })
  })

  it('refuses a JPEG cut off before its scan, a GIF without its trailer, a BMP missing pixels', () => {
    const jpeg = fixture('photo.jpg')
    const sos = jpeg.findIndex((byte, i) => byte === 0xff && jpeg[i + 1] === 0xda)
    expect(readImageInfo(jpeg.subarray(0, sos))).toBeUndefined()
    const gifBytes = gif(20, 20)
    expect(readImageInfo(gifBytes.subarray(0, gifBytes.length - 5))).toBeUndefined()
    expect(readImageInfo(new TextEncoder().encode('GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000,'))).toBeUndefined()
    const bitmap = bmp(40, 40)
    expect(readImageInfo(bitmap.subarray(0, bitmap.length - 100))).toBeUndefined()
  })
})
