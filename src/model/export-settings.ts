/**
 * A document's export settings, as the page setup dialog edits them, storage remembers them
 * per document and the worker turns them into compiler options.
 */

/** Export settings the dialog edits, remembered per document. Lengths in millimetres, size in points. */
export interface ExportSettings {
  pageSize: 'A4' | 'Letter' | 'Legal'
  orientation: 'portrait' | 'landscape'
  margins: { top: number; right: number; bottom: number; left: number }
  font: string
  fontSize: number
  /** A reference .docx whose styles, theme, page setup and headers the export takes (issue 4). */
  referenceDoc?: { name: string; bytes: Uint8Array }
  /** A table of contents after the title block. */
  toc?: boolean
  /** Page numbers in the footer (and the title in the header). */
  pageNumbers?: 'none' | 'page' | 'page-of-pages'
  /** The title block on a page of its own. */
  titlePage?: boolean
  /** Tables too wide for the page: smaller type, or a landscape page of their own. */
  wideTables?: 'shrink' | 'landscape'
}

export const DEFAULT_EXPORT_SETTINGS: ExportSettings = {
  pageSize: 'A4',
  orientation: 'portrait',
  margins: { top: 25.4, right: 25.4, bottom: 25.4, left: 25.4 },
  font: 'Calibri',
  fontSize: 11,
}
