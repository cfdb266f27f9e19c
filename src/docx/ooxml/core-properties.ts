/**
 * docProps/core.xml, written by us: docx stamps `created`/`modified` with the clock, which
 * would make every export differ. Dates are written only when the document gives one.
 */
import { textWithoutComments } from '../../mdast/text-without-comments.js'
import type { DocumentMetadata } from '../../mdast/front-matter.js'
import type { ParseMarkdown } from '../options.js'

const esc = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '\uFFFD')

export interface CoreProperties {
  title?: string
  subject?: string
  creator?: string
  keywords?: string
  description?: string
  language?: string
  /** W3C date-time, e.g. from front matter `date`. */
  date?: string
}

export function corePropertiesFrom(metadata: DocumentMetadata, title?: string, parse?: ParseMarkdown): CoreProperties {
  const properties: CoreProperties = {}
  const chosenTitle = title ?? (metadata.title && plainText(metadata.title, parse))
  if (chosenTitle) properties.title = chosenTitle
  if (metadata.subtitle) properties.subject = plainText(metadata.subtitle, parse)
  if (metadata.authors.length > 0) properties.creator = metadata.authors.join('; ')
  if (metadata.keywords.length > 0) properties.keywords = metadata.keywords.join(', ')
  if (metadata.abstract) properties.description = plainText(metadata.abstract, parse)
  if (metadata.lang) properties.language = metadata.lang
  const date = metadata.date && w3cDate(metadata.date)
  if (date) properties.date = date
  return properties
}

/**
 * Front matter Markdown (pandoc reads title, subtitle and abstract as Markdown) as the plain
 * text document properties hold: `The *Great* Report` → `The Great Report`; paragraphs
 * stay apart.
 */
export function plainText(markdown: string, parse: ParseMarkdown | undefined): string {
  if (!parse) return markdown.trim()
  const tree = parse(markdown)
  const text = tree.children.map((block) => textWithoutComments(block).replace(/\s+/g, ' ').trim()).filter(Boolean).join('\n\n')
  return text || markdown.trim()
}

/** An ISO date (or date-time) as dcterms:W3CDTF, or undefined when it is not one. */
function w3cDate(value: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(value.trim())
  if (!match) return undefined
  const [, y, mo, d, h = '00', mi = '00', s = '00'] = match
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`)
  return Number.isNaN(date.getTime()) ? undefined : `${y}-${mo}-${d}T${h}:${mi}:${s}Z`
}

export function corePropertiesXml(properties: CoreProperties): string {
  const element = (name: string, value: string | undefined) => (value ? `<${name}>${esc(value)}</${name}>` : '')
  const date = properties.date
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    element('dc:title', properties.title) +
    element('dc:subject', properties.subject) +
    element('dc:creator', properties.creator) +
    element('cp:keywords', properties.keywords) +
    element('dc:description', properties.description) +
    element('dc:language', properties.language) +
    (date ? `<dcterms:created xsi:type="dcterms:W3CDTF">${date}</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">${date}</dcterms:modified>` : '') +
    '</cp:coreProperties>'
  )
}
