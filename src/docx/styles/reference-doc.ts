/**
 * A reference .docx (`--reference-doc`, like pandoc's): what we take from it — its styles,
 * theme (colours and fonts), page size and margins, and its headers and footers (with the
 * images they hold). Read once per template bytes; pure (fflate, no DOM, no I/O).
 */
import { strFromU8, unzipSync } from 'fflate'
import { attribute, element, elements, numberAttribute } from '../ooxml/xml-scan.js'

export type HeaderKind = 'header' | 'footer'
export type HeaderType = 'default' | 'first' | 'even'

export interface TemplateHeader {
  kind: HeaderKind
  type: HeaderType
  /** The part's XML as the template has it. */
  xml: string
  /** Its relationships part, if any. */
  rels?: string
  /** Package path of each internal relationship target (images…), by relationship id. */
  targets: Map<string, string>
}

export interface ReferenceTemplate {
  /** word/styles.xml. */
  styles?: string
  /** The theme part (fonts and colours styles refer to through `asciiTheme`, `themeColor`…). */
  theme?: string
  /** Page size in twips, portrait or landscape as the template has it. */
  page?: { width: number; height: number }
  margins?: { top?: number; right?: number; bottom?: number; left?: number; header?: number; footer?: number }
  headers: TemplateHeader[]
  /** Bytes of the files headers and footers point to (images), by package path. */
  media: Map<string, Uint8Array>
  titlePage: boolean
  evenAndOddHeaders: boolean
}

export type ReadReference = { ok: true; template: ReferenceTemplate } | { ok: false; reason: string }

const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/'
const STRICT_REL = 'http://purl.oclc.org/ooxml/officeDocument/relationships/'
/** Parts larger than this (uncompressed) are not read: a template is small. */
const MAX_PART = 32 * 1024 * 1024
/** DEFLATE cannot inflate more than ~1032:1; a larger claim is a broken or hostile zip. */
const MAX_RATIO = 1032

const cache = new WeakMap<Uint8Array, ReadReference>()

/** Reads a reference .docx (or .dotx); never throws: an unusable file gives the reason. */
export function readReferenceDoc(bytes: Uint8Array): ReadReference {
  const cached = cache.get(bytes)
  if (cached) return cached
  const result = read(bytes)
  cache.set(bytes, result)
  return result
}

function read(bytes: Uint8Array): ReadReference {
  let files: Record<string, Uint8Array>
  try {
    let total = 0
    files = unzipSync(bytes, {
      filter: ({ name, size, originalSize }) => {
        if (name.endsWith('/') || originalSize > MAX_PART || originalSize > Math.max(size, 1) * MAX_RATIO) return false
        total += originalSize
        return total <= 4 * MAX_PART
      },
    })
  } catch {
    return { ok: false, reason: 'it is not a .docx file (not a zip archive)' }
  }
  const text = (path: string | undefined) => (path && files[path] ? strFromU8(files[path]!) : undefined)
  const main = relationshipTargets(text('_rels/.rels'), '').find((r) => r.type === 'officeDocument')?.target ?? 'word/document.xml'
  const documentXml = text(main)
  if (documentXml === undefined) return { ok: false, reason: 'it has no main document part, so it is not a Word document' }
  const mainRels = relationshipTargets(text(relsPath(main)), dirOf(main))
  const byType = (type: string) => mainRels.find((r) => r.type === type)?.target
  const styles = text(byType('styles'))
  const theme = text(byType('theme'))
  const settings = text(byType('settings'))

  const template: ReferenceTemplate = { headers: [], media: new Map(), titlePage: false, evenAndOddHeaders: false }
  if (styles !== undefined) template.styles = styles
  if (theme !== undefined) template.theme = theme
  template.evenAndOddHeaders = settings !== undefined && onOff(element(settings, 'w:evenAndOddHeaders')?.open)

  // The body's own section properties: the last sectPr in the document.
  const sections = elements(documentXml, 'w:sectPr')
  const section = sections[sections.length - 1]
  if (section) {
    const size = element(section.inner, 'w:pgSz')
    const width = size && numberAttribute(size.open, 'w:w')
    const height = size && numberAttribute(size.open, 'w:h')
    if (width && height && width > 1440 && height > 1440 && width < 31680 * 2 && height < 31680 * 2) template.page = { width, height }
    const margin = element(section.inner, 'w:pgMar')
    if (margin) {
      const margins: NonNullable<ReferenceTemplate['margins']> = {}
      for (const side of ['top', 'right', 'bottom', 'left', 'header', 'footer'] as const) {
        const value = numberAttribute(margin.open, `w:${side}`)
        // Negative top/bottom margins mean "do not move the text for headers"; their size is what counts.
        if (value !== undefined) margins[side] = Math.abs(Math.round(value))
      }
      template.margins = margins
    }
    template.titlePage = onOff(element(section.inner, 'w:titlePg')?.open)
    for (const kind of ['header', 'footer'] as const) {
      for (const reference of elements(section.inner, `w:${kind}Reference`)) {
        const type = attribute(reference.open, 'w:type') ?? 'default'
        const id = attribute(reference.open, 'r:id')
        const path = mainRels.find((r) => r.id === id)?.target
        const xml = text(path)
        if (!path || xml === undefined || (type !== 'default' && type !== 'first' && type !== 'even')) continue
        const rels = text(relsPath(path))
        const targets = new Map<string, string>()
        for (const r of relationshipTargets(rels, dirOf(path))) {
          if (r.external || !files[r.target]) continue
          targets.set(r.id, r.target)
          template.media.set(r.target, files[r.target]!)
        }
        template.headers.push({ kind, type, xml, ...(rels !== undefined ? { rels } : {}), targets })
      }
    }
  }
  return { ok: true, template }
}

interface RelationshipTarget {
  id: string
  /** The last segment of the relationship type (`styles`, `header`, `officeDocument`…). */
  type: string
  /** Package path of the target (for internal ones). */
  target: string
  external: boolean
}

export function relationshipTargets(rels: string | undefined, baseDir: string): RelationshipTarget[] {
  if (!rels) return []
  return elements(rels, 'Relationship').flatMap(({ open }) => {
    const id = attribute(open, 'Id')
    const type = attribute(open, 'Type')
    const target = attribute(open, 'Target')
    if (!id || !type || target === undefined) return []
    const external = attribute(open, 'TargetMode') === 'External'
    const shortType = type.startsWith(REL) ? type.slice(REL.length) : type.startsWith(STRICT_REL) ? type.slice(STRICT_REL.length) : type.slice(type.lastIndexOf('/') + 1)
    return [{ id, type: shortType, target: external ? target : resolvePath(baseDir, target), external }]
  })
}

/** `word/_rels/document.xml.rels` for `word/document.xml`. */
export function relsPath(part: string): string {
  const dir = dirOf(part)
  return `${dir}${dir ? '/' : ''}_rels/${part.slice(dir.length ? dir.length + 1 : 0)}.rels`
}

function dirOf(path: string): string {
  const slash = path.lastIndexOf('/')
  return slash === -1 ? '' : path.slice(0, slash)
}

function resolvePath(baseDir: string, target: string): string {
  const segments = target.startsWith('/') ? [] : baseDir.split('/').filter(Boolean)
  for (const segment of target.replace(/^\//, '').split('/')) {
    if (segment === '..') segments.pop()
    else if (segment !== '.' && segment !== '') segments.push(decodeURIComponentSafe(segment))
  }
  return segments.join('/')
}

function decodeURIComponentSafe(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** A CT_OnOff element: present and not `false`/`0`/`off`. */
function onOff(open: string | undefined): boolean {
  if (!open) return false
  const value = attribute(open, 'w:val')
  return value === undefined || !/^(false|0|off)$/i.test(value)
}
