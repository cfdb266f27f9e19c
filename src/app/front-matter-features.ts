/**
 * The document features Page setup edits, as a document's front matter alone sets them; read
 * by front-matter-settings.ts (loaded when Page setup opens).
 */
import type { ExportSettings } from '../model/export-settings.js'

export interface FrontMatterFeatures {
  toc: boolean
  titlePage: boolean
  pageNumbers: NonNullable<ExportSettings['pageNumbers']>
  wideTables: NonNullable<ExportSettings['wideTables']>
}

/** No front matter, or one that asks for none of them. */
export const NO_FRONT_MATTER: FrontMatterFeatures = { toc: false, titlePage: false, pageNumbers: 'none', wideTables: 'shrink' }
