/**
 * Footnotes and comments written one batch at a time, as streamed-body.ts writes a body's
 * blocks: docx formats its footnotes and comments parts whole (every note's `prepForXml` into
 * one object tree, then the XML), which for 50 000 notes took the heap from 410 MB to 1.2 GB
 * while packing, and for 80 000 comments to 1.5 GB.
 *
 * docx's tree gets one placeholder note (or comment) holding a `StreamedFootnotes` (or
 * `StreamedComments`) paragraph. When docx formats that part, the paragraph formats the real
 * notes a batch at a time, each batch in a scratch `FootNotes` (or `Comments`) part built
 * with docx's public constructors, so every note is the very component docx would have made
 * in place, formatted with the context docx formats the real part with (links in a note
 * register with its relationships). Each batch's notes are written to XML and let go; after
 * packing, the splice (streamed-body.ts) puts their XML where the placeholder note is.
 */
import { Comments, FileChild, FootNotes, Paragraph, type ICommentOptions, type IContext, type IXmlableObject } from 'docx'
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

/** The paragraph of the one placeholder footnote: when formatted, writes all the real notes. */
export class StreamedFootnotes extends Paragraph {
  readonly xml = new StreamedXml(FOOTNOTES, 0)
  private notes: Array<[id: number, children: Paragraph[]]> | undefined

  /** `notes` in the order docx would write them (its `footnotes` option's keys, as `for…in` gives them). */
  constructor(notes: Readonly<Record<string, { children: Paragraph[] }>>) {
    super({})
    this.notes = []
    for (const key in notes) this.notes.push([Number(key), notes[key]!.children])
  }

  override prepForXml(context: IContext): IXmlableObject {
    return this.xml.write(this.objects(context))
  }

  private *objects(context: IContext): Generator<IXmlableObject> {
    const notes = this.notes ?? []
    this.notes = undefined
    while (notes.length > 0) {
      // Taken out of the list, so each batch is let go once written.
      const batch = notes.splice(0, BATCH)
      const scratch = new FootNotes()
      for (const [id, children] of batch) scratch.createFootNote(id, children)
      yield* lastChildren(scratch.prepForXml(context) ?? {}, 'w:footnotes', batch.length)
    }
  }
}

/** The body of the one placeholder comment: when formatted, writes all the real comments. */
export class StreamedComments extends FileChild {
  readonly xml = new StreamedXml(COMMENTS, 0)
  private comments: ICommentOptions[] | undefined

  constructor(comments: readonly ICommentOptions[]) {
    super('w:p')
    this.comments = [...comments]
  }

  override prepForXml(context: IContext): IXmlableObject {
    return this.xml.write(this.objects(context))
  }

  private *objects(context: IContext): Generator<IXmlableObject> {
    const comments = this.comments ?? []
    this.comments = undefined
    while (comments.length > 0) {
      // Taken out of the list, so each batch is let go once written.
      const batch = comments.splice(0, BATCH)
      yield* lastChildren(new Comments({ children: batch }).prepForXml(context) ?? {}, 'w:comments', batch.length)
    }
  }
}
