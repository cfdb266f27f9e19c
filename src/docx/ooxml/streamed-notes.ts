/**
 * Footnotes and comments written one batch at a time, as streamed-body.ts writes a body's
 * blocks: docx formats its footnotes and comments parts whole (every note's `prepForXml` into
 * one object tree, then the XML), which for 50 000 notes took the heap from 410 MB to 1.2 GB
 * while packing, and for 80 000 comments to 1.5 GB.
 *
 * docx's tree gets one placeholder note (or comment) holding a `StreamedBatches` paragraph
 * (`streamedFootnotes`, `streamedComments`). When docx formats that part, the paragraph formats the real
 * notes a batch at a time, each batch in a scratch `FootNotes` (or `Comments`) part built
 * with docx's public constructors, so every note is the very component docx would have made
 * in place, formatted with the context docx formats the real part with (links in a note
 * register with its relationships). Each batch's notes are written to XML and let go; after
 * packing, the splice (streamed-body.ts) puts their XML where the placeholder note is.
 */
import { Comments, FootNotes, Paragraph, type ICommentOptions, type IContext, type IXmlableObject } from 'docx'
import { StreamedXml, type StreamedPlace } from './streamed-body.js'

/** Notes formatted per scratch part: enough to make its set-up cost nothing, few enough to hold little. */
const BATCH = 256

/** `w:footnotes` › `w:footnote`. */
export const FOOTNOTES: StreamedPlace = { part: 'word/footnotes.xml', open: '<w:footnote ', close: '</w:footnote>', depth: 1 }
/** `w:comments` › `w:comment`. */
export const COMMENTS: StreamedPlace = { part: 'word/comments.xml', open: '<w:comment ', close: '</w:comment>', depth: 1 }

/** The last `count` children a scratch part's `prepForXml` gave (its own attributes and separators come first). */
function lastChildren(object: IXmlableObject, name: string, count: number): IXmlableObject[] {
  const children = object[name]
  if (!Array.isArray(children) || children.length < count) throw new Error(`markdocx: docx wrote no ${name} children to stream`)
  return (children as IXmlableObject[]).slice(children.length - count)
}

/**
 * The paragraph of the one placeholder note or comment: when formatted, writes all the real
 * ones, a batch at a time (`writeBatch` gives a batch's prepared elements).
 */
export class StreamedBatches<T> extends Paragraph {
  readonly xml: StreamedXml
  private items: T[] | undefined

  constructor(
    place: StreamedPlace,
    items: readonly T[],
    private readonly writeBatch: (batch: readonly T[], context: IContext) => IXmlableObject[],
  ) {
    super({})
    this.xml = new StreamedXml(place, 0)
    this.items = [...items]
  }

  override prepForXml(context: IContext): IXmlableObject {
    return this.xml.write(this.objects(context))
  }

  private *objects(context: IContext): Generator<IXmlableObject> {
    const items = this.items ?? []
    this.items = undefined
    // Taken out of the list, so each batch is let go once written.
    while (items.length > 0) yield* this.writeBatch(items.splice(0, BATCH), context)
  }
}

/** Footnotes (docx's `footnotes` option, written in the order of its keys as `for…in` gives them) behind one placeholder. */
export function streamedFootnotes(notes: Readonly<Record<string, { children: Paragraph[] }>>): StreamedBatches<[number, Paragraph[]]> {
  const items: Array<[number, Paragraph[]]> = []
  for (const key in notes) items.push([Number(key), notes[key]!.children])
  return new StreamedBatches(FOOTNOTES, items, (batch, context) => {
    const scratch = new FootNotes()
    for (const [id, children] of batch) scratch.createFootNote(id, children)
    return lastChildren(scratch.prepForXml(context) ?? {}, 'w:footnotes', batch.length)
  })
}

/** Comments (docx's `comments` option's children) behind one placeholder. */
export function streamedComments(comments: readonly ICommentOptions[]): StreamedBatches<ICommentOptions> {
  return new StreamedBatches(COMMENTS, comments, (batch, context) => lastChildren(new Comments({ children: batch }).prepForXml(context) ?? {}, 'w:comments', batch.length))
}
