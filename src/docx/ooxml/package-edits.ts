/**
 * Edits to the packed .docx that the docx library cannot make while building it: the
 * reference document's theme and its headers and footers (with their own relationships and
 * images) copied in, and our style ids rewritten to the template's where it names a style
 * differently. Registered per Document, so `packDocx(document)` applies them whoever built it.
 */
import { strFromU8, strToU8 } from 'fflate'
import type { Document } from 'docx'
import { numberHeadings } from '../page/heading-numbering.js'
import { relationshipTargets, relsPath, type TemplateHeader } from '../styles/reference-doc.js'
import { attribute, element, elements, escapeXml } from './xml-scan.js'

export interface PackageEdits {
  /** Our style id → the template's. */
  styleIds?: ReadonlyMap<string, string>
  /**
   * The ids of the styles we wrote (a template's merged with ours). docx adds its own
   * default styles to external ones by id; one whose name a template already has under
   * another id ("heading 1" as berschrift1) would give Word two styles of one name, so it
   * is dropped.
   */
  styleIdsWritten?: ReadonlySet<string>
  /** The theme part to use instead of ours. */
  theme?: string
  /** Template headers and footers to copy, and the files they point to. */
  headers?: readonly TemplateHeader[]
  media?: ReadonlyMap<string, Uint8Array>
  /** Which section (in document order) receives the copied headers and footers. */
  headerSection?: number
  /** Link the Heading styles to the heading list (numbered headings, heading-numbering.ts). */
  headingNumbering?: boolean
}

const registry = new WeakMap<Document, PackageEdits>()

export function setPackageEdits(document: Document, edits: PackageEdits): void {
  if (edits.styleIds?.size || edits.styleIdsWritten || edits.theme || edits.headers?.length || edits.headingNumbering) registry.set(document, edits)
}

export function packageEditsOf(document: Document): PackageEdits | undefined {
  return registry.get(document)
}

const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
const HEADER_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.header+xml'
const FOOTER_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.footer+xml'
const MEDIA_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  emf: 'image/x-emf',
  wmf: 'image/x-wmf',
  svg: 'image/svg+xml',
}

/** Applies the edits to the package's files (by path, as unzipped). */
export function applyPackageEdits(files: Record<string, Uint8Array>, edits: PackageEdits): void {
  const read = (path: string) => (files[path] ? strFromU8(files[path]!) : undefined)
  const write = (path: string, text: string) => {
    files[path] = strToU8(text)
  }

  if (edits.styleIds && edits.styleIds.size > 0) {
    const ids = edits.styleIds
    for (const path of Object.keys(files)) {
      if (!/^word\/(?:document|footnotes|endnotes|comments|header\d*|footer\d*)\.xml$/.test(path)) continue
      const xml = read(path)!
      const rewritten = xml.replace(/(<w:(?:pStyle|rStyle|tblStyle)\s+w:val=")([^"]*)(")/g, (whole, open: string, id: string, close: string) => (ids.has(id) ? `${open}${escapeXml(ids.get(id)!)}${close}` : whole))
      if (rewritten !== xml) write(path, rewritten)
    }
  }

  let styles = read('word/styles.xml')
  if (edits.styleIdsWritten && styles) write('word/styles.xml', (styles = withoutDuplicateNames(styles, edits.styleIdsWritten)))
  const numbering = read('word/numbering.xml')
  if (edits.headingNumbering && styles && numbering) {
    const ids = edits.styleIds
    const numbered = numberHeadings({ styles, numbering }, (id) => ids?.get(id) ?? id)
    write('word/styles.xml', numbered.styles)
    write('word/numbering.xml', numbered.numbering)
  }

  const documentRels = read('word/_rels/document.xml.rels')
  if (edits.theme && documentRels) {
    const theme = relationshipTargets(documentRels, 'word').find((r) => r.type === 'theme')
    if (theme) write(theme.target, edits.theme)
  }

  if (edits.headers && edits.headers.length > 0 && documentRels) {
    let rels = documentRels
    let types = read('[Content_Types].xml') ?? ''
    let references = ''
    edits.headers.forEach((header, index) => {
      const n = index + 1
      const part = `${header.kind}Reference${n}.xml`
      write(`word/${part}`, header.xml)
      if (header.rels !== undefined) write(relsPath(`word/${part}`), copyRelationships(header, n, files, edits.media, (extension) => (types = withDefault(types, extension))))
      const id = `rIdReference${n}`
      rels = rels.replace('</Relationships>', `<Relationship Id="${id}" Type="${REL}/${header.kind}" Target="${part}"/></Relationships>`)
      types = types.replace('</Types>', `<Override PartName="/word/${part}" ContentType="${header.kind === 'header' ? HEADER_TYPE : FOOTER_TYPE}"/></Types>`)
      references += `<w:${header.kind}Reference w:type="${header.type}" r:id="${id}"/>`
    })
    write('word/_rels/document.xml.rels', rels)
    write('[Content_Types].xml', types)
    const documentXml = read('word/document.xml')
    const section = documentXml ? elements(documentXml, 'w:sectPr')[edits.headerSection ?? 0] : undefined
    if (documentXml && section) {
      const open = section.open.endsWith('/>') ? section.open.slice(0, -2) + '>' : section.open
      const replacement = `${open}${references}${section.inner}${section.open.endsWith('/>') ? '</w:sectPr>' : '</w:sectPr>'}`
      write('word/document.xml', documentXml.slice(0, section.start) + replacement + documentXml.slice(section.end))
    }
  }
}

/** styles.xml without the styles added after ours whose type and name one of ours already has. */
function withoutDuplicateNames(xml: string, written: ReadonlySet<string>): string {
  const key = (open: string, inner: string) => {
    const name = element(inner, 'w:name')
    return `${attribute(open, 'w:type') ?? 'paragraph'}:${((name && attribute(name.open, 'w:val')) ?? '').toLowerCase().replace(/\s+/g, '')}`
  }
  const styles = elements(xml, 'w:style')
  const ours = new Set(styles.filter((s) => written.has(attribute(s.open, 'w:styleId') ?? '')).map((s) => key(s.open, s.inner)))
  let out = xml
  for (const style of styles.reverse()) {
    if (written.has(attribute(style.open, 'w:styleId') ?? '') || !ours.has(key(style.open, style.inner))) continue
    out = out.slice(0, style.start) + out.slice(style.end)
  }
  return out
}

/** A template header's relationships, its images copied under names of their own. */
function copyRelationships(header: TemplateHeader, n: number, files: Record<string, Uint8Array>, media: ReadonlyMap<string, Uint8Array> | undefined, addType: (extension: string) => void): string {
  return (header.rels ?? '').replace(/<Relationship\b[^>]*>/g, (tag) => {
    const id = attribute(tag, 'Id')
    const source = id ? header.targets.get(id) : undefined
    const bytes = source ? media?.get(source) : undefined
    if (!source || !bytes) return tag
    const name = source.slice(source.lastIndexOf('/') + 1)
    const extension = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : 'bin'
    const copy = `media/reference${n}-${name.replace(/[^A-Za-z0-9._-]/g, '_')}`
    files[`word/${copy}`] = bytes
    addType(extension)
    return tag.replace(/\sTarget\s*=\s*("[^"]*"|'[^']*')/, ` Target="${copy}"`)
  })
}

/** Content types with a Default for `extension`, unless there is one. */
function withDefault(types: string, extension: string): string {
  if (new RegExp(`<Default\\s+Extension="${extension}"`, 'i').test(types)) return types
  const type = MEDIA_TYPES[extension] ?? 'application/octet-stream'
  return types.replace(/(<Types\b[^>]*>)/, `$1<Default Extension="${escapeXml(extension)}" ContentType="${type}"/>`)
}
