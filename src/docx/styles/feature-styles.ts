/**
 * Styles for the document-level features (table of contents, headers and footers, comments,
 * definition lists, wide tables), under Word's and pandoc's names so a reference .docx
 * restyles them too.
 */
import type { ResolvedOptions } from '../options.js'
import type { StyleDef } from './styles.js'

/** Table styles for tables with many columns: smaller type, so more fits on a line. */
export const WIDE_TABLE_STYLES = [
  { id: 'WideTable', name: 'Wide Table', scale: 0.82 },
  { id: 'VeryWideTable', name: 'Very Wide Table', scale: 0.68 },
] as const

export function featureStyles(options: ResolvedOptions, table: StyleDef | undefined): StyleDef[] {
  const body = Math.round(options.fontSize * 2)
  const small = Math.max(12, Math.round(body * 0.82))
  const grey = '595959'
  const toc: StyleDef[] = Array.from({ length: 9 }, (_, index) => ({
    type: 'paragraph',
    id: `TOC${index + 1}`,
    name: `toc ${index + 1}`,
    basedOn: 'Normal',
    next: 'Normal',
    uiPriority: 39,
    semiHidden: true,
    pPr: { spacing: { before: index === 0 ? 120 : 0, after: 60 }, indent: { left: 240 * index } },
    ...(index === 0 ? { rPr: { bold: true } } : {}),
  }))
  const wide: StyleDef[] = table
    ? WIDE_TABLE_STYLES.map((style) => ({ ...table, id: style.id, name: style.name, basedOn: 'Table', qFormat: false, rPr: { size: Math.max(12, Math.round(body * style.scale)) } }))
    : []
  return [
    { type: 'paragraph', id: 'TOCHeading', name: 'TOC Heading', basedOn: 'Heading1', next: 'Normal', uiPriority: 39, qFormat: true, pPr: { outlineLevel: 9 } },
    ...toc,
    { type: 'paragraph', id: 'Header', name: 'header', basedOn: 'Normal', link: 'HeaderChar', uiPriority: 99, pPr: { jc: 'center' }, rPr: { color: grey, size: small } },
    { type: 'character', id: 'HeaderChar', name: 'Header Char', basedOn: 'DefaultParagraphFont', link: 'Header', uiPriority: 99, rPr: { color: grey, size: small } },
    { type: 'paragraph', id: 'Footer', name: 'footer', basedOn: 'Normal', link: 'FooterChar', uiPriority: 99, pPr: { jc: 'center' }, rPr: { color: grey, size: small } },
    { type: 'character', id: 'FooterChar', name: 'Footer Char', basedOn: 'DefaultParagraphFont', link: 'Footer', uiPriority: 99, rPr: { color: grey, size: small } },
    // pandoc's reference list style (citations); the hanging indent APA and Chicago ask for is set on each entry.
    { type: 'paragraph', id: 'Bibliography', name: 'Bibliography', basedOn: 'Normal', qFormat: true, pPr: { spacing: { before: 0, after: 120, line: 264 } } },
    { type: 'paragraph', id: 'DefinitionTerm', name: 'Definition Term', basedOn: 'Normal', next: 'Definition', qFormat: true, pPr: { keepNext: true, spacing: { before: 120, after: 0 } }, rPr: { bold: true } },
    { type: 'paragraph', id: 'Definition', name: 'Definition', basedOn: 'Normal', qFormat: true, pPr: { spacing: { before: 0, after: 120 }, indent: { left: 720 } } },
    { type: 'paragraph', id: 'CommentText', name: 'annotation text', basedOn: 'Normal', link: 'CommentTextChar', uiPriority: 99, semiHidden: true, rPr: { size: Math.max(12, body - 2) } },
    { type: 'character', id: 'CommentTextChar', name: 'Comment Text Char', basedOn: 'DefaultParagraphFont', link: 'CommentText', uiPriority: 99, rPr: { size: Math.max(12, body - 2) } },
    { type: 'character', id: 'CommentReference', name: 'annotation reference', basedOn: 'DefaultParagraphFont', uiPriority: 99, semiHidden: true, rPr: { size: Math.max(12, body - 6) } },
    ...wide,
  ]
}
