/**
 * What the Markdown says that Word shows nowhere, kept in docProps/custom.xml (custom document
 * properties: Word's File › Properties › Custom and LibreOffice's Custom Properties keep them
 * through a save) so an import can give it back:
 * - `MarkdocxFrontMatter`: the front matter's citation and cross-reference settings as JSON
 *   (`bibliography`, `csl`, `link-citations`, `nocite`, `figPrefix`…), the keys src/citations and
 *   mdast/cross-reference-settings.ts read;
 * - `MarkdocxBookmarks`: each bookmark whose name is not the id it was made from (Word names hold
 *   only letters, digits, `_` and `-`: `{#sec:intro}` is `sec_intro`), as `{ name: id }`.
 * Word keeps at most 255 characters of a text property, so a longer value is cut into numbered
 * properties (`MarkdocxBookmarks.1`, `.2`…), read back in order (src/import/markdocx-properties.ts).
 */
import type { IPropertiesOptions } from 'docx'
import type { DocumentMetadata } from '../../mdast/front-matter.js'
import { KEPT_FRONT_MATTER } from '../../mdast/kept-front-matter.js'
import { xmlSafe } from '../text/text.js'

type CustomProperty = NonNullable<IPropertiesOptions['customProperties']>[number]


/** Word's limit on a text property's length. */
export const PROPERTY_CHUNK = 255

export function markdocxProperties(metadata: DocumentMetadata, renamedBookmarks: ReadonlyMap<string, string>): CustomProperty[] {
  const kept: Record<string, unknown> = {}
  for (const key of KEPT_FRONT_MATTER) if (metadata.extra[key] !== undefined) kept[key] = metadata.extra[key]
  return [...chunked('MarkdocxFrontMatter', kept), ...chunked('MarkdocxBookmarks', Object.fromEntries(renamedBookmarks))]
}

function chunked(name: string, value: Record<string, unknown>): CustomProperty[] {
  if (Object.keys(value).length === 0) return []
  let json: string
  try {
    json = JSON.stringify(value)
  } catch {
    // YAML can make values JSON cannot write (a cycle through aliases): nothing is kept.
    return []
  }
  const text = xmlSafe(json).text
  if (text.length <= PROPERTY_CHUNK) return [{ name, value: text }]
  const out: CustomProperty[] = []
  for (let at = 0, n = 1; at < text.length; at += PROPERTY_CHUNK, n++) out.push({ name: `${name}.${n}`, value: text.slice(at, at + PROPERTY_CHUNK) })
  return out
}
