/**
 * The single `new Document(...)`, built last from what the walk collected: body (cut into
 * sections where the handlers asked: a title page, landscape pages for wide tables), styles
 * (merged into a reference document's), numbering, footnotes, comments, headers and footers,
 * page setup, and the hyperlink relationships (added with the ids the handlers already used).
 */
import { Document, PageOrientation, Paragraph, VerticalAlignSection, type FileChild, type ICommentOptions, type ISectionOptions } from 'docx'
import { markdocxProperties } from './ooxml/markdocx-properties.js'
import { setPackageEdits, type PackageEdits } from './ooxml/package-edits.js'
import { setStreamedParts, StreamedBody, type StreamedXml } from './ooxml/streamed-body.js'
import { streamedComments, streamedFootnotes } from './ooxml/streamed-notes.js'
import { pageFurniture } from './page/page-furniture.js'
import { languageAttributes } from './text/rtl.js'
import { splitSections, type BodySection } from './page/sections.js'
import type { State } from './state.js'
import { mergeStyles } from './styles/style-merge.js'
import { stylesXml } from './styles/styles.js'

const HYPERLINK = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink' as const

/**
 * `streamed`: each section's blocks go behind a `StreamedBody` (ooxml/streamed-body.ts), and the
 * footnotes and comments behind one placeholder note and comment (ooxml/streamed-notes.ts),
 * written a block or a batch at a time when packed, in far less memory; such a document packs once.
 */
export function buildDocument(state: State, body: FileChild[], streamed = false): Document {
  const metadata = state.metadata
  const features = state.features
  const title = features.title
  const reference = state.reference
  const ours = stylesXml(state.options, features.lang, state.customStyles.definitions())
  const merged = reference?.styles ? mergeStyles(reference.styles, ours, features.lang ? languageAttributes(features.lang) : undefined) : undefined
  if (reference && !merged) state.warn(undefined, 'The reference document has no usable styles; the built-in styles are used', 'reference-doc-styles')

  const furniture = pageFurniture(state)
  // The template's headers and footers, for what our options do not replace.
  const templateHeaders = (reference?.headers ?? []).filter((header) => (header.kind === 'header' ? !furniture.header : !furniture.footer))
  const sections = splitSections(body)
  const bodyIndex = sections.findIndex((section) => section.kind !== 'title')
  const comments = streamComments(state.comments.options(metadata), streamed)
  const footnotes = streamFootnotes(state.footnotes.notes(), streamed)

  const bodies: StreamedBody[] = []
  const blocksOf = (children: FileChild[], index: number): FileChild[] => {
    // A section's last paragraph stays docx's: docx puts the section's properties in it (a
    // section ending otherwise gets a paragraph of its own, as docx does unstreamed). The
    // last section's go at the body's end: its last paragraph (a giant one, say) streams too.
    const last = children.at(-1)
    const kept = last instanceof Paragraph && index < sections.length - 1 ? [last] : []
    const blocks = children.slice(0, children.length - kept.length)
    if (!streamed || blocks.length === 0) return children
    const streamedBody = new StreamedBody(index, blocks)
    bodies.push(streamedBody)
    return [streamedBody, ...kept]
  }

  const kept = markdocxProperties(metadata, state.bookmarks.renamed())
  const doc = new Document({
    ...(kept.length > 0 ? { customProperties: kept } : {}),
    externalStyles: merged?.xml ?? ours,
    numbering: { config: state.numbering.config() },
    footnotes: footnotes.notes,
    ...(comments.options ? { comments: comments.options } : {}),
    ...(title ? { title } : {}),
    ...(metadata.authors.length > 0 ? { creator: metadata.authors.join('; ') } : {}),
    // Word fills in the table of contents (and its page numbers) when it opens the file.
    ...(features.toc ? { features: { updateFields: true } } : {}),
    ...(reference?.evenAndOddHeaders && templateHeaders.some((header) => header.type === 'even') ? { evenAndOddHeaderAndFooters: true } : {}),
    sections: sections.map((section, index) => {
      const options = sectionOptions(state, section, index === sections.length - 1, index === bodyIndex, furniture, templateHeaders)
      return { ...options, children: blocksOf([...options.children], index) }
    }),
  })
  setStreamedParts(doc, [...bodies.map((body) => body.xml), ...footnotes.streamed, ...comments.streamed])
  for (const relationship of state.relationships.all()) {
    const relationships = relationship.part === 'footnotes' ? doc.FootNotes.Relationships : doc.Document.Relationships
    relationships.addRelationship(relationship.id, HYPERLINK, relationship.target, 'External')
  }
  const edits: PackageEdits = {}
  if (merged) edits.styleIdsWritten = new Set(merged.written)
  if (merged && merged.ids.size > 0) edits.styleIds = merged.ids
  if (reference?.theme) edits.theme = reference.theme
  if (state.numbering.numbersHeadings) edits.headingNumbering = true
  if (templateHeaders.length > 0) {
    edits.headers = templateHeaders
    edits.media = reference!.media
    edits.headerSection = Math.max(bodyIndex, 0)
  }
  setPackageEdits(doc, edits)
  return doc
}

function sectionOptions(
  state: State,
  section: BodySection,
  last: boolean,
  first: boolean,
  furniture: ReturnType<typeof pageFurniture>,
  templateHeaders: NonNullable<State['reference']>['headers'],
): ISectionOptions {
  const { page, margins } = state.options
  const turned = section.kind === 'landscape'
  const portraitWidth = Math.min(page.width, page.height)
  const portraitHeight = Math.max(page.width, page.height)
  const landscape = turned || page.width > page.height
  const reference = state.reference
  const headerDistance = reference?.margins?.header ?? Math.min(720, margins.top)
  const footerDistance = reference?.margins?.footer ?? Math.min(720, margins.bottom)
  // Later sections take their headers and footers from the first ("link to previous").
  const titlePage = first && reference?.titlePage === true && templateHeaders.some((header) => header.type === 'first')
  return {
    properties: {
      // Every section starts on a new page (OOXML's default section type): the body after a
      // title page, a landscape table, the portrait pages after it.
      ...(titlePage ? { titlePage: true } : {}),
      // A title page holds its block in the middle of the page, as a Word title page does.
      ...(section.kind === 'title' ? { verticalAlign: VerticalAlignSection.CENTER } : {}),
      page: {
        // docx swaps width and height itself for landscape.
        size: { width: portraitWidth, height: portraitHeight, orientation: landscape ? PageOrientation.LANDSCAPE : PageOrientation.PORTRAIT },
        margin: { ...margins, header: headerDistance, footer: footerDistance, gutter: 0 },
      },
    },
    ...(first && furniture.header ? { headers: { default: furniture.header } } : {}),
    ...(first && furniture.footer ? { footers: { default: furniture.footer } } : {}),
    // Word expects at least one paragraph in a body.
    children: section.children.length > 0 || !last ? section.children : [new Paragraph({ style: 'BodyText' })],
  }
}

type Notes = Record<string, { children: Paragraph[] }>

/** The footnotes for docx: when streamed, one placeholder note that writes them all. */
function streamFootnotes(notes: Notes, streamed: boolean): { notes: Notes; streamed: StreamedXml[] } {
  const first = Object.keys(notes)[0]
  if (!streamed || first === undefined) return { notes, streamed: [] }
  const placeholder = streamedFootnotes(notes)
  return { notes: { [first]: { children: [placeholder] } }, streamed: [placeholder.xml] }
}

/** The comments for docx: when streamed, one placeholder comment that writes them all. */
function streamComments(options: { children: ICommentOptions[] } | undefined, streamed: boolean): { options: { children: ICommentOptions[] } | undefined; streamed: StreamedXml[] } {
  const first = options?.children[0]
  if (!streamed || !options || !first) return { options, streamed: [] }
  const placeholder = streamedComments(options.children)
  return { options: { children: [{ ...first, children: [placeholder] }] }, streamed: [placeholder.xml] }
}
