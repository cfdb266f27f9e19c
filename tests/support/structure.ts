/**
 * The project's own structural checks of a .docx — what Word needs to open a file without a
 * repair prompt, as far as it can be said without an XSD: runnable anywhere (no pandoc, no
 * xmllint), used by every test that produces a .docx. `checkStructure` returns the problems
 * as `rule: part: message` lines; a good package gives an empty list.
 *
 * What it checks: the zip (readable, no duplicate or ill-named entries, stored/deflate only);
 * [Content_Types].xml gives every part a type; every .rels part parses, has unique ids,
 * internal targets that exist and external ones marked External (hyperlinks must be
 * external); every r:id/r:embed resolves in its part's .rels to a relationship of the right
 * type; every XML part is well-formed and holds no character XML 1.0 forbids; wp:docPr ids
 * unique per part; bookmark ids unique and paired, hyperlink anchors naming a bookmark;
 * numbering references (numId → num → abstractNum, ilvl 0–8); footnote/endnote references
 * and separator notes; table grids (cells with gridSpan span exactly the tblGrid) and cells
 * (block content ending in w:p); styles (pStyle/rStyle/tblStyle defined with the right type,
 * basedOn/next/link defined).
 */
import { strFromU8, unzipSync } from 'fflate'
import type { Document, Element } from '@xmldom/xmldom'
import { attr, child, childElements, elements, parseXml } from './xml.js'

const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
const REL_TYPE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/'
const MAIN_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml'

export interface ZipEntry {
  name: string
  /** 0 stored, 8 deflate. */
  method: number
  compressedSize: number
  size: number
}

/** The entries of a zip's central directory, read directly (fflate would hide duplicates). */
export function zipEntries(zip: Uint8Array): ZipEntry[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength)
  let eocd = -1
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i
      break
    }
  }
  if (eocd < 0) throw new Error('no end of central directory record')
  const count = view.getUint16(eocd + 10, true)
  let offset = view.getUint32(eocd + 16, true)
  const entries: ZipEntry[] = []
  for (let n = 0; n < count; n++) {
    if (offset + 46 > zip.length || view.getUint32(offset, true) !== 0x02014b50) throw new Error(`central directory entry ${n} is damaged`)
    const flags = view.getUint16(offset + 8, true)
    const nameLength = view.getUint16(offset + 28, true)
    const nameBytes = zip.subarray(offset + 46, offset + 46 + nameLength)
    const name = flags & 0x800 ? new TextDecoder().decode(nameBytes) : String.fromCharCode(...nameBytes)
    entries.push({ name, method: view.getUint16(offset + 10, true), compressedSize: view.getUint32(offset + 20, true), size: view.getUint32(offset + 24, true) })
    offset += 46 + nameLength + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true)
  }
  return entries
}

// eslint-disable-next-line no-control-regex
const INVALID_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
const CHAR_REF = /&#(x[0-9A-Fa-f]+|[0-9]+);/g

function validCodePoint(code: number): boolean {
  return code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || (code >= 0x10000 && code <= 0x10ffff)
}

interface Relationship {
  id: string
  type: string
  target: string
  external: boolean
  /** The package path an internal target resolves to. */
  resolved?: string
}

/** The part a .rels file describes: `word/_rels/document.xml.rels` → `word/document.xml`; `_rels/.rels` → '' (the package). */
function sourceOfRels(path: string): string {
  const match = /^(.*?)_rels\/([^/]*)\.rels$/.exec(path)
  if (!match) return ''
  return `${match[1]}${match[2]}`
}

/** The .rels part of a part. */
function relsOf(part: string): string {
  const slash = part.lastIndexOf('/')
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`
}

/** Resolves a relationship target against its source part, as OPC does (no leading slash in the result). */
function resolveTarget(source: string, target: string): string {
  let decoded = target
  try {
    decoded = decodeURI(target)
  } catch {
    // keep as written
  }
  const base = decoded.startsWith('/') ? [] : source.split('/').slice(0, -1)
  const segments = [...base]
  for (const segment of decoded.replace(/^\//, '').split('/')) {
    if (segment === '..') segments.pop()
    else if (segment !== '.' && segment !== '') segments.push(segment)
  }
  return segments.join('/')
}

export interface StructureOptions {
  /** Also require at least one paragraph in the body (Word's minimum). Default true. */
  requireBodyParagraph?: boolean
}

/** Every structural problem of a .docx, as `rule: part: message`; empty when the package is sound. */
export function checkStructure(data: Uint8Array, options: StructureOptions = {}): string[] {
  const problems: string[] = []
  const report = (rule: string, part: string, message: string) => problems.push(`${rule}: ${part}: ${message}`)

  // (a) The zip.
  let entries: ZipEntry[]
  let files: Record<string, Uint8Array>
  try {
    entries = zipEntries(data)
    files = unzipSync(data)
  } catch (error) {
    report('zip-unreadable', '(package)', (error as Error).message)
    return problems
  }
  const seen = new Set<string>()
  for (const entry of entries) {
    const lower = entry.name.toLowerCase()
    if (seen.has(lower)) report('zip-duplicate', entry.name, 'entry appears twice (part names are case-insensitive)')
    seen.add(lower)
    if (entry.name.includes('\\') || entry.name.startsWith('/') || entry.name.split('/').some((s) => s === '.' || s === '..')) report('zip-bad-name', entry.name, 'not a valid part name')
    if (entry.method !== 0 && entry.method !== 8) report('zip-compression', entry.name, `compression method ${entry.method} (only stored and deflate are allowed)`)
  }
  const parts = Object.keys(files).filter((path) => !path.endsWith('/'))
  const partSet = new Set(parts)
  const partLower = new Map(parts.map((path) => [path.toLowerCase(), path]))

  // (b) Well-formed XML without forbidden characters.
  const xml = new Map<string, Document>()
  for (const path of parts) {
    if (!/\.(xml|rels)$/i.test(path)) continue
    const text = strFromU8(files[path]!)
    const bad = INVALID_CHAR.exec(text)
    if (bad) report('xml-invalid-char', path, `character U+${bad[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')} is not allowed in XML`)
    for (const match of text.matchAll(CHAR_REF)) {
      const ref = match[1]!
      const code = ref.startsWith('x') ? parseInt(ref.slice(1), 16) : parseInt(ref, 10)
      if (!validCodePoint(code)) report('xml-invalid-char', path, `character reference ${match[0]} names a character XML does not allow`)
    }
    try {
      xml.set(path, parseXml(text))
    } catch (error) {
      report('xml-malformed', path, (error as Error).message.split('\n')[0]!)
    }
  }

  // (c) Content types.
  const types = xml.get('[Content_Types].xml')
  const contentType = new Map<string, string>()
  if (!types) report('content-types-missing', '[Content_Types].xml', 'absent or unreadable')
  else {
    const defaults = new Map<string, string>()
    for (const element of elements(types, 'Default')) defaults.set((attr(element, 'Extension') ?? '').toLowerCase(), attr(element, 'ContentType') ?? '')
    const overrides = new Map<string, string>()
    for (const element of elements(types, 'Override')) {
      const name = (attr(element, 'PartName') ?? '').replace(/^\//, '').toLowerCase()
      if (overrides.has(name)) report('content-type-duplicate', '[Content_Types].xml', `two overrides for /${name}`)
      overrides.set(name, attr(element, 'ContentType') ?? '')
    }
    for (const path of parts) {
      if (path === '[Content_Types].xml') continue
      const extension = path.includes('.') ? path.slice(path.lastIndexOf('.') + 1).toLowerCase() : ''
      const type = overrides.get(path.toLowerCase()) ?? defaults.get(extension)
      if (type === undefined || type === '') report('content-type-missing', path, 'no content type (neither an Override nor a Default for its extension)')
      else contentType.set(path, type)
    }
  }

  // (d) Relationships.
  const relationships = new Map<string, Map<string, Relationship>>()
  for (const path of parts) {
    if (!path.endsWith('.rels')) continue
    const doc = xml.get(path)
    if (!doc) continue
    const source = sourceOfRels(path)
    if (source !== '' && !partSet.has(source)) report('rels-orphan', path, `describes ${source}, which is not in the package`)
    const byId = new Map<string, Relationship>()
    for (const element of elements(doc, 'Relationship')) {
      const id = attr(element, 'Id') ?? ''
      const type = attr(element, 'Type') ?? ''
      const target = attr(element, 'Target') ?? ''
      const external = attr(element, 'TargetMode') === 'External'
      if (id === '') report('rels-no-id', path, `relationship to ${target} has no Id`)
      if (byId.has(id)) report('rels-duplicate-id', path, `Id ${id} is used twice`)
      const relationship: Relationship = { id, type, target, external }
      if (!external) {
        if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(target)) report('rels-not-external', path, `${id} → ${target} has a URI scheme but no TargetMode="External"`)
        else {
          const resolved = resolveTarget(source, target)
          relationship.resolved = partLower.get(resolved.toLowerCase()) ?? resolved
          if (!partLower.has(resolved.toLowerCase())) report('rels-target-missing', path, `${id} → ${target} (${resolved}) is not in the package`)
        }
      }
      if (type === `${REL_TYPE}hyperlink` && !external) report('hyperlink-not-external', path, `hyperlink ${id} → ${target} is not TargetMode="External"`)
      byId.set(id, relationship)
    }
    relationships.set(source, byId)
  }
  const rootRels = [...(relationships.get('')?.values() ?? [])]
  const officeDocuments = rootRels.filter((r) => r.type === `${REL_TYPE}officeDocument`)
  if (officeDocuments.length !== 1) report('office-document', '_rels/.rels', `${officeDocuments.length} officeDocument relationships (exactly one is required)`)
  const main = officeDocuments[0]?.resolved ?? 'word/document.xml'
  if (officeDocuments.length === 1 && contentType.get(main) !== MAIN_CONTENT_TYPE) report('main-content-type', main, `content type is ${contentType.get(main) ?? 'missing'}`)
  const mainDoc = xml.get(main)
  if (!mainDoc) report('main-missing', main, 'the main document part is absent or unreadable')

  /** The part a relationship of `type` from `source` leads to (styles, numbering…). */
  const related = (source: string, type: string) => [...(relationships.get(source)?.values() ?? [])].find((r) => r.type === `${REL_TYPE}${type}` && !r.external)?.resolved
  const stylesPart = related(main, 'styles')
  const numberingPart = related(main, 'numbering')
  const footnotesPart = related(main, 'footnotes')
  const endnotesPart = related(main, 'endnotes')
  // The parts that hold content (and so references of every kind).
  const contentParts = [main, footnotesPart, endnotesPart, ...[...(relationships.get(main)?.values() ?? [])].filter((r) => /\/(header|footer|comments)$/.test(r.type)).map((r) => r.resolved)].filter(
    (path): path is string => path !== undefined && xml.has(path),
  )

  // r:* attributes resolve in their part's .rels, to a relationship of the right kind.
  for (const [path, doc] of xml) {
    if (path.endsWith('.rels') || path === '[Content_Types].xml') continue
    const rels = relationships.get(path)
    for (const element of elements(doc, '*')) {
      for (const attribute of Array.from(element.attributes)) {
        if (attribute.namespaceURI !== REL_NS) continue
        const relationship = rels?.get(attribute.value)
        const where = `<${element.nodeName} ${attribute.name}="${attribute.value}">`
        if (!relationship) {
          report('rid-missing', path, `${where} names no relationship in ${relsOf(path)}`)
          continue
        }
        if (element.nodeName === 'w:hyperlink' && (relationship.type !== `${REL_TYPE}hyperlink` || !relationship.external)) report('hyperlink-rel', path, `${where} is not an external hyperlink relationship`)
        if (element.nodeName === 'a:blip' || element.nodeName === 'v:imagedata' || element.nodeName === 'asvg:svgBlip') {
          if (relationship.type !== `${REL_TYPE}image`) report('image-rel', path, `${where} is a ${relationship.type.replace(REL_TYPE, '')} relationship, not an image`)
          else if (relationship.external) report('image-rel', path, `${where} is an external image (Word would fetch it)`)
          else if (relationship.resolved && !(contentType.get(relationship.resolved) ?? '').startsWith('image/')) report('image-content-type', relationship.resolved, `content type ${contentType.get(relationship.resolved) ?? 'missing'} is not image/*`)
        }
      }
    }
  }

  // Drawings: wp:docPr ids unique within a part.
  for (const path of contentParts) {
    const ids = new Set<string>()
    for (const docPr of elements(xml.get(path)!, 'wp:docPr')) {
      const id = attr(docPr, 'id') ?? ''
      if (!/^\d+$/.test(id)) report('docpr-id', path, `wp:docPr id "${id}" is not a number`)
      if (ids.has(id)) report('docpr-duplicate-id', path, `wp:docPr id ${id} is used twice`)
      ids.add(id)
    }
  }

  // Bookmarks: ids unique and paired within each part; hyperlink anchors name a bookmark.
  const bookmarkNames = new Set<string>()
  for (const path of contentParts) {
    const doc = xml.get(path)!
    const starts = new Map<string, string>()
    for (const start of elements(doc, 'w:bookmarkStart')) {
      const id = attr(start, 'w:id') ?? ''
      const name = attr(start, 'w:name') ?? ''
      if (starts.has(id)) report('bookmark-duplicate-id', path, `bookmark id ${id} starts twice`)
      starts.set(id, name)
      if (bookmarkNames.has(name)) report('bookmark-duplicate-name', path, `bookmark name "${name}" is used twice`)
      bookmarkNames.add(name)
      if (name.length > 40) report('bookmark-name', path, `bookmark name "${name}" is longer than 40 characters`)
    }
    const ends = new Set<string>()
    for (const end of elements(doc, 'w:bookmarkEnd')) {
      const id = attr(end, 'w:id') ?? ''
      if (ends.has(id)) report('bookmark-duplicate-id', path, `bookmark id ${id} ends twice`)
      ends.add(id)
      if (!starts.has(id)) report('bookmark-unpaired', path, `bookmarkEnd ${id} has no bookmarkStart`)
    }
    for (const id of starts.keys()) if (!ends.has(id)) report('bookmark-unpaired', path, `bookmarkStart ${id} (${starts.get(id)}) has no bookmarkEnd`)
  }
  for (const path of contentParts) {
    for (const link of elements(xml.get(path)!, 'w:hyperlink')) {
      const anchor = attr(link, 'w:anchor')
      if (anchor !== undefined && !bookmarkNames.has(anchor)) report('anchor-missing', path, `hyperlink to #${anchor} names no bookmark`)
      if (anchor === undefined && attr(link, 'r:id') === undefined) report('hyperlink-empty', path, 'hyperlink with neither r:id nor w:anchor')
    }
  }

  // Numbering.
  const nums = new Map<string, string>()
  const abstracts = new Set<string>()
  const numberingDoc = numberingPart ? xml.get(numberingPart) : undefined
  if (numberingDoc) {
    for (const abstract of elements(numberingDoc, 'w:abstractNum')) {
      const id = attr(abstract, 'w:abstractNumId') ?? ''
      if (abstracts.has(id)) report('abstract-num-duplicate', numberingPart!, `abstractNum ${id} is defined twice`)
      abstracts.add(id)
    }
    for (const num of elements(numberingDoc, 'w:num')) {
      const id = attr(num, 'w:numId') ?? ''
      if (nums.has(id)) report('num-duplicate', numberingPart!, `num ${id} is defined twice`)
      const abstractId = attr(child(num, 'w:abstractNumId'), 'w:val') ?? ''
      nums.set(id, abstractId)
      if (!abstracts.has(abstractId)) report('num-abstract-missing', numberingPart!, `num ${id} points at abstractNum ${abstractId}, which does not exist`)
    }
  }
  for (const path of [...contentParts, ...(stylesPart && xml.has(stylesPart) ? [stylesPart] : [])]) {
    for (const numPr of elements(xml.get(path)!, 'w:numPr')) {
      const numId = attr(child(numPr, 'w:numId'), 'w:val')
      const ilvl = attr(child(numPr, 'w:ilvl'), 'w:val')
      if (numId !== undefined && numId !== '0' && !nums.has(numId)) report('num-undefined', path, `numId ${numId} is not defined in numbering.xml`)
      if (ilvl !== undefined && !/^[0-8]$/.test(ilvl)) report('ilvl-range', path, `ilvl ${ilvl} is outside 0–8`)
    }
  }

  // Footnotes and endnotes.
  for (const [kind, notesPart] of [
    ['footnote', footnotesPart],
    ['endnote', endnotesPart],
  ] as const) {
    const notes = new Set<string>()
    const notesDoc = notesPart ? xml.get(notesPart) : undefined
    if (notesDoc && notesPart) {
      const types = new Set<string>()
      for (const note of elements(notesDoc, `w:${kind}`)) {
        const id = attr(note, 'w:id') ?? ''
        const type = attr(note, 'w:type') ?? 'normal'
        types.add(type)
        if (notes.has(id) || (type !== 'normal' && types.has(`id:${id}`))) report(`${kind}-duplicate`, notesPart, `${kind} id ${id} is used twice`)
        types.add(`id:${id}`)
        if (type === 'normal') notes.add(id)
      }
      if (!types.has('separator') || !types.has('continuationSeparator')) report(`${kind}-separator`, notesPart, 'separator and continuationSeparator notes are required')
    }
    for (const path of contentParts) {
      for (const reference of elements(xml.get(path)!, `w:${kind}Reference`)) {
        const id = attr(reference, 'w:id') ?? ''
        if (!notes.has(id)) report(`${kind}-missing`, path, `${kind}Reference ${id} points at no ${kind}`)
      }
    }
  }

  // Tables.
  for (const path of contentParts) {
    for (const table of elements(xml.get(path)!, 'w:tbl')) {
      const grid = child(table, 'w:tblGrid')
      const columns = grid ? childElements(grid).filter((e) => e.nodeName === 'w:gridCol').length : 0
      if (!child(table, 'w:tblPr')) report('tbl-no-properties', path, 'w:tbl without w:tblPr')
      if (columns === 0) report('tbl-no-grid', path, 'w:tbl without a w:tblGrid of w:gridCol')
      const rows = childElements(table).filter((e) => e.nodeName === 'w:tr')
      if (rows.length === 0) report('tbl-no-rows', path, 'w:tbl without rows')
      rows.forEach((row, index) => {
        const trPr = child(row, 'w:trPr')
        const before = Number(attr(trPr && child(trPr, 'w:gridBefore'), 'w:val') ?? 0)
        const after = Number(attr(trPr && child(trPr, 'w:gridAfter'), 'w:val') ?? 0)
        const cells = childElements(row).filter((e) => e.nodeName === 'w:tc')
        if (cells.length === 0) report('tr-no-cells', path, `table row ${index + 1} has no cells`)
        const spanned = cells.reduce((sum, cell) => {
          const tcPr = child(cell, 'w:tcPr')
          return sum + Number(attr(tcPr && child(tcPr, 'w:gridSpan'), 'w:val') ?? 1)
        }, before + after)
        if (columns > 0 && spanned !== columns) report('tbl-grid-mismatch', path, `table row ${index + 1} spans ${spanned} grid columns, the grid has ${columns}`)
      })
    }
    for (const cell of elements(xml.get(path)!, 'w:tc')) {
      const blocks = childElements(cell).filter((e) => e.nodeName !== 'w:tcPr')
      if (blocks.length === 0) report('tc-empty', path, 'table cell without block content')
      else if (blocks[blocks.length - 1]!.nodeName !== 'w:p') report('tc-last-not-p', path, `table cell ends with ${blocks[blocks.length - 1]!.nodeName}, not w:p`)
    }
  }

  // Styles.
  const styleTypes = new Map<string, string>()
  const stylesDoc = stylesPart ? xml.get(stylesPart) : undefined
  if (!stylesDoc) report('styles-missing', stylesPart ?? 'word/styles.xml', 'no styles part')
  else {
    for (const style of elements(stylesDoc, 'w:style')) {
      const id = attr(style, 'w:styleId') ?? ''
      if (styleTypes.has(id)) report('style-duplicate', stylesPart!, `style ${id} is defined twice`)
      styleTypes.set(id, attr(style, 'w:type') ?? 'paragraph')
    }
    for (const style of elements(stylesDoc, 'w:style')) {
      const id = attr(style, 'w:styleId') ?? ''
      for (const relation of ['w:basedOn', 'w:next', 'w:link']) {
        const target = attr(child(style, relation), 'w:val')
        if (target !== undefined && !styleTypes.has(target)) report('style-relation-missing', stylesPart!, `style ${id} has ${relation} ${target}, which is not defined`)
      }
      const basedOn = attr(child(style, 'w:basedOn'), 'w:val')
      if (basedOn !== undefined && styleTypes.has(basedOn) && styleTypes.get(basedOn) !== styleTypes.get(id)) report('style-relation-type', stylesPart!, `style ${id} is based on ${basedOn}, a style of another type`)
    }
    const uses: Array<[string, string]> = [
      ['w:pStyle', 'paragraph'],
      ['w:rStyle', 'character'],
      ['w:tblStyle', 'table'],
    ]
    const styledParts = [...contentParts, ...(numberingPart && xml.has(numberingPart) ? [numberingPart] : [])]
    for (const path of styledParts) {
      for (const [element, type] of uses) {
        for (const use of elements(xml.get(path)!, element)) {
          const id = attr(use, 'w:val') ?? ''
          if (!styleTypes.has(id)) report('style-missing', path, `${element} ${id} is not defined in styles.xml`)
          else if (styleTypes.get(id) !== type) report('style-type', path, `${element} ${id} is a ${styleTypes.get(id)} style, not a ${type} style`)
        }
      }
    }
  }

  if (mainDoc && options.requireBodyParagraph !== false) {
    const body = elements(mainDoc, 'w:body')[0]
    if (!body) report('body-missing', main, 'no w:body')
    else if (!childElements(body).some((e) => e.nodeName === 'w:p' || e.nodeName === 'w:tbl')) report('body-empty', main, 'the body has no paragraph')
  }
  return problems
}

/** For messages: the w:t text under an element. */
export function textOf(element: Element): string {
  return elements(element, 'w:t')
    .map((t) => t.textContent ?? '')
    .join('')
}
