/**
 * The front matter's citation keys, read and written as text: `bibliography:` (one file or a
 * list) and `csl:` (a shipped style's name or a stored .csl). The Bibliography dialog and a
 * loaded .bib/.csl change the document through them, so the text stays the one source the
 * preview, the export, the CLI and a saved .md all read (pandoc's keys, as a user would type).
 *
 * An edit touches the key's own lines only (its value and the indented or `- ` lines under it),
 * so comments and the rest of the front matter stay as written; a document without front
 * matter gets one. Loaded with the dialog (it brings the YAML reader), not with the page.
 */
import { parseYaml } from '../util/yaml.js'

/** How far into the text the front matter may reach (as Page setup reads it). */
const LIMIT = 64 * 1024

export interface CitationKeys {
  /** The bibliography files the front matter names, in order. */
  bibliography: string[]
  /** The citation style it names (`csl:`, else `citation-style:`). */
  csl: string | undefined
}

/** A change to the editor's text. */
export interface TextChange {
  from: number
  to: number
  insert: string
}

interface Line {
  text: string
  from: number
  /** Where the next line starts (after this one's line break). */
  next: number
}

function linesOf(text: string): Line[] {
  const lines: Line[] = []
  const pattern = /\r\n|\r|\n/g
  let from = 0
  for (;;) {
    const match = pattern.exec(text)
    if (!match) {
      lines.push({ text: text.slice(from), from, next: text.length })
      return lines
    }
    lines.push({ text: text.slice(from, match.index), from, next: match.index + match[0].length })
    from = match.index + match[0].length
  }
}

/** The front matter's lines (between the `---` lines), or undefined when there is none. */
function frontMatter(text: string): { lines: Line[]; close: Line } | undefined {
  const lines = linesOf(text.slice(0, LIMIT))
  if (lines[0]?.text.trimEnd() !== '---') return undefined
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!.text.trimEnd()
    if (line === '---' || line === '...') return { lines: lines.slice(1, i), close: lines[i]! }
  }
  return undefined
}

function strings(value: unknown): string[] {
  if (typeof value === 'string') return value.trim() === '' ? [] : [value.trim()]
  if (Array.isArray(value)) return value.flatMap(strings)
  return []
}

/** What the front matter says of citations; empty when it says nothing or cannot be read (the render reports that). */
export function citationKeys(text: string): CitationKeys {
  const found = frontMatter(text)
  if (!found) return { bibliography: [], csl: undefined }
  let data: unknown
  try {
    data = parseYaml(found.lines.map((line) => line.text).join('\n'))
  } catch {
    return { bibliography: [], csl: undefined }
  }
  const record = data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {}
  return { bibliography: strings(record.bibliography), csl: strings(record.csl)[0] ?? strings(record['citation-style'])[0] }
}

/** A YAML scalar for a file or style name: plain where plain reads the same, else double-quoted. */
function scalar(value: string): string {
  return /^[\p{L}\p{N}_][\p{L}\p{N}_ ./-]*$/u.test(value) && !/\s$/.test(value) && !/ #|: /.test(value) ? value : JSON.stringify(value)
}

function rendered(key: string, value: string | string[]): string {
  const values = typeof value === 'string' ? [value] : value
  if (values.length === 1) return `${key}: ${scalar(values[0]!)}`
  return [`${key}:`, ...values.map((item) => `  - ${scalar(item)}`)].join('\n')
}

/**
 * The change that sets a top-level front-matter key (`undefined` or an empty list removes it);
 * undefined when there is nothing to change. `keys` are the names the key goes by (`csl` and
 * `citation-style`): the first one present is rewritten, the others left out of the way.
 */
export function setFrontMatterKey(text: string, keys: readonly [string, ...string[]], value: string | string[] | undefined): TextChange | undefined {
  const empty = value === undefined || (Array.isArray(value) && value.length === 0)
  const found = frontMatter(text)
  if (!found) {
    if (empty) return undefined
    const newline = text.includes('\r\n') ? '\r\n' : '\n'
    const block = `---${newline}${rendered(keys[0], value).replace(/\n/g, newline)}${newline}---${newline}`
    return { from: 0, to: 0, insert: text === '' ? block : `${block}${newline}` }
  }
  const { lines, close } = found
  const newline = /\r\n$/.test(text.slice(lines[0]?.from ?? close.from, lines[0]?.next ?? close.next)) ? '\r\n' : '\n'
  const start = lines.findIndex((line) => keys.some((key) => line.text.startsWith(key) && /^\s*:/.test(line.text.slice(key.length))))
  if (start < 0) {
    if (empty) return undefined
    return { from: close.from, to: close.from, insert: `${rendered(keys[0], value).replace(/\n/g, newline)}${newline}` }
  }
  // The key's block: its line and the lines that belong to its value (indented, or a `- ` item).
  let end = start + 1
  while (end < lines.length && /^(\s+\S|-(\s|$))/.test(lines[end]!.text)) end++
  const name = /^([^:\s]+)/.exec(lines[start]!.text)?.[1] ?? keys[0]
  const from = lines[start]!.from
  const to = lines[end - 1]!.next
  const insert = empty ? '' : `${rendered(name, value).replace(/\n/g, newline)}${newline}`
  return text.slice(from, to) === insert ? undefined : { from, to, insert }
}
