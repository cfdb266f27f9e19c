/**
 * The CLI's `convertImage` (see docx/media/images.ts): sharp (libvips, prebuilt in its npm package)
 * rasterises SVG to a PNG fallback for Word versions that cannot draw SVG, and turns WebP,
 * AVIF and TIFF, which Word cannot show, into PNG (transparent or lossless) or JPEG (opaque
 * photos). sharp is loaded on first use: where it cannot load, images that need it become
 * placeholders with a message saying why.
 */
import type { ImageFormat, ImageInfo } from '../docx/media/image-format.js'
import type { ImageConverter } from '../docx/media/images.js'

/** Longest side of an SVG's raster fallback, in pixels. */
const MAX_RASTER_SIDE = 4096
/** Decoding more pixels than this is refused (a decompression bomb, not a picture). */
const MAX_INPUT_PIXELS = 100_000_000

type Sharp = (typeof import('sharp'))['default']

let loading: Promise<Sharp | Error> | undefined

function loadSharp(): Promise<Sharp | Error> {
  loading ??= import('sharp').then(
    (module) => module.default,
    (error: unknown) => new Error(`the image library (sharp) could not be loaded: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`),
  )
  return loading
}

const CONVERTIBLE: ReadonlySet<ImageFormat> = new Set(['svg', 'webp', 'avif', 'tiff'])

export function createSharpImageConverter(): ImageConverter {
  return async (bytes: Uint8Array, info: ImageInfo) => {
    if (!CONVERTIBLE.has(info.format)) return undefined
    const sharp = await loadSharp()
    if (sharp instanceof Error) throw sharp
    if (info.format === 'svg') {
      // Twice the SVG's own size (crisp when printed), capped; sharp's density is in dots per inch of 72.
      const side = Math.max(info.width, info.height, 1)
      const scale = Math.min(2, MAX_RASTER_SIDE / side)
      const density = Math.max(1, Math.min(72 * scale, 2400))
      const png = await sharp(bytes, { density, limitInputPixels: MAX_INPUT_PIXELS }).timeout({ seconds: 30 }).png().toBuffer()
      return new Uint8Array(png.buffer, png.byteOffset, png.byteLength)
    }
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, pages: 1 }).timeout({ seconds: 30 })
    const metadata = await image.metadata()
    const lossless = metadata.hasAlpha === true || info.format === 'tiff' || metadata.isPalette === true
    const output = lossless ? await image.png().toBuffer() : await image.jpeg({ quality: 90 }).toBuffer()
    return new Uint8Array(output.buffer, output.byteOffset, output.byteLength)
  }
}
