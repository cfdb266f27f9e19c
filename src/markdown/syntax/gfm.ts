/**
 * GitHub Flavored Markdown as remark-gfm adds it (with `singleTilde: false`: a single `~` is pandoc's
 * subscript, see superscript.ts) — the same micromark and mdast extensions in
 * the same order — but in parts, each gated (syntax-gate.ts) by what its syntax needs in the
 * text: GFM costs as much as CommonMark on README text, nearly all of it in attempts that
 * cannot match (an email autolink tried at every word, a table at every line).
 *
 * The gates say yes whenever the syntax could be there:
 * - email autolink literal: an atext character, `@`, a domain character;
 * - `www.` and `http://`/`https://` autolink literals: those letters (any case);
 * - footnote calls and definitions: `[^`;
 * - strikethrough: `~`;
 * - table: a line that could be a delimiter row (only `|`, `:`, `-`, blanks after quote
 *   markers and indentation, with a `-` and a `|` or `:`);
 * - task list item: `[ ]`, `[x]`, `[X]` (or a tab or line ending inside).
 *
 * mdast-util-gfm's autolink literal transform (a find-and-replace over every text node for
 * bare URLs and emails) runs only when some text node holds `http://`, `https://`, `www.` or
 * `@`, the least each of its patterns needs.
 */
import type { Nodes, Root } from 'mdast'
import type { CompileContext, Extension as FromMarkdownExtension, Transform } from 'mdast-util-from-markdown'
import { gfmFromMarkdown, gfmToMarkdown } from 'mdast-util-gfm'
import { gfmAutolinkLiteral } from 'micromark-extension-gfm-autolink-literal'
import { gfmFootnote } from 'micromark-extension-gfm-footnote'
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough'
import { gfmTable } from 'micromark-extension-gfm-table'
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item'
import type { Construct, Extension, Token } from 'micromark-util-types'
import type { Processor } from 'unified'
import { gatedExtension } from '../guards/syntax-gate.js'

const EMAIL = /[\w+.-]@[\w.-]/
const WWW = /www\./i
const PROTOCOL = /https?:\/\//i
const TASK = /\[(?:[ \t\nxX]|\r\n?)\]/
const DELIMITER_ROW = /^[ \t>]*[|:-][ \t|:-]*$/gm
/** What a text node needs for the autolink literal transform to find anything in it. */
const LITERAL = /https?:\/\/|www\.|@/i

/** Whether a line of the text could be a table's delimiter row. */
export function mayHaveTable(text: string): boolean {
  // No test for a pipe in the text: `a\n:-` is a one-column table to micromark.
  DELIMITER_ROW.lastIndex = 0
  for (let match = DELIMITER_ROW.exec(text); match; match = DELIMITER_ROW.exec(text)) {
    const line = match[0]
    if (line.includes('-') && (line.includes('|') || line.includes(':'))) return true
  }
  return false
}

/** The email, `www.` and protocol autolink literal constructs as three extensions, in remark-gfm's order per character. */
function autolinkLiteralParts(): Extension[] {
  const text = gfmAutolinkLiteral().text ?? {}
  const byName = new Map<string, Record<number, Construct[]>>()
  for (const [code, value] of Object.entries(text)) {
    for (const construct of [value].flat() as Construct[]) {
      const name = construct.name ?? ''
      let part = byName.get(name)
      if (!part) byName.set(name, (part = {}))
      ;(part[Number(code)] ??= []).push(construct)
    }
  }
  const tests: Readonly<Record<string, (text: string) => boolean>> = {
    wwwAutolink: (value) => WWW.test(value),
    protocolAutolink: (value) => PROTOCOL.test(value),
    emailAutolink: (value) => EMAIL.test(value),
  }
  // combineExtensions puts a later extension's constructs before an earlier one's: pushing the
  // email part last puts it first where it shares a character ('h', 'w'), as in gfmAutolinkLiteral().
  const order = ['wwwAutolink', 'protocolAutolink', 'emailAutolink']
  const names = [...byName.keys()].sort((a, b) => order.indexOf(a) - order.indexOf(b))
  return names.map((name) => {
    const extension: Extension = { text: byName.get(name)! }
    const test = tests[name]
    // A construct this module does not know (a later version's) is never left out.
    return test ? gatedExtension(extension, test) : extension
  })
}

/** The micromark extensions of GFM, each gated by what its syntax needs. */
export function gfmExtensions(): Extension[] {
  return [
    ...autolinkLiteralParts(),
    gatedExtension(gfmFootnote(), (text) => text.includes('[^')),
    gatedExtension(gfmStrikethrough({ singleTilde: false }), (text) => text.includes('~')),
    gatedExtension(gfmTable(), mayHaveTable),
    gatedExtension(gfmTaskListItem(), (text) => TASK.test(text)),
  ]
}

/** mdast-util-gfm's extensions, with each transform run only on trees where a text node could match. */
export function gfmMdastExtensions(): FromMarkdownExtension[] {
  const gfm = gfmFromMarkdown().map((extension) => (extension.transforms ? { ...extension, transforms: extension.transforms.map(gatedTransform) } : extension))
  return [...gfm, TASK_CHECK_OUTSIDE_ITEM]
}

/**
 * micromark's task list extension takes `[x]` for a check at the start of the first paragraph
 * after an empty list item (`-`, then `[x] text` at the margin: outside the item, as GitHub and
 * pandoc read it). mdast-util-gfm's handler then set `checked` on whatever held that paragraph
 * (its development build asserts), and the `[x]` was lost from the text. Here a check whose
 * paragraph is not in a list item is the text it was. (Later extensions' handlers replace
 * earlier ones': these replace mdast-util-gfm-task-list-item's.)
 */
const TASK_CHECK_OUTSIDE_ITEM: FromMarkdownExtension = {
  exit: {
    taskListCheckValueChecked: exitCheckValue,
    taskListCheckValueUnchecked: exitCheckValue,
    taskListCheck: exitCheck,
  },
}

function exitCheckValue(this: CompileContext, token: Token): void {
  const item = this.stack[this.stack.length - 2]
  if (item?.type === 'listItem') item.checked = token.type === 'taskListCheckValueChecked'
}

function exitCheck(this: CompileContext, token: Token): void {
  if (this.stack[this.stack.length - 2]?.type === 'listItem') return
  const paragraph = this.stack[this.stack.length - 1]
  if (paragraph?.type !== 'paragraph') return
  // The text after it (` text`) joins this node, as adjacent data does.
  paragraph.children.push({ type: 'text', value: this.sliceSerialize(token), position: { start: pointOf(token.start), end: pointOf(token.end) } })
}

const pointOf = (point: Token['start']) => ({ line: point.line, column: point.column, offset: point.offset })

function gatedTransform(transform: Transform): Transform {
  return (tree) => (hasLiteralText(tree) ? transform(tree) : undefined)
}

/** Whether some text node holds what a bare URL or email needs. Iterative: trees nest deep. */
function hasLiteralText(tree: Root): boolean {
  const stack: Nodes[] = [tree]
  while (stack.length > 0) {
    const node = stack.pop()!
    if (node.type === 'text') {
      if (LITERAL.test(node.value)) return true
    } else if ('children' in node) {
      for (let index = node.children.length - 1; index >= 0; index--) stack.push(node.children[index]!)
    }
  }
  return false
}

/** remark-gfm, gated: use after remark-parse and remarkSyntaxGate. */
export function remarkGfmGated(this: Processor): void {
  const data = this.data()
  ;(data.micromarkExtensions ??= []).push(...gfmExtensions())
  ;(data.fromMarkdownExtensions ??= []).push(gfmMdastExtensions())
  // For remark-stringify, as remark-gfm adds them (its types are not ours to import).
  const stringify = data as { toMarkdownExtensions?: unknown[] }
  ;(stringify.toMarkdownExtensions ??= []).push(gfmToMarkdown())
}
