/**
 * pandoc ends a leading YAML block at the first line that is `---` or `...`; remark-frontmatter
 * knows only `---`. The parser is wrapped so that a block closed by `...` is read with that line
 * taken for `---` — the same length, so every position stays true, and the line is the block's
 * closing fence, never part of its value or of the text after it.
 */
import type { Processor } from 'unified'
import type { VFile } from 'vfile'

const OPENING = /^(?:\uFEFF)?---[ \t]*(?:\r\n?|\n)/
const CLOSING = /^(---|\.\.\.)[ \t]*$/

/** `text` with the `...` that closes its leading YAML block written `---`; `text` itself when there is none. */
export function closeDotsFence(text: string): string {
  const opening = OPENING.exec(text)
  if (!opening || !text.includes('\n...')) return text
  let start = opening[0].length
  while (start < text.length) {
    let end = start
    while (end < text.length && text[end] !== '\n' && text[end] !== '\r') end++
    const fence = CLOSING.exec(text.slice(start, end))
    if (fence) return fence[1] === '...' ? `${text.slice(0, start)}---${text.slice(start + 3)}` : text
    start = end + (text[end] === '\r' && text[end + 1] === '\n' ? 2 : 1)
  }
  return text
}

/** Wraps the parser (use it after remark-parse and the guard): front matter may close with `...`. */
export function remarkFrontMatterDots(this: Processor) {
  const parse = this.parser
  if (!parse) throw new Error('remarkFrontMatterDots must be used after remark-parse')
  this.parser = (document: string, file: VFile) => parse(closeDotsFence(document), file)
}
