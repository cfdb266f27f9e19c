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
 * placeholder paragraph instead. After packing, `spliceStreamed` puts the XML where the
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
 *
 * Footnotes and comments are written the same way (streamed-notes.ts): thousands of them
 * made docx's whole-part pass the peak of a conversion.
 */
import { FileChild, type Document, type IContext, type IXmlableObject } from 'docx'
import { stringifyChild } from './xml-stringify.js'
import { childByChildXml, writableChildByChild } from './child-by-child.js'

const MARK = 'markdocx-streamed-'
/** docx's placeholder pattern (`{key}`, replaced in one pass where the key has a value). */
const PLACEHOLDER = /\{([^{}]+)\}/g
/** Keys that could be docx's: nothing the XML escapes, nor the separator. */
const KEY = /^[^{}|<>&"']+$/
const SEPARATOR = '|'

/** Where a streamed component's XML goes: its part, and the element docx writes around its placeholder. */
export interface StreamedPlace {
  /** The package part, e.g. `word/document.xml`. */
  readonly part: string
  /** The placeholder element's start tag up to its name's end (`<w:p>`, `<w:footnote `) and its end tag. */
  readonly open: string
  readonly close: string
  /** Depth of the written elements below the part's root, which docx indents from (1 for its children). */
  readonly depth: number
}

/**
 * The XML of components written one at a time with the context docx formats their part with,
 * and the placeholder paragraph that stands in docx's tree for all of them: what every
 * streamed component shares (a body's blocks, footnotes, comments).
 */
export class StreamedXml {
  /** The components' XML, once docx has formatted the part. */
  private parts: string[] | undefined
  /** The `{key}` placeholders in that XML, in the order the placeholder paragraph lists them (takeXml). */
  private placeholderKeys: readonly string[] = []
  /** The indentation docx writes the part with (pack sets it: `prepForXml` is not told). */
  indent = ''

  constructor(
    readonly place: StreamedPlace,
    readonly index: number,
  ) {}

  /** Writes each object as it comes (and lets it go); returns the placeholder paragraph for docx's tree. */
  write(objects: Iterable<IXmlableObject>): IXmlableObject {
    return this.writeXml((stringify) => mapIterable(objects, (object) => stringify(object)))
  }

  /**
   * Takes the XML `produce` gives, piece by piece: `stringify` writes an object at the depth of
   * the streamed elements (or `deeper` levels below it). Returns the placeholder paragraph.
   */
  writeXml(produce: (stringify: (object: IXmlableObject, deeper?: number) => string) => Iterable<string>): IXmlableObject {
    if (this.parts) throw new Error('markdocx: a streamed document part is packed once')
    // docx starts at depth 1 when indenting.
    const depth = this.indent ? this.place.depth + 1 : this.place.depth
    const parts: string[] = []
    const keys = new Set<string>()
    for (const xml of produce((object, deeper = 0) => stringifyChild(object, this.indent, depth + deeper))) {
      for (const match of xml.matchAll(PLACEHOLDER)) if (KEY.test(match[1]!)) keys.add(match[1]!)
      parts.push(xml)
    }
    this.parts = parts
    this.placeholderKeys = [...keys]
    const text = this.marker() + this.placeholderKeys.map((key) => `{${key}}${SEPARATOR}`).join('')
    return { 'w:p': [{ 'w:r': [{ 'w:t': [{ _attr: { 'xml:space': 'preserve' } }, text] }] }] }
  }

  /** The text the placeholder paragraph starts with. */
  marker(): string {
    return `${MARK}${this.place.part}-${this.index}${SEPARATOR}`
  }

  /**
   * The components' XML, given what docx wrote in the placeholder paragraph for each of its keys
   * (`written`, in the placeholder's order): a key docx has a value for is replaced by it, as
   * docx replaces its placeholders. Each part is handed over once and let go.
   */
  takeXml(written: readonly string[]): string[] {
    const parts = this.parts
    if (!parts) throw new Error('markdocx: a streamed document part was not packed')
    this.parts = []
    const values = new Map<string, string>()
    this.placeholderKeys.forEach((key, i) => {
      const value = written[i]
      if (value !== undefined && value !== `{${key}}`) values.set(key, value)
    })
    return values.size === 0 ? parts : parts.map((xml) => xml.replace(PLACEHOLDER, (whole, key: string) => values.get(key) ?? whole))
  }
}

/** A body's children: `w:document` › `w:body` › block. */
export const BODY: StreamedPlace = { part: 'word/document.xml', open: '<w:p>', close: '</w:p>', depth: 2 }

export class StreamedBody extends FileChild {
  /** The blocks, each dropped once written. */
  private readonly blocks: (FileChild | undefined)[]
  readonly xml: StreamedXml

  constructor(index: number, blocks: readonly FileChild[]) {
    super('w:p')
    this.blocks = [...blocks]
    this.xml = new StreamedXml(BODY, index)
  }

  override prepForXml(context: IContext): IXmlableObject {
    return this.xml.writeXml((stringify) => this.pieces(context, stringify))
  }

  private *pieces(context: IContext, stringify: (object: IXmlableObject, deeper?: number) => string): Generator<string> {
    for (let i = 0; i < this.blocks.length; i++) {
      const block = this.blocks[i]!
      this.blocks[i] = undefined
      // A paragraph of thousands of runs, a table of thousands of rows: child by child (child-by-child.ts).
      const long = writableChildByChild(block) ? block.childByChild(context) : undefined
      if (long) {
        yield* childByChildXml(long, stringify)
        continue
      }
      // As docx's own components write a child that stands for several (`writtenAs`).
      for (const component of block.writtenAs ?? [block]) {
        const object = component.prepForXml(context)
        if (object !== undefined) yield stringify(object)
      }
    }
  }
}

/** Each of `items` mapped, lazily. */
function* mapIterable<T, U>(items: Iterable<T>, map: (item: T) => U): Generator<U> {
  for (const item of items) yield map(item)
}

const registry = new WeakMap<Document, readonly StreamedXml[]>()

export function setStreamedParts(document: Document, streamed: readonly StreamedXml[]): void {
  if (streamed.length > 0) registry.set(document, streamed)
}

export function streamedPartsOf(document: Document): readonly StreamedXml[] | undefined {
  return registry.get(document)
}

/**
 * A part as docx wrote it, with each streamed component's XML where its placeholder element is
 * (`streamed`: this part's, in the order docx wrote them). The element is the placeholder
 * paragraph for a body, the note or comment holding it for those.
 */
export function spliceStreamed(xml: string, streamed: readonly StreamedXml[]): string {
  const out: string[] = []
  let cursor = 0
  for (const item of streamed) {
    const marker = item.marker()
    const { open, close } = item.place
    const at = xml.indexOf(marker, cursor)
    if (at < 0) throw new Error(`markdocx: the placeholder ${marker} is missing from ${item.place.part}`)
    // The placeholder element whole: with its indentation and line end when indented.
    let start = xml.lastIndexOf(open, at)
    if (item.indent) while (start > 0 && xml[start - 1] === ' ') start--
    let end = xml.indexOf(close, at) + close.length
    if (item.indent && xml[end] === '\n') end++
    out.push(xml.slice(cursor, start))
    // One by one: a spread of half a million blocks would overflow the call stack.
    for (const part of item.takeXml(xml.slice(at + marker.length, xml.indexOf('</w:t>', at)).split(SEPARATOR))) out.push(part)
    cursor = end
  }
  out.push(xml.slice(cursor))
  return out.join('')
}
