/**
 * Explicit image sizes: HTML's `<img width="200" height="100">` (and `style="width: 50%"`),
 * and pandoc's attribute syntax after an image, `![alt](x.png){width=50%}` or
 * `{width=3in height=2cm}`. Lengths in px (the unit when none is given), in, cm, mm, pt, or a
 * percentage of the text width (of the text height, for heights).
 */
import { TWIPS_PER_PIXEL } from './units.js'

export type LengthUnit = 'px' | 'in' | 'cm' | 'mm' | 'pt' | '%'

export interface Length {
  value: number
  unit: LengthUnit
}

export interface ImageSize {
  width?: Length
  height?: Length
}

declare module 'mdast' {
  interface ImageData {
    /** A size the author asked for (see image-size.ts). */
    size?: ImageSize
  }
  interface ImageReferenceData {
    /** A size the author asked for (see image-size.ts). */
    size?: ImageSize
  }
}

const PIXELS_PER: Readonly<Record<Exclude<LengthUnit, '%'>, number>> = { px: 1, in: 96, cm: 96 / 2.54, mm: 96 / 25.4, pt: 96 / 72 }

/** `200`, `200px`, `3in`, `2.5cm`, `50%`… → a length; undefined for anything else (auto, 0, negative, em). */
export function parseImageLength(text: string | undefined): Length | undefined {
  if (text === undefined) return undefined
  const match = /^\s*([0-9]*\.?[0-9]+)\s*(px|in|cm|mm|pt|%)?\s*$/i.exec(text)
  if (!match) return undefined
  const value = Number(match[1])
  if (!(value > 0) || !Number.isFinite(value)) return undefined
  return { value, unit: (match[2]?.toLowerCase() ?? 'px') as LengthUnit }
}

/** Size from HTML attributes (`width`, `height`, and `style` width/height). */
export function parseImageSize(attributes: { width?: string | undefined; height?: string | undefined; style?: string | undefined }): ImageSize | undefined {
  const style = attributes.style ?? ''
  const fromStyle = (name: string) => new RegExp(`(?:^|;)\\s*${name}\\s*:\\s*([^;]+)`, 'i').exec(style)?.[1]
  const width = parseImageLength(fromStyle('width')) ?? parseImageLength(attributes.width)
  const height = parseImageLength(fromStyle('height')) ?? parseImageLength(attributes.height)
  if (!width && !height) return undefined
  return { ...(width ? { width } : {}), ...(height ? { height } : {}) }
}

const ATTRIBUTE = /#[\w:.-]+|\.[\w:-]+|[\w:-]+=(?:"[^"]*"|'[^']*'|[^\s"'}]+)/y

/**
 * A pandoc attribute block at the start of `text` (`{width=50% .class}`): its length and the size
 * it gives. Undefined when `text` does not start with a well-formed block.
 */
export function parseAttributeBlock(text: string): { length: number; size?: ImageSize } | undefined {
  if (!text.startsWith('{')) return undefined
  const end = text.indexOf('}')
  if (end === -1) return undefined
  const inner = text.slice(1, end)
  const values: Record<string, string> = {}
  let index = 0
  while (index < inner.length) {
    if (/\s/.test(inner[index]!)) {
      index++
      continue
    }
    ATTRIBUTE.lastIndex = index
    const match = ATTRIBUTE.exec(inner)
    if (!match) return undefined
    const [whole] = match
    const equals = whole.indexOf('=')
    if (equals > 0) values[whole.slice(0, equals).toLowerCase()] = whole.slice(equals + 1).replace(/^(["'])(.*)\1$/, '$2')
    index += whole.length
  }
  if (Object.keys(values).length === 0 && inner.trim() === '') return undefined
  const size = parseImageSize({ width: values.width, height: values.height, style: values.style })
  return { length: end + 1, ...(size ? { size } : {}) }
}

/**
 * Display size in pixels for an explicit size: the given length(s), the other side from the
 * image's aspect ratio, then shrunk (never stretched out of proportion) to fit the room.
 */
export function explicitPixels(size: ImageSize, natural: { width: number; height: number }, roomTwips: { width: number; height: number }): { width: number; height: number } {
  const room = { width: Math.max(roomTwips.width / TWIPS_PER_PIXEL, 16), height: Math.max(roomTwips.height / TWIPS_PER_PIXEL, 16) }
  const toPixels = (length: Length | undefined, whole: number) => (length === undefined ? undefined : length.unit === '%' ? (whole * Math.min(length.value, 100)) / 100 : length.value * PIXELS_PER[length.unit])
  const ratio = natural.width > 0 && natural.height > 0 ? natural.height / natural.width : 1
  let width = toPixels(size.width, room.width)
  let height = toPixels(size.height, room.height)
  if (width === undefined && height === undefined) return natural
  if (width === undefined) width = height! / ratio
  if (height === undefined) height = width * ratio
  const scale = Math.min(1, room.width / width, room.height / height)
  // Shrunk sizes round down, so rounding never pushes an image past the margin it was fitted to.
  const whole = scale < 1 ? Math.floor : Math.round
  return { width: Math.max(1, whole(width * scale)), height: Math.max(1, whole(height * scale)) }
}
