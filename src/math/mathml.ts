/**
 * A small reader for the MathML temml writes (shared by the export, which turns it into OMML,
 * and the preview, which turns it into hast): elements, attributes and text, with XML
 * character references decoded. temml's output is well-formed XML, so this needs none of a
 * general parser's recovery; anything unexpected (a stray `<`, an unclosed element) throws and
 * the formula is kept as LaTeX by the caller.
 */
/** XML character references (temml writes &lt; &gt; &amp; &quot; and numeric ones). */
function decodeEntities(text: string): string {
  return text.replace(/&(#[0-9]{1,7}|#x[0-9A-Fa-f]{1,6}|lt|gt|amp|quot|apos);/g, (whole, ref: string) => {
    if (ref === 'lt') return '<'
    if (ref === 'gt') return '>'
    if (ref === 'amp') return '&'
    if (ref === 'quot') return '"'
    if (ref === 'apos') return "'"
    const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10)
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole
  })
}

export interface MathElement {
  name: string
  attributes: Readonly<Record<string, string>>
  children: MathNode[]
}

export type MathNode = MathElement | string

const TAG = /<(\/?)([A-Za-z][\w.:-]*)((?:\s+[\w.:-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/y
const ATTRIBUTE = /([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g

/** The root element of a MathML string (normally `<math>`). */
export function parseMathml(xml: string): MathElement {
  const root: MathElement = { name: '#root', attributes: {}, children: [] }
  const stack: MathElement[] = [root]
  let index = 0
  while (index < xml.length) {
    const lt = xml.indexOf('<', index)
    const textEnd = lt === -1 ? xml.length : lt
    if (textEnd > index) stack[stack.length - 1]!.children.push(decodeEntities(xml.slice(index, textEnd)))
    if (lt === -1) break
    if (xml.startsWith('<!--', lt)) {
      const end = xml.indexOf('-->', lt + 4)
      if (end === -1) throw new Error('unclosed comment in MathML')
      index = end + 3
      continue
    }
    if (xml.startsWith('<?', lt) || xml.startsWith('<!', lt)) {
      const end = xml.indexOf('>', lt)
      if (end === -1) throw new Error('unclosed declaration in MathML')
      index = end + 1
      continue
    }
    TAG.lastIndex = lt
    const match = TAG.exec(xml)
    if (!match) throw new Error(`unreadable MathML near "${xml.slice(lt, lt + 20)}"`)
    const [whole, closing, name, attributeText, selfClosing] = match
    index = lt + whole.length
    if (closing) {
      const open = stack.pop()
      if (!open || open.name !== name || stack.length === 0) throw new Error(`MathML </${name}> does not close an open element`)
      continue
    }
    const attributes: Record<string, string> = {}
    for (const attribute of (attributeText ?? '').matchAll(ATTRIBUTE)) attributes[attribute[1]!] = decodeEntities(attribute[2] ?? attribute[3] ?? '')
    const element: MathElement = { name: name!, attributes, children: [] }
    stack[stack.length - 1]!.children.push(element)
    if (!selfClosing) stack.push(element)
  }
  if (stack.length !== 1) throw new Error(`MathML <${stack[stack.length - 1]!.name}> is not closed`)
  const first = root.children.find((child): child is MathElement => typeof child !== 'string')
  if (!first) throw new Error('no MathML element')
  return first
}

/** The element children of a MathML element (white space between elements dropped). */
export function elementsOf(element: MathElement): MathElement[] {
  return element.children.filter((child): child is MathElement => typeof child !== 'string')
}

/** All the text inside a MathML element. */
export function textOf(node: MathNode): string {
  return typeof node === 'string' ? node : node.children.map(textOf).join('')
}
