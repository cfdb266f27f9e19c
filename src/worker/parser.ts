/**
 * The worker's one call into the Markdown parser: the chunked, cached parser, equal in output
 * to parseMarkdown, which after an edit re-parses only the chunks that changed.
 *
 * Its trees share nodes with the next result, so only the latest result may be used: the
 * engine keeps exactly one current tree and replaces it on every parse.
 */
import { createChunkedParser } from '../markdown/chunked.js'
import type { ParseResult } from '../markdown/parse.js'

const parser = createChunkedParser()

export function parseDocument(text: string): ParseResult {
  return parser.parse(text)
}

/** Forgets cached chunks (another document is shown). */
export function resetParser(): void {
  parser.clear()
}
