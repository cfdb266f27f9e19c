/**
 * Explicit image sizes, read alike for the preview and the export: HTML's
 * `<img width="200" height="100">` (and `style="width: 50%"`), and pandoc's attribute syntax
 * after an image, `![alt](x.png){width=50%}` or `{width=3in height=2cm}`. Lengths in px (the unit when none is given), in, cm, mm, pt, or a
 * percentage of the text width (of the text height, for heights).
 */
import type { Nodes, Root } from 'mdast'
import { attributeValue, parseAttributes, type Attributes } from './attributes.js'

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
    /** Where raw HTML placed it (`<img align="right">`): the alignment of its figure paragraph. */
    align?: 'left' | 'center' | 'right'
  }
  interface ImageReferenceData {
    /** A size the author asked for (see image-size.ts). */
    size?: ImageSize
  }
}

/** Pixels (CSS, 96 per inch) per unit. */
export const PIXELS_PER: Readonly<Record<Exclude<LengthUnit, '%'>, number>> = { px: 1, in: 96, cm: 96 / 2.54, mm: 96 / 25.4, pt: 96 / 72 }

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

/**
 * A pandoc attribute block at the start of `text` (`{width=50% .class}`): its length, what it
 * says, and the size it gives. Undefined when `text` does not start with a well-formed block.
 */
export function parseAttributeBlock(text: string): { length: number; attributes: Attributes; size?: ImageSize } | undefined {
  const block = parseAttributes(text)
  if (!block || block.rawFormat !== undefined) return undefined
  const { attributes } = block
  const size = parseImageSize({ width: attributeValue(attributes, 'width'), height: attributeValue(attributes, 'height'), style: attributeValue(attributes, 'style') })
  return { length: block.length, attributes, ...(size ? { size } : {}) }
}


/**
 * The parser's part: pandoc's attribute block after an image is taken off the text and becomes
 * the image's `data.attributes` (its id labels a figure), its size (`data.size`, for the export)
 * and its `width`/`height` attributes (`data.hProperties`, for the preview: pixels, or a percentage).
 */
export function remarkImageAttributes() {
  return (tree: Root) => {
    visitParents(tree)
  }
}

function visitParents(node: Nodes): void {
  if (!('children' in node)) return
  const children = node.children as Nodes[]
  for (let index = 0; index < children.length; index++) {
    const child = children[index]!
    visitParents(child)
    const next = children[index + 1]
    if ((child.type !== 'image' && child.type !== 'imageReference') || next?.type !== 'text') continue
    const block = parseAttributeBlock(next.value)
    if (!block) continue
    child.data = { ...child.data, attributes: block.attributes }
    if (block.size) child.data = { ...child.data, size: block.size, hProperties: { ...child.data.hProperties, ...htmlSize(block.size) } }
    const rest = next.value.slice(block.length)
    if (rest === '') children.splice(index + 1, 1)
    else {
      next.value = rest
      if (next.position?.start.offset !== undefined) {
        next.position = { ...next.position, start: { ...next.position.start, offset: next.position.start.offset + block.length, column: next.position.start.column + block.length } }
      }
    }
  }
}

/** `width`/`height` attributes for an `<img>`: percentages as such, other units in CSS pixels. */
function htmlSize(size: ImageSize): Record<string, string | number> {
  const out: Record<string, string | number> = {}
  const attribute = (length: Length) => (length.unit === '%' ? `${length.value}%` : Math.max(1, Math.round(length.value * PIXELS_PER[length.unit])))
  if (size.width) out.width = attribute(size.width)
  if (size.height) out.height = attribute(size.height)
  return out
}
