/**
 * Runs' text and options. Text goes through xmlSafe (util/xml-safe.ts): characters XML 1.0
 * cannot hold would make Word refuse the file.
 */
import { UnderlineType, type IRunOptions } from 'docx'
import type { RunFormat } from '../context.js'

export { xmlSafe, type CleanText } from '../../util/xml-safe.js'

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
