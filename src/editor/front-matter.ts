/**
 * YAML front matter for the editor's Markdown highlighter, as a Markdown block (with YAML
 * mounted inside it) rather than @codemirror/lang-yaml's `yamlFrontmatter` wrapper.
 *
 * Why not the wrapper: it makes an outer LR grammar the document's language and mounts
 * Markdown in its `Body`, one node over the whole text. Measured in Chromium on a 1 MiB
 * document, that made every keystroke re-run the outer grammar and much of the Markdown
 * parse (~80 ms of highlighter work per keystroke, in tasks of up to 100 ms); as a block of
 * the Markdown parser, front matter is one small node the incremental parse simply reuses.
 *
 * The rule is micromark-extension-frontmatter's, as the preview parses it: `---` (then only
 * blanks) on line 1, closed by the next line of `---` (then only blanks). Unclosed, it is not
 * front matter: the opening line is left to the other block parsers (a thematic break).
 */
import { yamlLanguage } from '@codemirror/lang-yaml'
import { parseMixed, type Input } from '@lezer/common'
import { tags } from '@lezer/highlight'
import type { BlockContext, Line, MarkdownConfig } from '@lezer/markdown'

const FENCE = /^---[ \t]*$/
const CLOSING_FENCE = /\n---[ \t]*(?:\n|$)/

/**
 * How far ahead the closing fence is looked for. Front matter is a few lines of metadata; a
 * `---` whose close is further away than this is highlighted as Markdown (the preview still
 * reads it as front matter), which keeps the look-ahead cheap on a huge first paragraph.
 */
const LOOKAHEAD = 64 * 1024

/**
 * The text the block parser reads. BlockContext has no public way to look past the next line
 * (only `peekLine`), and the parser must not consume lines it cannot then give back when the
 * fence never closes; its `input` field (present in @lezer/markdown 1.x, not in its typings)
 * holds the document. Without it, the front matter is not recognised (plain Markdown).
 */
function documentInput(cx: BlockContext): Input | undefined {
  const input = (cx as unknown as { input?: unknown }).input
  return typeof input === 'object' && input !== null && typeof (input as Input).read === 'function' ? (input as Input) : undefined
}

/** Whether the front matter that opens on the current (first) line has a closing fence. */
function hasClosingFence(cx: BlockContext, line: Line): boolean {
  const input = documentInput(cx)
  if (!input) return false
  const start = cx.lineStart + line.text.length
  const ahead = input.read(start, Math.min(input.length, start + LOOKAHEAD))
  return CLOSING_FENCE.test(ahead)
}

function parseFrontMatter(cx: BlockContext, line: Line): boolean {
  if (cx.lineStart !== 0 || cx.depth !== 1 || !FENCE.test(line.text) || !hasClosingFence(cx, line)) return false
  const from = cx.lineStart
  const children = [cx.elt('FrontmatterMark', from, from + line.text.length)]
  const contentFrom = from + line.text.length + 1
  while (cx.nextLine()) {
    if (FENCE.test(line.text)) {
      if (cx.lineStart - 1 > contentFrom) children.push(cx.elt('FrontmatterContent', contentFrom, cx.lineStart - 1))
      children.push(cx.elt('FrontmatterMark', cx.lineStart, cx.lineStart + line.text.length))
      cx.nextLine()
      break
    }
  }
  cx.addElement(cx.elt('Frontmatter', from, cx.prevLineEnd(), children))
  return true
}

/** Front matter as one block, its YAML not parsed (for a language that nests no other, code-languages.ts). */
export const frontMatterBlock: MarkdownConfig = {
  defineNodes: [{ name: 'Frontmatter', block: true }, { name: 'FrontmatterMark', style: tags.meta }, { name: 'FrontmatterContent' }],
  parseBlock: [{ name: 'Frontmatter', parse: parseFrontMatter, before: 'HorizontalRule' }],
}

/** Front matter as a Markdown extension for `markdown({ extensions })`. */
export const frontMatter: MarkdownConfig = {
  ...frontMatterBlock,
  wrap: parseMixed((node) => (node.name === 'FrontmatterContent' ? { parser: yamlLanguage.parser } : null)),
}
