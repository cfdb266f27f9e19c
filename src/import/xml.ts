/**
 * A small XML scanner for the pre-pass over a .docx's parts: one pass, linear in the text
 * (indexOf, no backtracking regular expressions), no DOM — so it runs in a worker and in Node
 * alike, and rewrites a part by copying it with a few tokens changed. Not a validating parser:
 * Word's XML is well formed, and a broken part only makes the rewrite leave it as it was.
 */

export type XmlToken =
  /** `<name …>` or `<name …/>`. */
  | { type: 'open'; name: string; start: number; end: number; selfClosing: boolean }
  /** `</name>`. */
  | { type: 'close'; name: string; start: number; end: number }
  /** Character data between tags, entities still escaped. */
  | { type: 'text'; start: number; end: number }
  /** Comments, processing instructions, CDATA, DOCTYPE. */
  | { type: 'other'; start: number; end: number }

/** Calls `visit` for each token of `xml`, in order. Stops quietly at a tag that never closes. */
export function scanXml(xml: string, visit: (token: XmlToken) => void): void {
  let index = 0
  const length = xml.length
  while (index < length) {
    const lt = xml.indexOf('<', index)
    if (lt === -1) {
      visit({ type: 'text', start: index, end: length })
      return
    }
    if (lt > index) visit({ type: 'text', start: index, end: lt })
    const next = xml.charCodeAt(lt + 1)
    if (next === 33 /* ! */) {
      const end = xml.startsWith('<!--', lt) ? closeAt(xml, '-->', lt + 4) : xml.startsWith('<![CDATA[', lt) ? closeAt(xml, ']]>', lt + 9) : declarationEnd(xml, lt)
      if (end === -1) return
      visit({ type: 'other', start: lt, end })
      index = end
    } else if (next === 63 /* ? */) {
      const end = closeAt(xml, '?>', lt + 2)
      if (end === -1) return
      visit({ type: 'other', start: lt, end })
      index = end
    } else if (next === 47 /* / */) {
      const gt = xml.indexOf('>', lt + 2)
      if (gt === -1) return
      visit({ type: 'close', name: xml.slice(lt + 2, gt).trim(), start: lt, end: gt + 1 })
      index = gt + 1
    } else {
      const gt = tagEnd(xml, lt + 1)
      if (gt === -1) return
      let nameEnd = lt + 1
      while (nameEnd < gt && !isSpace(xml.charCodeAt(nameEnd)) && xml.charCodeAt(nameEnd) !== 47 && xml.charCodeAt(nameEnd) !== 62) nameEnd++
      const selfClosing = xml.charCodeAt(gt - 1) === 47
      visit({ type: 'open', name: xml.slice(lt + 1, nameEnd), start: lt, end: gt + 1, selfClosing })
      index = gt + 1
    }
  }
}

function closeAt(xml: string, closer: string, from: number): number {
  const at = xml.indexOf(closer, from)
  return at === -1 ? -1 : at + closer.length
}

/** The end of `<!DOCTYPE …>`, internal subset (`[…]`) included. */
function declarationEnd(xml: string, from: number): number {
  let depth = 0
  for (let index = from; index < xml.length; index++) {
    const code = xml.charCodeAt(index)
    if (code === 91 /* [ */) depth++
    else if (code === 93 /* ] */) depth--
    else if (code === 62 /* > */ && depth <= 0) return index + 1
  }
  return -1
}

/** The `>` closing a start tag, skipping quoted attribute values. */
function tagEnd(xml: string, from: number): number {
  let quote = 0
  for (let index = from; index < xml.length; index++) {
    const code = xml.charCodeAt(index)
    if (quote !== 0) {
      if (code === quote) quote = 0
    } else if (code === 34 || code === 39) quote = code
    else if (code === 62) return index
  }
  return -1
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13
}

/** The attributes of a start tag (`<w:p w:rsidR="00AB">`), values unescaped. */
export function attributesOf(tag: string): Map<string, string> {
  const attributes = new Map<string, string>()
  const length = tag.length
  let index = 1
  while (index < length && !isSpace(tag.charCodeAt(index))) index++
  while (index < length) {
    while (index < length && (isSpace(tag.charCodeAt(index)) || tag.charCodeAt(index) === 47)) index++
    const nameStart = index
    while (index < length && tag.charCodeAt(index) !== 61 /* = */ && !isSpace(tag.charCodeAt(index)) && tag.charCodeAt(index) !== 62) index++
    const name = tag.slice(nameStart, index)
    while (index < length && isSpace(tag.charCodeAt(index))) index++
    if (tag.charCodeAt(index) !== 61) {
      if (name === '' || name === '>') break
      continue
    }
    index++
    while (index < length && isSpace(tag.charCodeAt(index))) index++
    const quote = tag.charCodeAt(index)
    if (quote !== 34 && quote !== 39) break
    const close = tag.indexOf(String.fromCharCode(quote), index + 1)
    if (close === -1) break
    attributes.set(name, unescapeXml(tag.slice(index + 1, close)))
    index = close + 1
  }
  return attributes
}

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }

/** XML's five entities and character references decoded; anything else left as written. */
export function unescapeXml(text: string): string {
  if (!text.includes('&')) return text
  let out = ''
  let index = 0
  while (index < text.length) {
    const amp = text.indexOf('&', index)
    if (amp === -1) break
    const semi = text.indexOf(';', amp + 1)
    if (semi === -1 || semi - amp > 12) {
      out += text.slice(index, amp + 1)
      index = amp + 1
      continue
    }
    const name = text.slice(amp + 1, semi)
    let decoded = NAMED[name]
    if (decoded === undefined && name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10)
      if (Number.isInteger(code) && code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)) decoded = String.fromCodePoint(code)
    }
    if (decoded === undefined) {
      out += text.slice(index, semi + 1)
    } else {
      out += text.slice(index, amp) + decoded
    }
    index = semi + 1
  }
  return out + text.slice(index)
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&"]/g, (char) => (char === '<' ? '&lt;' : char === '>' ? '&gt;' : char === '&' ? '&amp;' : '&quot;'))
}

/** An element of a small tree (for equations and the parts read whole: numbering, comments). */
export interface XmlElement {
  name: string
  attributes: Map<string, string>
  children: XmlNode[]
}

export type XmlNode = XmlElement | string

/**
 * The elements of `xml` from `from` to `to` as a tree (a root named '#root' holds them).
 * Unbalanced closing tags are ignored, unclosed elements end with the range. Iterative: any
 * depth.
 */
export function parseXml(xml: string, from = 0, to = xml.length): XmlElement {
  const source = from === 0 && to === xml.length ? xml : xml.slice(from, to)
  const root: XmlElement = { name: '#root', attributes: new Map(), children: [] }
  const stack: XmlElement[] = [root]
  scanXml(source, (token) => {
    const parent = stack[stack.length - 1]!
    if (token.type === 'open') {
      const element: XmlElement = { name: token.name, attributes: attributesOf(source.slice(token.start, token.end)), children: [] }
      parent.children.push(element)
      if (!token.selfClosing) stack.push(element)
    } else if (token.type === 'close') {
      // A stray closing tag is ignored; looking only a few levels down keeps hostile input linear.
      for (let at = stack.length - 1; at > 0 && at >= stack.length - 64; at--) {
        if (stack[at]!.name === token.name) {
          stack.length = at
          break
        }
      }
    } else if (token.type === 'text') {
      parent.children.push(unescapeXml(source.slice(token.start, token.end)))
    }
  })
  return root
}

/** The first child element named `name`. */
export function child(element: XmlElement | undefined, name: string): XmlElement | undefined {
  if (!element) return undefined
  for (const node of element.children) if (typeof node !== 'string' && node.name === name) return node
  return undefined
}

export function children(element: XmlElement | undefined, name?: string): XmlElement[] {
  if (!element) return []
  return element.children.filter((node): node is XmlElement => typeof node !== 'string' && (name === undefined || node.name === name))
}

/** Every descendant element named `name`, in document order (iterative). */
export function descendants(element: XmlElement, name: string): XmlElement[] {
  const found: XmlElement[] = []
  const stack: XmlNode[] = [...element.children].reverse()
  while (stack.length > 0) {
    const node = stack.pop()!
    if (typeof node === 'string') continue
    if (node.name === name) found.push(node)
    for (let index = node.children.length - 1; index >= 0; index--) stack.push(node.children[index]!)
  }
  return found
}

/** The text of an element's descendants. */
export function textOf(element: XmlElement): string {
  let text = ''
  const stack: XmlNode[] = [element]
  while (stack.length > 0) {
    const node = stack.pop()!
    if (typeof node === 'string') text += node
    else for (let index = node.children.length - 1; index >= 0; index--) stack.push(node.children[index]!)
  }
  return text
}

/** `w:val` and the like: an attribute by its local name, whatever its prefix. */
export function attribute(element: XmlElement | undefined, name: string): string | undefined {
  if (!element) return undefined
  const direct = element.attributes.get(name)
  if (direct !== undefined) return direct
  const local = name.slice(name.indexOf(':') + 1)
  for (const [key, value] of element.attributes) if (key.slice(key.indexOf(':') + 1) === local) return value
  return undefined
}
