/**
 * Word comments (comments.xml) from CriticMarkup. Each comment gets the next id; its body is
 * compiled into Comment Text paragraphs, the first starting with the annotation mark, as
 * Word writes them. The author is the front matter's first author (else "markdocx"); the
 * date is the front matter's date, or none — never the clock, so output stays the same.
 */
import { AnnotationReference, CommentRangeEnd, CommentRangeStart, CommentReference, TextRun, type ICommentOptions, type Paragraph, type ParagraphChild } from 'docx'
import type { DocumentMetadata } from '../mdast/front-matter.js'
import { asParagraphChild, undatedComment } from './ooxml/docx-adapter.js'

export const DEFAULT_COMMENT_AUTHOR = 'markdocx'

export class CommentRegistry {
  private readonly bodies: Array<{ id: number; children: Paragraph[] }> = []
  private nextId: number

  /**
   * Comment ids start above every footnote id (`firstId`): LibreOffice (7.4) mixes up comment
   * and footnote ids on import — a comment with id 0 made footnote 2 show footnote 1's text.
   * The ids are otherwise arbitrary, so keeping the two ranges apart costs nothing.
   */
  constructor(firstId = 0) {
    this.nextId = firstId
  }

  /** A fresh comment id. */
  next(): number {
    return this.nextId++
  }

  setBody(id: number, children: Paragraph[]): void {
    this.bodies.push({ id, children })
  }

  get size(): number {
    return this.bodies.length
  }

  /** The `comments` option of docx's Document, or undefined when there are none. */
  options(metadata: DocumentMetadata): { children: ICommentOptions[] } | undefined {
    if (this.bodies.length === 0) return undefined
    const author = metadata.authors[0] ?? DEFAULT_COMMENT_AUTHOR
    const date = annotationDate(metadata.date)
    const children = [...this.bodies]
      .sort((a, b) => a.id - b.id)
      .map(({ id, children }) => ({ id, author, initials: initials(author), date: date ?? undatedComment(), children }))
    return { children }
  }
}

/** The runs that anchor comment `id` around `content`: range start, content, range end, reference mark. */
export function commentAnchor(id: number, content: ParagraphChild[]): ParagraphChild[] {
  return [
    asParagraphChild(new CommentRangeStart(id)),
    ...content,
    asParagraphChild(new CommentRangeEnd(id)),
    new TextRun({ style: 'CommentReference', children: [new CommentReference(id)] }),
  ]
}

/** The mark Word puts at the start of a comment's first paragraph. */
export function annotationMark(): TextRun {
  return new TextRun({ style: 'CommentReference', children: [new AnnotationReference()] })
}

/** "Jane Q. Public" → "JQP". */
export function initials(author: string): string {
  const letters = author
    .split(/[\s.-]+/)
    .map((part) => [...part][0] ?? '')
    .filter((char) => /\p{L}/u.test(char))
  return (letters.join('').toUpperCase() || author.slice(0, 2)).slice(0, 9)
}

/** A front-matter date as a comment's or change's date (noon UTC, so no time zone moves its day), if it is an ISO date. */
export function annotationDate(value: string | undefined): Date | undefined {
  const match = value && /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(value.trim())
  if (!match) return undefined
  const [, y, mo, d, h, mi = '00', s = '00'] = match
  const date = new Date(h ? `${y}-${mo}-${d}T${h}:${mi}:${s}Z` : `${y}-${mo}-${d}T12:00:00Z`)
  return Number.isNaN(date.getTime()) ? undefined : date
}
