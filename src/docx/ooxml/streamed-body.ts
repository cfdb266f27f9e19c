/**
 * The body written block by block, so that a long document never has its whole body in memory
 * three times over.
 *
 * docx writes a part in two whole-part passes: every component's `prepForXml` into one object
 * tree, then that tree into a tree of strings and the XML. For a document of lists that is
 * about three times the memory of the docx components themselves: 20 000 task items ×4
 * (1.35 MB of Markdown, 490 MB of components) took the heap to 1.7 GB while packing.
 *
 * Here a section's blocks sit in docx's body behind one `StreamedBody` component. When docx
 * formats the body, it formats each block in turn with the context docx passes (so lists,
 * images and links register with the file exactly as in place), writes it to XML
 * (xml-stringify.ts, docx's own writer) and lets the block go; docx's body gets one
 * placeholder paragraph instead. After packing, `spliceStreamedBodies` puts the XML where the
 * placeholder is.
 *
 * docx writes list and image ids as `{key}` placeholders and replaces them once the whole part
 * is written (a list's number, an image's relationship id). The blocks' XML never reaches that
 * pass, so the placeholder paragraph carries every `{key}` the blocks hold: docx replaces them
 * there, and the splice reads the values back and replaces them in the blocks' XML the same
 * way. The output is byte for byte what docx writes unstreamed (the golden tests hold that).
 *
 * A streamed body is written once: its blocks are gone after packing. Only the conversion
 * (convert.ts) builds documents so; `compile` and `toDocx` give documents that pack any
 * number of times.
 */
import { FileChild, type Document, type IContext, type IXmlableObject } from 'docx'
import { stringifyChild } from './xml-stringify.js'

const MARK = 'markdocx-streamed-body-'
/** docx's placeholder pattern (`{key}`, replaced in one pass where the key has a value). */
const PLACEHOLDER = /\{([^{}]+)\}/g
/** Keys that could be docx's: nothing the XML escapes, nor the separator. */
const KEY = /^[^{}|<>&"']+$/
const SEPARATOR = '|'

export class StreamedBody extends FileChild {
  /** The blocks, each dropped once written. */
  private readonly blocks: (FileChild | undefined)[]
  /** The blocks' XML, once docx has formatted the body. */
  private parts: string[] | undefined
  /** The `{key}` placeholders in the blocks' XML, in the order the placeholder paragraph lists them (takeXml). */
  private placeholderKeys: readonly string[] = []
  /** The indentation docx writes the part with (pack sets it: `prepForXml` is not told). */
  indent = ''

  constructor(
    readonly index: number,
    blocks: readonly FileChild[],
  ) {
    super('w:p')
    this.blocks = [...blocks]
  }

  override prepForXml(context: IContext): IXmlableObject {
    if (this.parts) throw new Error('markdocx: a streamed document body is packed once')
    // A body's children sit at depth 2 below the part's root (w:document, w:body); docx starts at 1 when indenting.
    const depth = this.indent ? 3 : 2
    const parts: string[] = []
    const keys = new Set<string>()
    for (let i = 0; i < this.blocks.length; i++) {
      const block = this.blocks[i]!
      this.blocks[i] = undefined
      // As docx's own components write a child that stands for several (`writtenAs`).
      for (const component of block.writtenAs ?? [block]) {
        const object = component.prepForXml(context)
        if (object === undefined) continue
        const xml = stringifyChild(object, this.indent, depth)
        for (const match of xml.matchAll(PLACEHOLDER)) if (KEY.test(match[1]!)) keys.add(match[1]!)
        parts.push(xml)
      }
    }
    this.parts = parts
    this.placeholderKeys = [...keys]
    const text = MARK + this.index + SEPARATOR + this.placeholderKeys.map((key) => `{${key}}${SEPARATOR}`).join('')
    return { 'w:p': [{ 'w:r': [{ 'w:t': [{ _attr: { 'xml:space': 'preserve' } }, text] }] }] }
  }

  /**
   * The blocks' XML, given what docx wrote in the placeholder paragraph for each of its keys
   * (`written`, in the placeholder's order): a key docx has a value for is replaced by it, as
   * docx replaces its placeholders. Each part is handed over once and let go.
   */
  takeXml(written: readonly string[]): string[] {
    const parts = this.parts
    if (!parts) throw new Error('markdocx: a streamed document body was not packed')
    this.parts = []
    const values = new Map<string, string>()
    this.placeholderKeys.forEach((key, i) => {
      const value = written[i]
      if (value !== undefined && value !== `{${key}}`) values.set(key, value)
    })
    return values.size === 0 ? parts : parts.map((xml) => xml.replace(PLACEHOLDER, (whole, key: string) => values.get(key) ?? whole))
  }
}

const registry = new WeakMap<Document, readonly StreamedBody[]>()

export function setStreamedBodies(document: Document, bodies: readonly StreamedBody[]): void {
  if (bodies.length > 0) registry.set(document, bodies)
}

export function streamedBodiesOf(document: Document): readonly StreamedBody[] | undefined {
  return registry.get(document)
}

/** document.xml as docx wrote it, with each streamed body's XML where its placeholder paragraph is (bodies in document order, as document.ts registers them). */
export function spliceStreamedBodies(xml: string, bodies: readonly StreamedBody[]): string {
  const out: string[] = []
  let cursor = 0
  for (const body of bodies) {
    const marker = `${MARK}${body.index}${SEPARATOR}`
    const at = xml.indexOf(marker, cursor)
    if (at < 0) throw new Error(`markdocx: the placeholder of body ${body.index} is missing from document.xml`)
    // The placeholder paragraph whole: with its indentation and line end when indented.
    let start = xml.lastIndexOf('<w:p>', at)
    if (body.indent) while (start > 0 && xml[start - 1] === ' ') start--
    let end = xml.indexOf('</w:p>', at) + '</w:p>'.length
    if (body.indent && xml[end] === '\n') end++
    out.push(xml.slice(cursor, start))
    // One by one: a spread of half a million blocks would overflow the call stack.
    for (const part of body.takeXml(xml.slice(at + marker.length, xml.indexOf('</w:t>', at)).split(SEPARATOR))) out.push(part)
    cursor = end
  }
  out.push(xml.slice(cursor))
  return out.join('')
}
