/**
 * The worker's one call into the Markdown parser: the chunked, cached parser, equal in output
 * to parseMarkdown, which after an edit re-parses only the chunks that changed.
 *
 * Its trees share nodes with the next result, so only the latest result may be used: the
 * engine keeps exactly one current tree and replaces it on every parse.
 */
import type { Unchanged } from '../markdown/chunked/chunk-scan.js'
import { createChunkedParser } from '../markdown/chunked/chunked.js'
import type { ParseResult } from '../markdown/parse.js'

const parser = createChunkedParser()

/** `unchanged`: how much of the text's start and end is as in the last text parsed (from the edits). */
export function parseDocument(text: string, unchanged?: Unchanged): ParseResult {
  return parser.parse(text, undefined, unchanged)
}

/** Forgets cached chunks (another document is shown). */
export function resetParser(): void {
  parser.clear()
}
