/**
 * Small real images made in code, for tests and fixtures: PNG (with optional pHYs), BMP and
 * GIF that decoders accept, and header-true samples of formats Word cannot show (WebP, TIFF,
 * AVIF, SVG). Each draws a diagonal two-colour pattern so a rendering shows it is there.
 */
import { deflateSync } from 'node:zlib'

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length)
  const view = new DataView(out.buffer)
  view.setUint32(0, data.length)
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i)
  out.set(data, 8)
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)))
  return out
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}

export interface PngOptions {
  /** Pixels per inch to record in a pHYs chunk. */
  dpi?: number
  /** Two RGB colours of the pattern. */
  colors?: [[number, number, number], [number, number, number]]
}

/** A palette PNG of `width` × `height` (1 bit per pixel, so even huge ones stay small). */
export function png(width: number, height: number, options: PngOptions = {}): Uint8Array {
  const [a, b] = options.colors ?? [
    [0x2f, 0x54, 0x96],
    [0xf2, 0xf2, 0xf2],
  ]
  const header = new Uint8Array(13)
  const view = new DataView(header.buffer)
  view.setUint32(0, width)
  view.setUint32(4, height)
  header.set([1, 3, 0, 0, 0], 8) // bit depth 1, colour type 3 (palette)
  const stride = Math.ceil(width / 8)
  const raw = new Uint8Array((stride + 1) * height)
  const band = Math.max(1, Math.floor(Math.min(width, height) / 8))
  for (let y = 0; y < height; y++) {
    const row = y * (stride + 1)
    for (let x = 0; x < width; x++) {
      if (Math.floor((x + y) / band) % 2 === 0) raw[row + 1 + (x >> 3)]! |= 0x80 >> (x & 7)
    }
  }
  const parts = [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('PLTE', new Uint8Array([...b, ...a]))]
  if (options.dpi) {
    const phys = new Uint8Array(9)
    const ppm = Math.round(options.dpi / 0.0254)
    new DataView(phys.buffer).setUint32(0, ppm)
    new DataView(phys.buffer).setUint32(4, ppm)
    phys[8] = 1
    parts.push(chunk('pHYs', phys))
  }
  parts.push(chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', new Uint8Array(0)))
  return concat(parts)
}

/** A 24-bit BMP. */
export function bmp(width: number, height: number): Uint8Array {
  const stride = Math.ceil((width * 3) / 4) * 4
  const size = 54 + stride * height
  const out = new Uint8Array(size)
  const view = new DataView(out.buffer)
  out[0] = 0x42
  out[1] = 0x4d
  view.setUint32(2, size, true)
  view.setUint32(10, 54, true)
  view.setUint32(14, 40, true)
  view.setInt32(18, width, true)
  view.setInt32(22, height, true)
  view.setUint16(26, 1, true)
  view.setUint16(28, 24, true)
  view.setUint32(34, stride * height, true)
  view.setInt32(38, 3780, true) // 96 dpi
  view.setInt32(42, 3780, true)
  const band = Math.max(1, Math.floor(Math.min(width, height) / 6))
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const on = Math.floor((x + y) / band) % 2 === 0
      const i = 54 + y * stride + x * 3
      out.set(on ? [0x3c, 0x8f, 0x2e] : [0xf0, 0xf0, 0xf0], i) // BGR
    }
  }
  return out
}

/**
 * A GIF89a with a 4-colour palette. The LZW stream starts every 2 pixels with a clear code,
 * so codes stay 3 bits wide and no dictionary needs to be built — valid, if not small.
 */
export function gif(width: number, height: number): Uint8Array {
  const header = [...'GIF89a'].map((c) => c.charCodeAt(0))
  const screen = [width & 0xff, width >> 8, height & 0xff, height >> 8, 0xf1, 0, 0]
  const palette = [0xc0, 0x39, 0x2b, 0xf5, 0xf5, 0xf5, 0x29, 0x80, 0xb9, 0x00, 0x00, 0x00]
  const descriptor = [0x2c, 0, 0, 0, 0, width & 0xff, width >> 8, height & 0xff, height >> 8, 0]
  const minCodeSize = 2
  const clear = 1 << minCodeSize
  const end = clear + 1
  const codes: number[] = []
  const band = Math.max(1, Math.floor(Math.min(width, height) / 6))
  let count = 0
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (count % 2 === 0) codes.push(clear)
      codes.push(Math.floor((x + y) / band) % 3 === 0 ? 0 : Math.floor((x + y) / band) % 3 === 1 ? 1 : 2)
      count++
    }
  }
  codes.push(end)
  // Pack 3-bit codes least significant bit first.
  const data: number[] = []
  let bits = 0
  let buffer = 0
  for (const code of codes) {
    buffer |= code << bits
    bits += 3
    while (bits >= 8) {
      data.push(buffer & 0xff)
      buffer >>= 8
      bits -= 8
    }
  }
  if (bits > 0) data.push(buffer & 0xff)
  const blocks: number[] = []
  for (let i = 0; i < data.length; i += 255) {
    const slice = data.slice(i, i + 255)
    blocks.push(slice.length, ...slice)
  }
  return new Uint8Array([...header, ...screen, ...palette, ...descriptor, minCodeSize, ...blocks, 0, 0x3b])
}

/** The segments of a baseline JPEG up to its scan (SOI, JFIF at `dpi`, SOF0, SOS, EOI) — enough for sniffing, not for decoding. */
export function jpegHeader(width: number, height: number, dpi = 72): Uint8Array {
  return new Uint8Array([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x01, dpi >> 8, dpi & 0xff, dpi >> 8, dpi & 0xff, 0x00, 0x00,
    0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01,
    0xff, 0xda, 0x00, 0x0c, 0x03, 0x01, 0x00, 0x02, 0x11, 0x03, 0x11, 0x00, 0x3f, 0x00,
    0xff, 0xd9,
  ])
}

/** A lossless WebP (VP8L) header for `width` × `height`. */
export function webpHeader(width: number, height: number): Uint8Array {
  const out = new Uint8Array(30)
  out.set([...'RIFF'].map((c) => c.charCodeAt(0)), 0)
  new DataView(out.buffer).setUint32(4, 22, true)
  out.set([...'WEBPVP8L'].map((c) => c.charCodeAt(0)), 8)
  new DataView(out.buffer).setUint32(16, 10, true)
  out[20] = 0x2f
  const bits = (width - 1) | ((height - 1) << 14)
  new DataView(out.buffer).setUint32(21, bits >>> 0, true)
  return out
}

/** A little-endian TIFF header with ImageWidth and ImageLength tags. */
export function tiffHeader(width: number, height: number): Uint8Array {
  const out = new Uint8Array(8 + 2 + 2 * 12 + 4)
  const view = new DataView(out.buffer)
  out.set([0x49, 0x49, 0x2a, 0x00])
  view.setUint32(4, 8, true)
  view.setUint16(8, 2, true)
  view.setUint16(10, 256, true)
  view.setUint16(12, 3, true)
  view.setUint32(14, 1, true)
  view.setUint16(18, width, true)
  view.setUint16(22, 257, true)
  view.setUint16(24, 4, true)
  view.setUint32(26, 1, true)
  view.setUint32(30, height, true)
  return out
}

/** An AVIF's ftyp box and an ispe property carrying the size. */
export function avifHeader(width: number, height: number): Uint8Array {
  const out = new Uint8Array(48)
  const view = new DataView(out.buffer)
  view.setUint32(0, 24)
  out.set([...'ftypavif'].map((c) => c.charCodeAt(0)), 4)
  view.setUint32(24, 20)
  out.set([...'ispe'].map((c) => c.charCodeAt(0)), 28)
  view.setUint32(36, width)
  view.setUint32(40, height)
  return out
}

export function svg(width: number, height: number): Uint8Array {
  return new TextEncoder().encode(`<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="${width}" height="${height}" fill="#2f5496"/></svg>`)
}

/** `data:` URL of some bytes. */
export function dataUrl(bytes: Uint8Array, type: string): string {
  return `data:${type};base64,${Buffer.from(bytes).toString('base64')}`
}
