/**
 * Right-to-left text. Word needs to be told: a paragraph whose first strong character is in an
 * RTL script (Hebrew, Arabic, Syriac, Thaana, N'Ko…) — the rule of Unicode's bidi algorithm
 * (P2, P3), and of `dir="auto"` in the preview — is a bidi paragraph (`w:bidi`: it starts at
 * the right, its list numbers and indents mirror), and each run of RTL text is marked
 * `w:rtl`, so Word shapes it with the complex-script font and its bold/italic (`w:bCs`,
 * `w:iCs`, which docx writes with `w:b`/`w:i`). Runs of Latin text inside stay LTR, so a
 * mixed sentence reads in the right order.
 */
import { toString } from 'mdast-util-to-string'
import type { Node } from 'unist'
import { hasRtlLetter, RTL_LETTER, textDirection, type Direction } from '../../mdast/direction.js'

export { textDirection, type Direction }

/** The direction of a node's text (a paragraph, heading, cell…). */
export function nodeDirection(node: Node): Direction | undefined {
  return textDirection(toString(node))
}

export interface DirectionalSegment {
  text: string
  rtl: boolean
}

/**
 * Text cut into runs of one direction. Letters decide; spaces, digits and punctuation stay
 * with the run before them (at the start, with the run after), as Word groups them.
 */
export function directionalSegments(text: string): DirectionalSegment[] {
  if (!hasRtlLetter(text)) return [{ text, rtl: false }]
  const segments: DirectionalSegment[] = []
  let current: DirectionalSegment | undefined
  let pending = ''
  for (const char of text) {
    const strong = RTL_LETTER.test(char) ? true : /\p{L}/u.test(char) ? false : undefined
    if (strong === undefined) {
      if (current) current.text += char
      else pending += char
      continue
    }
    if (!current || current.rtl !== strong) {
      current = { text: pending + char, rtl: strong }
      pending = ''
      segments.push(current)
    } else current.text += char
  }
  if (pending) segments.push({ text: pending, rtl: false })
  return segments
}

/** Primary language subtags written right to left. */
const RTL_LANGUAGES = new Set(['ar', 'arc', 'ckb', 'dv', 'fa', 'he', 'iw', 'ks', 'ku-arab', 'nqo', 'ps', 'sd', 'syr', 'ug', 'ur', 'yi'])
const EAST_ASIAN = new Set(['zh', 'ja', 'ko'])

export function isRtlLanguage(lang: string): boolean {
  const lower = lang.toLowerCase()
  return RTL_LANGUAGES.has(lower.split('-')[0]!) || /-arab(-|$)/.test(lower) || /-hebr(-|$)/.test(lower)
}

export interface LanguageAttributes {
  /** Latin-script language (`w:val`). */
  val: string
  /** East Asian language (`w:eastAsia`). */
  eastAsia: string
  /** Complex-script (RTL) language (`w:bidi`). */
  bidi: string
}

/**
 * `w:lang` of the document defaults for a BCP 47 tag: Word keeps three languages, one per
 * script family; the document's own goes where it belongs (and in `w:val`, which spell
 * checking of Latin text and most applications read).
 */
export function languageAttributes(lang: string | undefined): LanguageAttributes {
  const tag = lang && isLanguageTag(lang) ? lang : 'en-US'
  const primary = tag.toLowerCase().split('-')[0]!
  return {
    val: tag,
    eastAsia: EAST_ASIAN.has(primary) ? tag : 'en-US',
    bidi: isRtlLanguage(tag) ? tag : 'ar-SA',
  }
}

/** A plausible BCP 47 tag (`en`, `en-GB`, `zh-Hant-TW`, `sr-Latn`…). */
export function isLanguageTag(value: string): boolean {
  return /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/.test(value)
}
