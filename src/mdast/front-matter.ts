/**
 * YAML front matter → document metadata (title, authors, date…), read the way pandoc reads it.
 */
import type { Root, Yaml } from 'mdast'
import type { VFile } from 'vfile'
import { parseYaml } from '../util/yaml.js'

export interface DocumentMetadata {
  title?: string
  subtitle?: string
  authors: string[]
  date?: string
  abstract?: string
  keywords: string[]
  lang?: string
  /** `toc: true` asks for a table of contents; a number gives its depth. */
  toc?: boolean | number
  /** Every other key, kept as parsed, for options that read it (e.g. `toc-depth`). */
  extra: Record<string, unknown>
}

const KNOWN = new Set(['title', 'subtitle', 'author', 'authors', 'date', 'abstract', 'keywords', 'lang', 'toc'])

/** The metadata in the document's leading `---` block; empty when there is none or it is not YAML. */
export function readFrontMatter(tree: Root, file?: VFile): DocumentMetadata {
  const metadata: DocumentMetadata = { authors: [], keywords: [], extra: {} }
  const node = tree.children[0]
  if (node?.type !== 'yaml') return metadata
  const data = parseData(node, file)
  if (!data) return metadata
  metadata.title = text(data.title)
  metadata.subtitle = text(data.subtitle)
  metadata.authors = list(data.author ?? data.authors)
  metadata.date = text(data.date)
  metadata.abstract = text(data.abstract)
  metadata.keywords = list(data.keywords)
  metadata.lang = text(data.lang)
  if (typeof data.toc === 'boolean' || typeof data.toc === 'number') metadata.toc = data.toc
  for (const [key, value] of Object.entries(data)) if (!KNOWN.has(key)) metadata.extra[key] = value
  return metadata
}

function parseData(node: Yaml, file?: VFile): Record<string, unknown> | undefined {
  try {
    const data: unknown = parseYaml(node.value, { maxAliasCount: 100 })
    if (data && typeof data === 'object' && !Array.isArray(data)) return data as Record<string, unknown>
    if (data !== null && data !== undefined) {
      file?.message('Front matter is not a YAML mapping; it was ignored', { place: node.position, ruleId: 'front-matter-invalid', source: 'markdocx' })
    }
  } catch (error) {
    file?.message(`Front matter is not valid YAML (${(error as Error).message.split('\n')[0]}); it was ignored`, {
      place: node.position,
      ruleId: 'front-matter-invalid',
      source: 'markdocx',
    })
  }
  return undefined
}

/** A scalar as text; dates (YAML timestamps) as ISO dates. */
function text(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString().slice(0, 10)
  if (typeof value === 'string') return value.trim() || undefined
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (typeof value === 'object' && value && 'name' in value) return text((value as { name: unknown }).name)
  return undefined
}

/** One value or a list (or a comma-separated string of keywords) as a list of texts. */
function list(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' && value.includes(',') ? value.split(',') : [value]
  return items.map(text).filter((item): item is string => item !== undefined)
}

/** The deepest heading level a table of contents can list (Word's TOC field goes to 9). */
export const MAX_TOC_DEPTH = 9

/**
 * The one rule for the table of contents, read by the export (docx/page/features.ts) and the
 * preview's contents (worker/engine.ts) alike: an option wins (false: none; an object's depth),
 * else front matter `toc: true` / `toc: <depth>` with `toc-depth`; the depth is the first
 * number given, rounded and kept within 1…9, default 3. Undefined: no table of contents.
 */
export function tocDepthOf(metadata: DocumentMetadata, option?: boolean | { depth?: number }): number | undefined {
  const wanted = option !== undefined ? option !== false : metadata.toc !== undefined && metadata.toc !== false
  if (!wanted) return undefined
  const depthOption = typeof option === 'object' ? option.depth : undefined
  const tocDepth = metadata.extra['toc-depth']
  const fromExtra = typeof tocDepth === 'number' ? tocDepth : typeof tocDepth === 'string' && tocDepth.trim() ? Number(tocDepth) : undefined
  const depth = [depthOption, typeof metadata.toc === 'number' ? metadata.toc : undefined, fromExtra].find((value): value is number => value !== undefined && Number.isFinite(value))
  return Math.min(MAX_TOC_DEPTH, Math.max(1, Math.round(depth ?? 3)))
}
