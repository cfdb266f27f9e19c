/**
 * Display math fences as pandoc and pandoc-crossref users write them, after remark-math:
 *
 * - `$$ {#eq:label}` as the closing fence (pandoc-crossref's labelled equation): micromark
 *   only closes on a bare `$$`, so such a block ran on through the document. It closes there,
 *   and the label goes on the node (`data.attributes`, as attributes.ts reads it: id
 *   `eq:label`), as it does for `$$ x $$ {#eq:label}` on one line.
 * - An unclosed `$$` never eats the document: a top-level block with no closing fence ends at
 *   its first blank line or heading (a formula has neither), with a message.
 *
 * Either way the document is read again with the fence as it should have been (the labelled
 * fence as a bare `$$` of the same length, a `$$` line put in before the blank line), by the
 * same parser (`this.parse`), and the positions are mapped back to the text as written: so
 * links and footnotes resolve across the whole document exactly as in any other parse, and the
 * chunked parse (which keeps such a block and the rest in one chunk) agrees.
 */
import type { Paragraph, PhrasingContent, Root, RootContent } from 'mdast'
import type { InlineMath, Math } from 'mdast-util-math'
import type { Processor } from 'unified'
import type { Point, Position } from 'unist'
import type { VFile } from 'vfile'
import { parseAttributes } from '../../mdast/attributes.js'
import { lastIndexWhere } from '../../util/last-index.js'
import { append } from '../../util/append.js'

const CLOSING_WITH_LABEL = /^[ \t]*\${2,}[ \t]*(\{[^{}\n]*\})[ \t]*$/

export function remarkMathFences(this: Processor) {
  const parse = (text: string): Root => this.parse(text) as Root
  return (tree: Root, file: VFile) => {
    const source = String(file.value ?? '')
    if (!source.includes('$$')) return
    // A document read again without its front matter (front-matter-fallback.ts) is left as it is.
    if (/^---[ \t]*\r?\n/.test(source) && tree.children[0]?.type !== 'yaml') return labelInlineDisplayMath(tree, source)
    if (!tree.children.some((node) => node.type === 'math')) return labelInlineDisplayMath(tree, source)
    const lines = linesOf(source)
    const fixes: Fix[] = []
    let current = tree
    for (let round = 0; round < MAX_FIXES; round++) {
      const fix = nextFix(current, source, lines, fixes)
      if (!fix) break
      fixes.push(fix)
      if (fix.kind === 'unclosed') {
        file.message('This $$ block has no closing $$; it ends at the first blank line or heading after it', {
          place: fix.place,
          ruleId: 'math-unclosed',
          source: 'markdocx',
        })
      }
      current = reparse(parse, source, lines, fixes)
    }
    if (current !== tree) tree.children = current.children
    for (const fix of fixes) if (fix.kind === 'label') labelBlock(tree, fix)
    for (const fix of fixes) if (fix.kind === 'unclosed') markUnclosed(tree, lines.endBefore(fix.at))
    labelInlineDisplayMath(tree, source)
  }
}

/** Unclosed or labelled blocks fixed in one document at most (each fix reads the document again). */
const MAX_FIXES = 32

/**
 * A labelled closing fence (`$$ {#eq:x}`), read as a bare `$$` of the same length; or a closing
 * fence put in where an unclosed block meets a blank line or a heading.
 */
type Fix =
  | { kind: 'label'; lineStart: number; lineEnd: number; label: string }
  | { kind: 'unclosed'; at: number; place: Position }

/** The first top-level math block that needs a fix, in source order after those already made. */
function nextFix(tree: Root, source: string, lines: Lines, fixes: readonly Fix[]): Fix | undefined {
  for (const node of tree.children) {
    if (node.type !== 'math' || !node.position) continue
    const start = node.position.start.offset!
    const end = node.position.end.offset!
    // Closed by a fence put in already.
    if (fixes.some((fix) => fix.kind === 'unclosed' && lines.endBefore(fix.at) === end)) continue
    const unclosed = !isClosed(node, source, lines)
    for (let line = lines.indexOf(start) + 1; line < lines.starts.length && lines.starts[line]! < end; line++) {
      const offset = lines.starts[line]!
      const stop = Math.min(lines.end(line), end)
      const text = source.slice(offset, stop)
      const labelled = CLOSING_WITH_LABEL.exec(text)
      if (labelled && !fixes.some((fix) => fix.kind === 'label' && fix.lineStart === offset)) {
        return { kind: 'label', lineStart: offset, lineEnd: stop, label: labelled[1]! }
      }
      if (unclosed && (/^[ \t]*$/.test(text) || /^ {0,3}#{1,6}(?:[ \t]|$)/.test(text))) {
        return { kind: 'unclosed', at: offset, place: node.position }
      }
    }
  }
  return undefined
}

/** Whether a math block ends with a closing fence (a line of dollars) rather than running out. */
function isClosed(node: Math, source: string, lines: Lines): boolean {
  const end = node.position!.end.offset!
  const start = node.position!.start.offset!
  const lineStart = lines.starts[lines.indexOf(Math.max(0, end - 1))]!
  return lineStart > start && /^[ \t]*\${2,}[ \t]*$/.test(source.slice(lineStart, end))
}

/**
 * The lines of the text with CommonMark's line endings (`\n`, `\r\n` and a lone `\r`): where
 * each starts and ends. Positions from the parser count lines this way.
 */
interface Lines {
  starts: number[]
  /** The line holding `offset`. */
  indexOf(offset: number): number
  /** Where line `line`'s text ends (before its line ending). */
  end(line: number): number
  /** The end of the line before the one starting at `offset`. */
  endBefore(offset: number): number
}

function linesOf(source: string): Lines {
  const starts = [0]
  for (let at = 0; at < source.length; at++) {
    const code = source.charCodeAt(at)
    if (code === 13 && source.charCodeAt(at + 1) === 10) at++
    if (code === 10 || code === 13) starts.push(at + 1)
  }
  const indexOf = (offset: number) => Math.max(0, lastIndexWhere(starts.length, (index) => starts[index]! <= offset))
  const end = (line: number): number => {
    const next = starts[line + 1]
    if (next === undefined) return source.length
    return source.charCodeAt(next - 1) === 10 && source.charCodeAt(next - 2) === 13 ? next - 2 : next - 1
  }
  return { starts, indexOf, end, endBefore: (offset) => end(indexOf(offset) - 1) }
}

/** The document with its fixes, parsed again, in the original text's positions. */
function reparse(parse: (text: string) => Root, source: string, lines: Lines, fixes: readonly Fix[]): Root {
  const inserts = fixes.filter((fix): fix is Extract<Fix, { kind: 'unclosed' }> => fix.kind === 'unclosed').map((fix) => fix.at).sort((a, b) => a - b)
  let text = source
  for (const fix of fixes) if (fix.kind === 'label') text = text.slice(0, fix.lineStart) + '$$'.padEnd(fix.lineEnd - fix.lineStart, ' ') + text.slice(fix.lineEnd)
  let modified = ''
  let last = 0
  for (const at of inserts) {
    modified += text.slice(last, at) + CLOSING
    last = at
  }
  modified += text.slice(last)
  const tree = parse(modified)
  if (inserts.length > 0) {
    const toOriginal = (offset: number): number => {
      // Each inserted fence sits before the original offset `at`; a point inside one is the end of the line before it.
      let shift = 0
      for (const at of inserts) {
        const insertedAt = at + shift
        if (offset < insertedAt) break
        if (offset < insertedAt + CLOSING.length) return lines.endBefore(at)
        shift += CLOSING.length
      }
      return offset - shift
    }
    const move = (point: Point) => {
      const offset = toOriginal(point.offset ?? 0)
      const line = lines.indexOf(offset)
      point.offset = offset
      point.line = line + 1
      point.column = offset - lines.starts[line]! + 1
    }
    const stack: Array<Root | RootContent> = [...tree.children]
    while (stack.length > 0) {
      const node = stack.pop()!
      if (node.position) {
        move(node.position.start)
        move(node.position.end)
      }
      if ('children' in node) append(stack, node.children as RootContent[])
    }
  }
  return tree
}

const CLOSING = '$$\n'

/**
 * Marks the block a fence was put in for: in a chunk parsed alone, such a block may close in a
 * later chunk, so the chunked parser may not cut after it (chunk-stitch.ts).
 */
function markUnclosed(tree: Root, end: number): void {
  const node = tree.children.find((child): child is Math => child.type === 'math' && child.position?.end.offset === end)
  if (node) node.data = { ...node.data, unclosedFence: true }
}

/** The label of a labelled closing fence on the block it closes. */
function labelBlock(tree: Root, fix: Extract<Fix, { kind: 'label' }>): void {
  const node = tree.children.find((child): child is Math => child.type === 'math' && child.position !== undefined && child.position.end.offset! > fix.lineStart && child.position.end.offset! <= fix.lineEnd)
  const attributes = parseAttributes(fix.label)?.attributes
  if (node && attributes) node.data = { ...node.data, attributes }
}

/** `$$ x $$ {#eq:label}`: a display formula alone in its paragraph with a label after it. */
function labelInlineDisplayMath(tree: Root, source: string): void {
  const stack: Array<Root | RootContent> = [tree]
  while (stack.length > 0) {
    const node = stack.pop()!
    if (node.type === 'paragraph') {
      labelParagraph(node, source)
      continue
    }
    if ('children' in node && node.type !== 'table') append(stack, node.children as RootContent[])
  }
}

function labelParagraph(paragraph: Paragraph, source: string): void {
  const children = paragraph.children
  for (let index = 0; index + 1 < children.length; index++) {
    const math = children[index]!
    const label = children[index + 1]!
    if (math.type !== 'inlineMath' || label.type !== 'text') continue
    const match = /^[ \t]*(\{#[^{}\n]*\})/.exec(label.value)
    const at = (math as InlineMath).position?.start.offset
    if (!match || at === undefined || !source.startsWith('$$', at)) continue
    const attributes = parseAttributes(match[1]!)?.attributes
    if (!attributes?.id) continue
    math.data = { ...math.data, attributes }
    const rest = label.value.slice(match[0].length)
    if (rest === '') children.splice(index + 1, 1)
    else {
      const replaced: PhrasingContent = { ...label, value: rest }
      children[index + 1] = replaced
    }
  }
}
