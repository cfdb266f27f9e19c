/**
 * The single `new Document(...)`, built last from what the walk collected: body, styles,
 * numbering, footnotes, page setup, and the hyperlink relationships (added with the ids the
 * handlers already used).
 */
import { Document, PageOrientation, Paragraph, type FileChild } from 'docx'
import type { State } from './state.js'
import { stylesXml } from './styles.js'

const HYPERLINK = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink' as const

export function buildDocument(state: State, body: FileChild[]): Document {
  const { page, margins } = state.options
  const landscape = page.width > page.height
  const metadata = state.metadata
  const title = state.options.title ?? metadata.title
  const doc = new Document({
    externalStyles: stylesXml(state.options, metadata.lang),
    numbering: { config: state.numbering.config() },
    footnotes: state.footnotes.notes(),
    ...(title ? { title } : {}),
    ...(metadata.authors.length > 0 ? { creator: metadata.authors.join('; ') } : {}),
    sections: [
      {
        properties: {
          page: {
            // docx swaps width and height itself for landscape.
            size: { width: Math.min(page.width, page.height), height: Math.max(page.width, page.height), orientation: landscape ? PageOrientation.LANDSCAPE : PageOrientation.PORTRAIT },
            margin: { ...margins, header: Math.min(720, margins.top), footer: Math.min(720, margins.bottom), gutter: 0 },
          },
        },
        // Word expects at least one paragraph in a body.
        children: body.length > 0 ? body : [new Paragraph({ style: 'BodyText' })],
      },
    ],
  })
  for (const relationship of state.relationships.all()) {
    const relationships = relationship.part === 'footnotes' ? doc.FootNotes.Relationships : doc.Document.Relationships
    relationships.addRelationship(relationship.id, HYPERLINK, relationship.target, 'External')
  }
  return doc
}
