/**
 * A paragraph of thousands of children (runs, breaks, comment marks) written child by child in
 * a streamed body (streamed-body.ts). docx writes a paragraph as one object tree of all its
 * children, then the XML: a paragraph of 400 000 runs (200 000 hard breaks) held 570 MB while
 * packing, one of 160 000 tracked changes 900 MB. Here its start tag and properties, each
 * child and its end tag are written in turn, at the depths docx writes them, and let go: the
 * same XML, byte for byte (tests/docx/streamed-body.test.ts).
 */
import type { IXmlableObject } from 'docx'

/** Children past which a paragraph of a streamed body is written child by child. */
export const LONG_PARAGRAPH_CHILDREN = 1024

/** An element that stands for the children while the paragraph's start and end are written. */
const SLICE: IXmlableObject = { 'markdocx:children': {} }

/**
 * The XML of a paragraph given its prepared children in order (`children`: docx's `prepForXml`
 * of each, its properties first if it has any), in pieces: `stringify` writes an object at the
 * paragraph's depth (or `deeper` levels below it).
 */
export function* longParagraphXml(children: Iterable<IXmlableObject>, stringify: (object: IXmlableObject, deeper?: number) => string): Generator<string> {
  const iterator = children[Symbol.iterator]()
  let first = iterator.next()
  const properties = !first.done && 'w:pPr' in first.value ? first.value : undefined
  if (properties) first = iterator.next()
  // The paragraph with one stand-in child, cut where that child is: its start, and its end.
  const whole = stringify({ 'w:p': properties ? [properties, SLICE] : [SLICE] })
  const slice = stringify(SLICE, 1)
  const at = whole.indexOf(slice)
  if (at < 0) throw new Error('markdocx: a long paragraph could not be written child by child')
  yield whole.slice(0, at)
  for (let item = first; !item.done; item = iterator.next()) yield stringify(item.value, 1)
  yield whole.slice(at + slice.length)
}
