/**
 * What an image's bytes are and how big it is, read from its header — never from its URL or a
 * claimed MIME type, so a mislabelled or corrupt file is caught before it reaches the package.
 */

export type ImageFormat = 'png' | 'jpg' | 'gif' | 'bmp' | 'webp' | 'tiff' | 'avif' | 'svg'

/** Formats Word displays from a plain `a:blip` (the `docx` library's ImageRun types). */
export type EmbeddableFormat = 'png' | 'jpg' | 'gif' | 'bmp'

export interface ImageInfo {
  format: ImageFormat
  /** Size in pixels; 0 when the header does not say (e.g. an SVG without width/height). */
  width: number
  height: number
  /** Horizontal and vertical resolution in dots per inch, when the file records it. */
  dpiX?: number
  dpiY?: number
}

export function isEmbeddable(format: ImageFormat): format is EmbeddableFormat {
  return format === 'png' || format === 'jpg' || format === 'gif' || format === 'bmp'
}

/** The format and size of an image, or `undefined` when the bytes are not a recognisable image. */
export function readImageInfo(bytes: Uint8Array): ImageInfo | undefined {
  try {
    return png(bytes) ?? jpeg(bytes) ?? gif(bytes) ?? bmp(bytes) ?? webp(bytes) ?? tiff(bytes) ?? avif(bytes) ?? svg(bytes)
  } catch {
    return undefined
  }
}

const u16be = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!
const u16le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8)
const u32be = (b: Uint8Array, i: number) => ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!
const i32le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16) | (b[i + 3]! << 24)
const ascii = (b: Uint8Array, start: number, length: number) => String.fromCharCode(...b.subarray(start, start + length))

function png(b: Uint8Array): ImageInfo | undefined {
  if (b.length < 24 || u32be(b, 0) !== 0x89504e47 || u32be(b, 4) !== 0x0d0a1a0a || ascii(b, 12, 4) !== 'IHDR') return undefined
  const info: ImageInfo = { format: 'png', width: u32be(b, 16), height: u32be(b, 20) }
  // pHYs (pixels per metre) comes before the first IDAT when present.
  let offset = 8
  while (offset + 12 <= b.length) {
    const length = u32be(b, offset)
    const type = ascii(b, offset + 4, 4)
    if (type === 'pHYs' && length >= 9 && offset + 17 <= b.length && b[offset + 16] === 1) {
      info.dpiX = Math.round(u32be(b, offset + 8) * 0.0254)
      info.dpiY = Math.round(u32be(b, offset + 12) * 0.0254)
      break
    }
    if (type === 'IDAT' || type === 'IEND') break
    offset += 12 + length
  }
  // A PNG without its end is truncated: a reader would show garbage or nothing.
  return hasPngEnd(b) ? info : undefined
}

function hasPngEnd(b: Uint8Array): boolean {
  // IEND chunk: length 0, type IEND, CRC AE426082 — the last 12 bytes of a complete file.
  return b.length >= 12 && ascii(b, b.length - 8, 4) === 'IEND'
}

function jpeg(b: Uint8Array): ImageInfo | undefined {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8 || b[2] !== 0xff) return undefined
  let offset = 2
  let dpi: { x: number; y: number } | undefined
  let frame: ImageInfo | undefined
  while (offset + 4 <= b.length) {
    if (b[offset] !== 0xff) return undefined
    const marker = b[offset + 1]!
    if (marker === 0xff) {
      offset++
      continue
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      offset += 2
      continue
    }
    const length = u16be(b, offset + 2)
    if (length < 2) return undefined
    if (marker === 0xe0 && ascii(b, offset + 4, 5) === 'JFIF\0' && offset + 18 <= b.length) {
      const units = b[offset + 11]
      const x = u16be(b, offset + 12)
      const y = u16be(b, offset + 14)
      if (x > 0 && y > 0 && (units === 1 || units === 2)) dpi = units === 1 ? { x, y } : { x: Math.round(x * 2.54), y: Math.round(y * 2.54) }
    }
    // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (offset + 9 > b.length) return undefined
      frame = { format: 'jpg', height: u16be(b, offset + 5), width: u16be(b, offset + 7) }
      if (dpi) {
        frame.dpiX = dpi.x
        frame.dpiY = dpi.y
      }
    }
    // Start of scan: the image data follows. A file cut off before it has no picture to show.
    if (marker === 0xda) return frame
    offset += 2 + length
  }
  return undefined
}

function gif(b: Uint8Array): ImageInfo | undefined {
  if (b.length < 10) return undefined
  const signature = ascii(b, 0, 6)
  if (signature !== 'GIF87a' && signature !== 'GIF89a') return undefined
  // A complete GIF ends with its trailer (0x3B; some writers pad with zeros after it).
  let end = b.length - 1
  while (end > 12 && b[end] === 0) end--
  if (b[end] !== 0x3b || !b.subarray(13, end).includes(0x2c)) return undefined
  return { format: 'gif', width: u16le(b, 6), height: u16le(b, 8) }
}

function bmp(b: Uint8Array): ImageInfo | undefined {
  if (b.length < 26 || b[0] !== 0x42 || b[1] !== 0x4d) return undefined
  const headerSize = i32le(b, 14)
  if (headerSize === 12) return { format: 'bmp', width: u16le(b, 18), height: u16le(b, 20) }
  if (headerSize < 40 || b.length < 54) return undefined
  const info: ImageInfo = { format: 'bmp', width: Math.abs(i32le(b, 18)), height: Math.abs(i32le(b, 22)) }
  // Uncompressed pixels (BI_RGB) must all be there: a truncated bitmap would show garbage.
  const dataOffset = i32le(b, 10)
  const bitsPerPixel = u16le(b, 28)
  const compression = i32le(b, 30)
  const rowBytes = Math.ceil((info.width * bitsPerPixel) / 32) * 4
  if (dataOffset < 26 || dataOffset >= b.length || (compression === 0 && dataOffset + rowBytes * info.height > b.length)) return undefined
  const ppmX = i32le(b, 38)
  const ppmY = i32le(b, 42)
  if (ppmX > 0 && ppmY > 0) {
    info.dpiX = Math.round(ppmX * 0.0254)
    info.dpiY = Math.round(ppmY * 0.0254)
  }
  return info
}

function webp(b: Uint8Array): ImageInfo | undefined {
  if (b.length < 30 || ascii(b, 0, 4) !== 'RIFF' || ascii(b, 8, 4) !== 'WEBP') return undefined
  const chunk = ascii(b, 12, 4)
  if (chunk === 'VP8 ') return { format: 'webp', width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff }
  if (chunk === 'VP8L') {
    const bits = b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24)
    return { format: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 }
  }
  if (chunk === 'VP8X') {
    return { format: 'webp', width: 1 + (b[24]! | (b[25]! << 8) | (b[26]! << 16)), height: 1 + (b[27]! | (b[28]! << 8) | (b[29]! << 16)) }
  }
  return { format: 'webp', width: 0, height: 0 }
}

function tiff(b: Uint8Array): ImageInfo | undefined {
  if (b.length < 8) return undefined
  const le = b[0] === 0x49 && b[1] === 0x49 && b[2] === 0x2a && b[3] === 0
  const be = b[0] === 0x4d && b[1] === 0x4d && b[2] === 0 && b[3] === 0x2a
  if (!le && !be) return undefined
  const r16 = (i: number) => (le ? u16le(b, i) : u16be(b, i))
  const r32 = (i: number) => (le ? (b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16) | (b[i + 3]! << 24)) >>> 0 : u32be(b, i))
  const ifd = r32(4)
  let width = 0
  let height = 0
  if (ifd + 2 <= b.length) {
    const count = r16(ifd)
    for (let n = 0; n < count && ifd + 2 + n * 12 + 12 <= b.length; n++) {
      const entry = ifd + 2 + n * 12
      const tag = r16(entry)
      const type = r16(entry + 2)
      const value = type === 3 ? r16(entry + 8) : r32(entry + 8)
      if (tag === 256) width = value
      if (tag === 257) height = value
    }
  }
  return { format: 'tiff', width, height }
}

function avif(b: Uint8Array): ImageInfo | undefined {
  if (b.length < 16 || ascii(b, 4, 4) !== 'ftyp') return undefined
  const brand = ascii(b, 8, 4)
  if (brand !== 'avif' && brand !== 'avis') return undefined
  // 'ispe' box: 4 bytes version/flags, then width and height.
  for (let i = 16; i + 16 <= b.length && i < 4096; i++) {
    if (b[i] === 0x69 && ascii(b, i, 4) === 'ispe') return { format: 'avif', width: u32be(b, i + 8), height: u32be(b, i + 12) }
  }
  return { format: 'avif', width: 0, height: 0 }
}

function svg(b: Uint8Array): ImageInfo | undefined {
  const head = new TextDecoder('utf-8', { fatal: false }).decode(b.subarray(0, 4096)).replace(/^\uFEFF/, '')
  if (!/^\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!DOCTYPE[^>]*>\s*)?<svg[\s>]/i.test(head)) return undefined
  const tag = /<svg[^>]*>/i.exec(head)?.[0] ?? ''
  const attribute = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']\\s*([0-9.]+)\\s*(px)?\\s*["']`, 'i').exec(tag)?.[1]
  let width = Number(attribute('width') ?? 0)
  let height = Number(attribute('height') ?? 0)
  const viewBox = /\sviewBox\s*=\s*["']\s*[-0-9.]+[\s,]+[-0-9.]+[\s,]+([0-9.]+)[\s,]+([0-9.]+)\s*["']/i.exec(tag)
  if ((!width || !height) && viewBox) {
    const vw = Number(viewBox[1])
    const vh = Number(viewBox[2])
    if (!width && !height) {
      width = vw
      height = vh
    } else if (!height && vw) height = (width * vh) / vw
    else if (!width && vh) width = (height * vw) / vh
  }
  return { format: 'svg', width: Math.round(width) || 0, height: Math.round(height) || 0 }
}
