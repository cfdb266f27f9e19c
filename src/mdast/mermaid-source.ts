/**
 * What the compiler reads from a Mermaid diagram's source text without drawing it: the words
 * that describe it (its `accTitle`, front-matter `title` or `title` statement, `accDescr`, else
 * its first line) for the picture's alt text, and where in the source one of mermaid's error
 * messages points, so the message lands on the right line of the Markdown.
 */

export interface MermaidLabel {
  /** The diagram's own title, when it states one. */
  title?: string
  /** Its `accDescr`, when it has one. */
  description?: string
  /** Its first line of content (the diagram type and direction, `flowchart LR`). */
  firstLine: string
}

const FRONT_MATTER = /^[ \t]*---[ \t]*\n([\s\S]*?)\n[ \t]*---[ \t]*(?:\n|$)/

/** The diagram's title and description, as its source states them. */
export function mermaidLabel(source: string): MermaidLabel {
  const text = source.replace(/\r\n?/g, '\n')
  const front = FRONT_MATTER.exec(text)
  const body = front ? text.slice(front[0].length) : text
  const lines = body.split('\n').map((line) => line.trim())
  const content = lines.filter((line) => line !== '' && !line.startsWith('%%'))
  const firstLine = content[0] ?? ''
  const accTitle = matchLine(lines, /^accTitle\s*:\s*(.+)$/)
  const frontTitle = front ? matchLine(front[1]!.split('\n').map((line) => line.trim()), /^title\s*:\s*(.+)$/) : undefined
  // `title …` statements (gantt, journey, quadrant, xychart) and `pie title …` on the first line.
  const statement = matchLine(lines, /^title\s+(.+)$/) ?? matchLine(lines.slice(0, 1).concat(content.slice(0, 1)), /^pie\s+(?:showData\s+)?title\s+(.+)$/)
  const title = unquote(accTitle ?? frontTitle ?? statement)
  const description = unquote(matchLine(lines, /^accDescr\s*:\s*(.+)$/) ?? /^\s*accDescr\s*\{([\s\S]*?)\}/m.exec(body)?.[1]?.trim().replace(/\s*\n\s*/g, ' '))
  return { ...(title ? { title } : {}), ...(description ? { description } : {}), firstLine }
}

function matchLine(lines: readonly string[], pattern: RegExp): string | undefined {
  for (const line of lines) {
    const match = pattern.exec(line)
    if (match?.[1]?.trim()) return match[1].trim()
  }
  return undefined
}

function unquote(value: string | undefined): string | undefined {
  if (value === undefined) return undefined
  const trimmed = value.trim()
  const quoted = /^(["'])(.*)\1$/.exec(trimmed)
  return (quoted ? quoted[2]! : trimmed) || undefined
}

export interface MermaidError {
  /** Mermaid's message on one line, without its source excerpt and caret line. */
  reason: string
  /** 1-based line of the diagram's source the error is on, when mermaid says. */
  line?: number
  /** 1-based column on that line, when mermaid says. */
  column?: number
}

/**
 * Mermaid's error for a source, made fit for a message: the excerpt and caret lines of its
 * parse errors dropped (the message's position points there instead), and the line it names
 * taken back to the source's own line numbers — mermaid counts lines of the text it parses,
 * which is the source without its front matter, directives, comment lines and leading blank lines.
 */
export function readMermaidError(source: string, message: string): MermaidError {
  const lines = message.split('\n').filter((line) => !/^\s*\.\.\./.test(line) && !/^\s*-*\^\s*$/.test(line))
  const where = /\bon line (\d+)(?:,\s*column (\d+))?[:.]?/i.exec(lines.join('\n'))
  const reason = lines
    .join(' ')
    .replace(/\bon line \d+(?:,\s*column \d+)?(?=[:.]?)/i, '')
    .replace(/\s+([:.,])/g, '$1')
    .replace(/:(\s*:)+/g, ':')
    .replace(/\s+/g, ' ')
    .trim()
  const shortened = reason.length > 300 ? `${reason.slice(0, 299)}…` : reason
  if (!where) return { reason: shortened || 'unknown error' }
  const line = sourceLine(source, Number(where[1]))
  const column = where[2] !== undefined ? Number(where[2]) : undefined
  return { reason: shortened || 'unknown error', ...(line !== undefined ? { line } : {}), ...(column !== undefined && column > 0 ? { column } : {}) }
}

/**
 * The source line of line `parsed` of the text mermaid parses. Its preprocessing is replayed
 * on the source with every character's original offset kept alongside: the front matter is cut,
 * directives (`%%{…}%%`) and comment lines removed, leading white space trimmed — mermaid's own
 * regular expressions (mermaid 12, src/preprocess.ts and src/diagram-api/comments.ts).
 */
export function sourceLine(source: string, parsed: number): number | undefined {
  if (!Number.isInteger(parsed) || parsed < 1) return undefined
  const text = source.replace(/\r\n?/g, '\n')
  let kept: Kept = { text, offsets: Array.from({ length: text.length + 1 }, (_, index) => index) }
  const front = FRONT_MATTER.exec(text)
  if (front) kept = cut(kept, 0, front[0].length)
  kept = removeAll(kept, /%{2}{\s*(?:(\w+)\s*:|(\w+))\s*(?:(\w+)|((?:(?!}%{2}).|\r?\n)*))?\s*(?:}%{2})?/gi)
  kept = removeAll(kept, /^\s*%%(?!{)[^\n]+\n?/gm)
  const leading = /^\s*/.exec(kept.text)![0].length
  kept = cut(kept, 0, leading)
  // The line's start in the parsed text, then in the source; past the end (an error at the end of input): the last line.
  let offset = 0
  for (let line = 1; line < parsed; line++) {
    const next = kept.text.indexOf('\n', offset)
    if (next < 0) return lineAt(text, text.replace(/\n+$/, '').length)
    offset = next + 1
  }
  return lineAt(text, Math.min(kept.offsets[offset] ?? text.length, text.replace(/\n+$/, '').length))
}

interface Kept {
  text: string
  /** The source offset of each character of `text` (and of its end). */
  offsets: number[]
}

function cut(kept: Kept, from: number, to: number): Kept {
  return { text: kept.text.slice(0, from) + kept.text.slice(to), offsets: [...kept.offsets.slice(0, from), ...kept.offsets.slice(to)] }
}

function removeAll(kept: Kept, pattern: RegExp): Kept {
  const matches = [...kept.text.matchAll(pattern)].filter((match) => match[0].length > 0)
  let result = kept
  for (const match of matches.reverse()) result = cut(result, match.index, match.index + match[0].length)
  return result
}

function lineAt(text: string, offset: number): number {
  let line = 1
  for (let index = 0; index < offset && index < text.length; index++) if (text[index] === '\n') line++
  return line
}
