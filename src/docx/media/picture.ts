/**
 * An image as a Word drawing: embedded bytes, at the size the author gave (`<img width>`,
 * `{width=50%}`, see image-size.ts) or its own, scaled to fit the width available where it
 * stands (and the page height) keeping its aspect ratio, its alt text as the drawing's
 * description, an id unique in the document. Images that could not be loaded leave a
 * visible placeholder with their alt text.
 */
import { ImageRun, TextRun, type ParagraphChild } from 'docx'
import type { ImageData } from 'mdast'
import type { Node } from 'unist'
import type { Context } from '../context.js'
import type { ImageInfo } from './image-format.js'
import { explicitPixels } from './image-size.js'
import type { State } from '../state.js'
import { TWIPS_PER_PIXEL } from '../ooxml/units.js'
import { xmlSafe } from '../text/text.js'

/** Room kept under a figure for its caption, as a share of the text height. */
const HEIGHT_SHARE = 0.85

/**
 * The size the author asked for, as pandoc attributes after the drawing's name (`Picture 4
 * {width=40%}`: Word shows it only in the Selection Pane), so an import can give it back.
 */
function sizeNote(node: Node): string {
  const data = (node as { data?: ImageData }).data
  const pairs = (data?.attributes?.pairs ?? []).filter(([key, value]) => (key === 'width' || key === 'height') && /^\d+(?:\.\d+)?(?:px|in|cm|mm|pt|%)?$/.test(value))
  if (pairs.length > 0) return ` {${pairs.map(([key, value]) => `${key}=${value}`).join(' ')}}`
  const size = data?.size
  if (!size) return ''
  const parts = (['width', 'height'] as const).flatMap((key) => {
    const length = size[key]
    return length && Number.isFinite(length.value) ? [`${key}=${length.value}${length.unit === 'px' ? '' : length.unit}`] : []
  })
  return parts.length > 0 ? ` {${parts.join(' ')}}` : ''
}

export function picture(state: State, node: Node, url: string, alt: string, title: string | undefined, context: Context): ParagraphChild[] {
  const result = state.image(url)
  if (!result || !result.ok) {
    const reason = result ? result.reason : 'it was not loaded before converting'
    state.warn(node, `Image "${shorten(url)}" is not in the document: ${reason}`, 'image-missing')
    return placeholder(alt || url)
  }
  const room = { width: context.width, height: state.textArea.height * HEIGHT_SHARE }
  const size = (node as { data?: ImageData }).data?.size
  const { width, height } = size ? explicitPixels(size, fitted(result.info, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER), room) : fitted(result.info, room.width, room.height)
  const id = state.drawingId()
  const altText = { id: String(id), name: `Picture ${id}${sizeNote(node)}`, description: xmlSafe(alt).text, ...(title ? { title: xmlSafe(title).text } : {}) }
  const transformation = { width, height }
  if (result.info.format === 'svg' && result.fallback && (result.fallback.info.format === 'png' || result.fallback.info.format === 'jpg')) {
    const raster = { type: result.fallback.info.format, data: result.fallback.bytes }
    if (state.options.svg === 'vector') return [new ImageRun({ type: 'svg', data: result.bytes, fallback: raster, transformation, altText })]
    return [new ImageRun({ ...raster, transformation, altText })]
  }
  const format = result.info.format
  if (format !== 'png' && format !== 'jpg' && format !== 'gif' && format !== 'bmp') {
    state.warn(node, `Image "${shorten(url)}" is ${format.toUpperCase()}, which Word cannot show`, 'image-unsupported')
    return placeholder(alt || url)
  }
  return [new ImageRun({ type: format, data: result.bytes, transformation, altText })]
}

/**
 * Display size in pixels (96 per inch): the file's own size at its recorded resolution,
 * shrunk to fit `maxWidth` × `maxHeight` twips, never enlarged.
 */
export function fitted(info: ImageInfo, maxWidthTwips: number, maxHeightTwips: number): { width: number; height: number } {
  const dpiX = info.dpiX && info.dpiX >= 30 && info.dpiX <= 2400 ? info.dpiX : 96
  const dpiY = info.dpiY && info.dpiY >= 30 && info.dpiY <= 2400 ? info.dpiY : dpiX
  let width = (Math.max(info.width, 1) * 96) / dpiX
  let height = (Math.max(info.height, 1) * 96) / dpiY
  const maxWidth = Math.max(maxWidthTwips / TWIPS_PER_PIXEL, 16)
  const maxHeight = Math.max(maxHeightTwips / TWIPS_PER_PIXEL, 16)
  const scale = Math.min(1, maxWidth / width, maxHeight / height)
  // Shrunk images round down, so rounding never pushes them past the margin they were fitted to.
  const whole = scale < 1 ? Math.floor : Math.round
  width = Math.max(1, whole(width * scale))
  height = Math.max(1, whole(height * scale))
  return { width, height }
}

function placeholder(label: string): ParagraphChild[] {
  return [new TextRun({ text: `[image: ${xmlSafe(label).text}]`, italics: true, color: '7F7F7F' })]
}

function shorten(url: string): string {
  if (url.startsWith('data:')) return `${url.slice(0, 30)}…`
  return url.length > 80 ? `${url.slice(0, 77)}…` : url
}
