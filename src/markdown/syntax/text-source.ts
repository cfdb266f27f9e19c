/**
 * Where each character of a text node stands in the source. A text's value is its source with
 * backslash escapes and character references decoded, and (inside quotes and list items) the
 * container prefixes of its lines taken out; transforms that read syntax in text (`^sup^`,
 * `[span]{…}`) need to know which characters the author escaped and where a piece of text is.
 */
import type { Text } from 'mdast'
import type { Point } from 'unist'
import { decodeNamedCharacterReference } from 'decode-named-character-reference'

export interface TextSource {
  /** Source offset of each character of the value, and of its end (length + 1 entries). */
  offsets: number[]
  /** Value indexes of characters written with a backslash escape. */
  escaped: Set<number>
}

const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/

/**
 * The value of `text` mapped onto `source`, or undefined when it cannot be (no position, or a
 * source that does not read as the value: then callers treat the text as written plainly).
 */
export function textSource(text: Text, source: string): TextSource | undefined {
  const start = text.position?.start.offset
  const end = text.position?.end.offset
  if (start === undefined || end === undefined || end > source.length) return undefined
  const value = text.value
  const offsets: number[] = []
  const escaped = new Set<number>()
  let i = start
  for (let j = 0; j < value.length; ) {
    if (i >= end) return undefined
    const char = source[i]!
    // An escape first: `\\` is one escaped backslash, not a backslash that then fails to match.
    if (char === '\\' && ASCII_PUNCTUATION.test(source[i + 1] ?? '') && source[i + 1] === value[j]) {
      escaped.add(j)
      offsets.push(i)
      i += 2
      j++
      continue
    }
    // A character reference before a literal match: `&amp;` reads `&`, which would otherwise
    // match the `&` alone and leave `amp;` unmatched (the text then lost every position).
    if (char === '&') {
      const reference = /^&(?:#[xX]([0-9A-Fa-f]{1,6})|#([0-9]{1,7})|([A-Za-z][A-Za-z0-9]{0,31}));/.exec(source.slice(i, Math.min(end, i + 40)))
      const decoded = reference ? referenceValue(reference) : undefined
      if (reference && decoded && value.startsWith(decoded, j)) {
        for (let k = 0; k < decoded.length; k++) offsets.push(i)
        i += reference[0].length
        j += decoded.length
        continue
      }
    }
    if (char === value[j]) {
      // A line break: the next line's container prefix (`> `, indentation) is not in the value.
      offsets.push(i++)
      j++
      if (char === '\n' || (char === '\r' && source[i] !== '\n')) while (i < end && source[i] !== value[j] && /[ \t>]/.test(source[i]!)) i++
      continue
    }
    // Spaces and tabs ending a line are not in the value (`a \nb` reads `a\nb`).
    if ((char === ' ' || char === '\t') && (value[j] === '\n' || value[j] === '\r')) {
      i++
      continue
    }
    return undefined
  }
  offsets.push(i)
  return { offsets, escaped }
}

function referenceValue(match: RegExpExecArray): string | undefined {
  if (match[3]) {
    const named = decodeNamedCharacterReference(match[3])
    return named === false ? undefined : named
  }
  const code = match[1] ? parseInt(match[1], 16) : Number(match[2])
  if (!Number.isFinite(code)) return undefined
  return code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) ? '\uFFFD' : String.fromCodePoint(code)
}

/** The point of a source offset at or after a known point (`from`), counting lines between. */
export function pointAt(source: string, from: Point, offset: number): Point {
  let line = from.line
  let lineStart = from.offset! - (from.column - 1)
  for (let at = from.offset!; at < offset; at++) {
    const code = source.charCodeAt(at)
    if (code === 10 || (code === 13 && source.charCodeAt(at + 1) !== 10)) {
      line++
      lineStart = at + 1
    }
  }
  return { line, column: offset - lineStart + 1, offset }
}
