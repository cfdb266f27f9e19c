/**
 * Small .docx files written by hand for the importer's tests: a body's XML (and, optionally,
 * comments, numbering, styles, notes) in the least package Word and mammoth open.
 */
import { strToU8, zipSync } from 'fflate'

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main'
const NS = `xmlns:w="${W}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture" xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office"`

export interface Parts {
  body: string
  comments?: string
  numbering?: string
  styles?: string
  footnotes?: string
  /** Extra relationships of the document (`<Relationship …/>`) and files (path → bytes). */
  relationships?: string
  files?: Record<string, Uint8Array>
}

const PART_TYPES: Record<'comments' | 'numbering' | 'styles' | 'footnotes', [string, string]> = {
  comments: ['comments.xml', 'comments'],
  numbering: ['numbering.xml', 'numbering'],
  styles: ['styles.xml', 'styles'],
  footnotes: ['footnotes.xml', 'footnotes'],
}

export function makeDocx(parts: Parts): Uint8Array {
  const files: Record<string, Uint8Array> = {}
  const overrides: string[] = []
  const rels: string[] = []
  let id = 1
  for (const [key, [file, type]] of Object.entries(PART_TYPES) as Array<[keyof typeof PART_TYPES, [string, string]]>) {
    const content = parts[key]
    if (content === undefined) continue
    const root = key === 'footnotes' ? 'footnotes' : key === 'comments' ? 'comments' : key
    files[`word/${file}`] = strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:${root} ${NS}>${content}</w:${root}>`)
    overrides.push(`<Override PartName="/word/${file}" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.${type}+xml"/>`)
    rels.push(`<Relationship Id="rIdP${id++}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${type}" Target="${file}"/>`)
  }
  files['[Content_Types].xml'] = strToU8(
    `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>${overrides.join('')}</Types>`,
  )
  files['_rels/.rels'] = strToU8(
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
  )
  files['word/_rels/document.xml.rels'] = strToU8(`<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join('')}${parts.relationships ?? ''}</Relationships>`)
  files['word/document.xml'] = strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${NS}><w:body>${parts.body}</w:body></w:document>`)
  for (const [path, data] of Object.entries(parts.files ?? {})) files[path] = data
  return zipSync(files)
}

/** `<w:p>` with runs of plain text (each a string) or raw XML (each `{ xml }`). */
export function p(...content: Array<string | { xml: string }>): string {
  return `<w:p>${content.map((item) => (typeof item === 'string' ? run(item) : item.xml)).join('')}</w:p>`
}

export function run(text: string, properties = ''): string {
  return `<w:r>${properties ? `<w:rPr>${properties}</w:rPr>` : ''}<w:t xml:space="preserve">${escape(text)}</w:t></w:r>`
}

export function ins(xml: string, id = 1): { xml: string } {
  return { xml: `<w:ins w:id="${id}" w:author="Reviewer" w:date="2024-01-01T00:00:00Z">${xml}</w:ins>` }
}

export function del(text: string, id = 2): { xml: string } {
  return { xml: `<w:del w:id="${id}" w:author="Reviewer" w:date="2024-01-01T00:00:00Z"><w:r><w:delText xml:space="preserve">${escape(text)}</w:delText></w:r></w:del>` }
}

export function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

export function comment(id: number, text: string): string {
  return `<w:comment w:id="${id}" w:author="Reviewer" w:initials="R"><w:p><w:r><w:t xml:space="preserve">${escape(text)}</w:t></w:r></w:p></w:comment>`
}

/** A comment's range around `xml` (runs), with its reference after. */
export function commented(id: number, xml: string): { xml: string } {
  return { xml: `<w:commentRangeStart w:id="${id}"/>${xml}<w:commentRangeEnd w:id="${id}"/><w:r><w:commentReference w:id="${id}"/></w:r>` }
}
