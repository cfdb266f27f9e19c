/**
 * The one place markdocx bends the `docx` library's types.
 *
 * docx's `ParagraphChild` union leaves out `BookmarkStart`, `BookmarkEnd`, field-character
 * runs and custom components (text-runs.ts), although its own `Bookmark` is made of them and
 * `Paragraph` writes any component it is given. We need them directly: docx's `Bookmark` takes
 * its id from a process-wide counter, which would make the XML depend on what was converted
 * earlier in the same process.
 */
import type { BaseXmlComponent, ParagraphChild } from 'docx'

export function asParagraphChild(component: BaseXmlComponent): ParagraphChild {
  return component as unknown as ParagraphChild
}

/**
 * A comment date docx writes as no date at all. docx's Comment stamps `new Date()` when it
 * is given none, which would make every export differ; it writes `date.toISOString()`, and
 * leaves out attributes whose value is undefined.
 */
export function undatedComment(): Date {
  return { toISOString: () => undefined } as unknown as Date
}
