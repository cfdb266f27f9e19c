/**
 * What markdocx keeps in docProps/custom.xml for an import (src/docx/ooxml/markdocx-properties.ts):
 * the front matter's citation and cross-reference settings, and the ids behind bookmark names
 * Word could not hold (`sec_intro` → `sec:intro`). A value cut into numbered properties is
 * joined in order; anything that is not what markdocx writes (not JSON, not an object, keys
 * not kept, ids that are not text) is left out, so another tool's properties change nothing.
 */
import { KEPT_FRONT_MATTER } from '../mdast/kept-front-matter.js'
import { attribute, descendants, parseXml, textOf } from './xml.js'

export interface MarkdocxProperties {
  /** Front-matter keys and values. */
  frontMatter: Record<string, unknown>
  /** Bookmark name → the id it was made from. */
  bookmarks: Map<string, string>
}

const KEPT = new Set<string>(KEPT_FRONT_MATTER)

export function readMarkdocxProperties(xml: string | undefined): MarkdocxProperties {
  const result: MarkdocxProperties = { frontMatter: {}, bookmarks: new Map() }
  if (xml === undefined) return result
  const values = new Map<string, string>()
  for (const property of descendants(parseXml(xml), 'property')) {
    const name = attribute(property, 'name')
    if (name?.startsWith('Markdocx')) values.set(name, textOf(property))
  }
  const frontMatter = joined(values, 'MarkdocxFrontMatter')
  if (frontMatter) for (const [key, value] of Object.entries(frontMatter)) if (KEPT.has(key)) result.frontMatter[key] = value
  const bookmarks = joined(values, 'MarkdocxBookmarks')
  if (bookmarks) {
    for (const [name, id] of Object.entries(bookmarks)) {
      // An id is one token of text (it becomes `{#id}` and `#id` links).
      if (typeof id === 'string' && id !== '' && id.length <= 1000 && !/[\s{}\]\[()#\uFDD0\uFDD1]/.test(id)) result.bookmarks.set(name, id)
    }
  }
  return result
}

/** A JSON object from `name`, or from `name.1`, `name.2`… joined. */
function joined(values: Map<string, string>, name: string): Record<string, unknown> | undefined {
  let text = values.get(name)
  if (text === undefined) {
    const parts: string[] = []
    for (let n = 1; values.has(`${name}.${n}`); n++) parts.push(values.get(`${name}.${n}`)!)
    if (parts.length === 0) return undefined
    text = parts.join('')
  }
  try {
    const value: unknown = JSON.parse(text)
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}
