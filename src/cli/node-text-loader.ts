/**
 * Text files a document names in its front matter (`bibliography: refs.bib`, `csl: my.csl`),
 * read from disk relative to the Markdown file — as images are — for the citation formatter,
 * which does no I/O itself. Undefined when the file cannot be read (the formatter reports it).
 */
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'

/** Files above this size are not read: a bibliography of tens of thousands of entries is a few MB. */
const MAX_BYTES = 64 * 1024 * 1024

export function createNodeTextLoader(options: { baseDir: string }): (path: string) => Promise<string | undefined> {
  return async (path) => {
    try {
      const buffer = await readFile(resolve(options.baseDir, path))
      return buffer.byteLength > MAX_BYTES ? undefined : buffer.toString('utf8')
    } catch {
      return undefined
    }
  }
}
