/**
 * What the document's own front matter asks of the export (`toc: true`, `page-numbers`,
 * `title-page`, `wide-tables`), read by the same rules the export reads it
 * (docx/page/features.ts), so Page setup shows what the export will do.
 *
 * How the two agree: a setting left alone in Page setup follows the front matter (and shows
 * its value); a setting changed there is the document's setting and wins over the front
 * matter, as options win over front matter in the CLI and the library. Defaults goes back to
 * following the front matter.
 *
 * Loaded when Page setup opens (it brings the YAML reader), not with the page.
 */
import type { Root } from 'mdast'
import { resolveFeatures } from '../docx/page/features.js'
import { readFrontMatter } from '../mdast/front-matter.js'
import type { ExportSettings } from '../model/export-settings.js'
import { docxOptionsFor } from '../worker/docx-options.js'
import { NO_FRONT_MATTER, type FrontMatterFeatures } from './front-matter-features.js'

/** How far into the text the front matter may reach (the whole text is never read for it). */
export const FRONT_MATTER_LIMIT = 64 * 1024

/** The leading `---` block's YAML, as the parser takes it (closed by `---` or `...`); undefined when there is none. */
export function frontMatterYaml(text: string): string | undefined {
  const lines = text.slice(0, FRONT_MATTER_LIMIT).split(/\r?\n/)
  if (lines[0]?.trimEnd() !== '---') return undefined
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!.trimEnd()
    if (line === '---' || line === '...') return lines.slice(1, i).join('\n')
  }
  return undefined
}

export function frontMatterFeatures(text: string): FrontMatterFeatures {
  const yaml = frontMatterYaml(text)
  if (yaml === undefined) return NO_FRONT_MATTER
  const tree: Root = { type: 'root', children: [{ type: 'yaml', value: yaml }] }
  const features = resolveFeatures({}, readFrontMatter(tree))
  return { toc: features.toc !== undefined, titlePage: features.titlePage, pageNumbers: features.pageNumbers ?? 'none', wideTables: features.wideTables }
}

/** What the Word page preview draws around the text: page furniture and title page, as the export resolves them. */
export interface PageFurnitureFeatures {
  /** The document title in the header (Word's TITLE field). */
  headerTitle: string | undefined
  pageNumbers: 'page' | 'page-of-pages' | undefined
  titlePage: boolean
  labels: { page: string; of: string }
}

/**
 * The export's page furniture for this text and these settings: the same resolution as the
 * export (Page setup's choices win over the front matter), from the same settings-to-options
 * mapping (worker/docx-options.ts).
 */
export function pageFurnitureFeatures(text: string, settings: ExportSettings): PageFurnitureFeatures {
  const options = docxOptionsFor(settings)
  const yaml = frontMatterYaml(text)
  const tree: Root = { type: 'root', children: yaml === undefined ? [] : [{ type: 'yaml', value: yaml }] }
  const features = resolveFeatures(options, readFrontMatter(tree))
  return {
    headerTitle: features.headerTitle ? features.title : undefined,
    pageNumbers: features.pageNumbers,
    titlePage: features.titlePage,
    labels: { page: features.labels.page, of: features.labels.of },
  }
}
