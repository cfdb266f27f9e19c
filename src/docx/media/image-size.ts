/**
 * How big an image with an explicit size (see mdast/image-size.ts) is drawn in Word.
 */
import type { ImageSize, Length } from '../../mdast/image-size.js'
import { PIXELS_PER } from '../../mdast/image-size.js'
import { TWIPS_PER_PIXEL } from '../ooxml/units.js'

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
