/**
 * The worker's one call into the Markdown parser, so a chunked, cached parser (equal in
 * output to parseMarkdown) can be swapped in here alone.
 */
import { parseMarkdown, type ParseResult } from '../markdown/parse.js'

export function parseDocument(text: string): ParseResult {
  return parseMarkdown(text)
}
