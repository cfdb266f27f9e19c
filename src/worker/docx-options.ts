/**
 * The export dialog's settings as compiler options — alone in its file, with only type imports,
 * so the app can resolve what the export will do (the Word page view's page furniture:
 * app/front-matter-settings.ts) without loading the compiler.
 */
import type { DocxOptions } from '../docx/options.js'
import type { ExportSettings } from '../model/export-settings.js'

const MM_TO_TWIPS = 1440 / 25.4

/** The compiler's options for what the export dialog set. */
export function docxOptionsFor(settings: ExportSettings): DocxOptions {
  const twips = (mm: number) => Math.round(Math.max(0, mm) * MM_TO_TWIPS)
  return {
    pageSize: settings.pageSize,
    orientation: settings.orientation,
    margins: { top: twips(settings.margins.top), right: twips(settings.margins.right), bottom: twips(settings.margins.bottom), left: twips(settings.margins.left) },
    font: settings.font,
    fontSize: settings.fontSize,
    // Document features (issue 4); unset ones leave the front matter to decide, set ones win
    // over it — off included (Page setup shows the front matter's value until changed).
    ...(settings.referenceDoc ? { referenceDoc: settings.referenceDoc.bytes } : {}),
    ...(settings.toc !== undefined ? { toc: settings.toc } : {}),
    ...(settings.pageNumbers ? { pageNumbers: settings.pageNumbers === 'none' ? false : settings.pageNumbers === 'page-of-pages' ? 'page-of-pages' : true } : {}),
    ...(settings.titlePage !== undefined ? { titlePage: settings.titlePage } : {}),
    ...(settings.wideTables ? { wideTables: settings.wideTables } : {}),
  }
}
