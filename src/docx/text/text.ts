/**
 * Text for the XML: characters XML 1.0 cannot hold (C0 controls, U+FFFE/U+FFFF, lone
 * surrogates) would make Word refuse the file, so they become U+FFFD and the caller is told.
 */
import { UnderlineType, type IRunOptions } from 'docx'
import type { RunFormat } from '../context.js'

// eslint-disable-next-line no-control-regex
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

export interface CleanText {
  text: string
  /** How many characters were replaced. */
  replaced: number
}

/** `text` with every character XML cannot carry replaced by U+FFFD. */
export function xmlSafe(text: string): CleanText {
  let replaced = 0
  const clean = text.replace(INVALID_XML, () => {
    replaced++
    return '\uFFFD'
  })
  return { text: clean, replaced }
}

/** docx run options for a run format. */
export function runOptions(format: RunFormat): IRunOptions {
  const options: { -readonly [K in keyof IRunOptions]: IRunOptions[K] } = {}
  if (format.style) options.style = format.style
  if (format.bold) options.bold = true
  if (format.italics) options.italics = true
  if (format.strike) options.strike = true
  if (format.superScript) options.superScript = true
  if (format.subScript) options.subScript = true
  if (format.underline) options.underline = { type: UnderlineType.SINGLE }
  if (format.smallCaps) options.smallCaps = true
  if (format.highlight) options.highlight = 'yellow'
  if (format.rtl) options.rightToLeft = true
  if (format.font) options.font = format.font
  if (format.size) options.size = format.size
  return options
}
