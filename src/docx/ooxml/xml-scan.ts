/**
 * Just enough XML reading for the parts of a reference .docx we take over (styles, page
 * setup, headers and footers, relationships, content types) without a DOM, so the compiler
 * stays runnable in a worker or in Node. It finds elements by their qualified name; the
 * parts it reads are machine-written WordprocessingML, where the elements it looks for
 * never nest inside an element of the same name.
 */

export interface XmlElement {
  /** The whole element, from `<` to its end. */
  outer: string
  /** The start tag alone (`<w:style …>` or the self-closing `<w:pgSz …/>`). */
  open: string
  /** What lies between the start and end tags ('' for an empty element). */
  inner: string
  start: number
  end: number
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Every `name` element in `xml`, in order (not nested in each other). */
export function elements(xml: string, name: string): XmlElement[] {
  const out: XmlElement[] = []
  const opener = new RegExp(`<${escapeRegExp(name)}(?=[\\s/>])[^>]*?(/?)>`, 'g')
  const closer = `</${name}>`
  let match: RegExpExecArray | null
  while ((match = opener.exec(xml))) {
    const start = match.index
    const open = match[0]
    if (match[1] === '/') {
      out.push({ outer: open, open, inner: '', start, end: start + open.length })
      continue
    }
    const close = xml.indexOf(closer, opener.lastIndex)
    if (close === -1) break
    const end = close + closer.length
    out.push({ outer: xml.slice(start, end), open, inner: xml.slice(opener.lastIndex, close), start, end })
    opener.lastIndex = end
  }
  return out
}

/** The first `name` element, if any. */
export function element(xml: string, name: string): XmlElement | undefined {
  return elements(xml, name)[0]
}

/** An attribute's value in a start tag, with the five predefined entities decoded. */
export function attribute(open: string, name: string): string | undefined {
  const match = new RegExp(`\\s${escapeRegExp(name)}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(open)
  const raw = match ? (match[1] ?? match[2]) : undefined
  return raw === undefined ? undefined : decode(raw)
}

/** A number attribute, if present and numeric. */
export function numberAttribute(open: string, name: string): number | undefined {
  const value = attribute(open, name)
  if (value === undefined) return undefined
  const number = Number(value)
  return Number.isFinite(number) ? number : undefined
}

export function decode(value: string): string {
  return value.replace(/&(lt|gt|quot|apos|amp|#\d+|#x[0-9a-fA-F]+);/g, (_, entity: string) => {
    if (entity === 'lt') return '<'
    if (entity === 'gt') return '>'
    if (entity === 'quot') return '"'
    if (entity === 'apos') return "'"
    if (entity === 'amp') return '&'
    const code = entity.startsWith('#x') ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10)
    return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : ''
  })
}

export function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}
