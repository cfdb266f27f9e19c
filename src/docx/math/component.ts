/**
 * OMML trees → docx components, through docx's public `convertToXmlComponent` (the library's
 * own way to place XML it has no class for), and → XML text for tests and goldens.
 */
import { convertToXmlComponent, type ParagraphChild, type XmlElement } from 'docx'
import { asParagraphChild } from '../ooxml/docx-adapter.js'
import type { OmmlElement, OmmlNode } from '../../math/omml.js'

function toXmlElement(node: OmmlElement): XmlElement {
  return {
    type: 'element',
    name: node.name,
    ...(node.attributes ? { attributes: node.attributes } : {}),
    elements: node.children.map((child) => (typeof child === 'string' ? { type: 'text', text: child } : toXmlElement(child))),
  }
}

/** An OMML element (m:oMath or m:oMathPara) as something a docx Paragraph accepts as a child. */
export function ommlComponent(node: OmmlElement): ParagraphChild {
  const component = convertToXmlComponent(toXmlElement(node))
  if (component === undefined || typeof component === 'string') throw new Error('OMML element expected')
  return asParagraphChild(component)
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;')

/** The OMML as XML text (prefixes as written; no namespace declarations). */
export function ommlToXml(node: OmmlNode): string {
  if (typeof node === 'string') return escapeText(node)
  const attributes = Object.entries(node.attributes ?? {})
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join('')
  if (node.children.length === 0) return `<${node.name}${attributes}/>`
  return `<${node.name}${attributes}>${node.children.map(ommlToXml).join('')}</${node.name}>`
}
