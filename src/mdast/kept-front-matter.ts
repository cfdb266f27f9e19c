/**
 * The front-matter keys a .docx keeps for an import (docx/ooxml/markdocx-properties.ts writes
 * them, import/markdocx-properties.ts reads them): what citations (src/citations/resolve.ts) and
 * cross-references (cross-reference-settings.ts) read, which Word shows nowhere.
 */
export const KEPT_FRONT_MATTER = [
  'bibliography',
  'references',
  'csl',
  'citation-style',
  'nocite',
  'link-citations',
  'reference-section-title',
  'suppress-bibliography',
  'figure-title',
  'figureTitle',
  'table-title',
  'tableTitle',
  'listing-title',
  'listingTitle',
  'figPrefix',
  'FigPrefix',
  'tblPrefix',
  'TblPrefix',
  'eqnPrefix',
  'EqnPrefix',
  'lstPrefix',
  'LstPrefix',
  'secPrefix',
  'SecPrefix',
  'rangeDelim',
  'pairDelim',
  'lastDelim',
  'refDelim',
] as const
