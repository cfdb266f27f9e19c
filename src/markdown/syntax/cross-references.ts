/**
 * pandoc-crossref's syntax, read into the tree (numbering happens later, on the whole tree:
 * mdast/cross-references.ts):
 *
 * - references: `@fig:x` in running text, `[@fig:x]`, `[@fig:x; @tbl:y]`, `[-@fig:x]` (the number
 *   alone), `[Figure @fig:x]` (the author's own prefix), `@Fig:x` (a capitalised prefix), `@{fig:x}`,
 *   for labels with the prefixes fig:, tbl:, eq:, lst:, sec: — a `crossReference` node keeping its
 *   text as written. Keys are read as pandoc reads citation keys (trailing punctuation is not
 *   part of one); an `@` inside a word (`me@fig:x`) or escaped (`\@fig:x`) is text. A bracket
 *   that holds anything but such references is left alone (citations, src/markdown/syntax/citations.ts).
 * - table labels: `Table: Caption {#tbl:x}` (or `: Caption {#tbl:x}`) — the attribute block
 *   goes from the caption's text to the caption's `data.attributes`, as pandoc-crossref reads it.
 *
 * Figure, equation and heading labels are read where those constructs are (image-size.ts,
 * math-fences.ts, heading-attributes.ts). Local to each text node: the chunked parser gives the same tree.
 */
import type { Nodes, PhrasingContent, Root, Text } from 'mdast'
import type { Point, Position } from 'unist'
import type { VFile } from 'vfile'
import { parseAttributes } from '../../mdast/attributes.js'
import { labelKind } from '../../mdast/cross-references.js'
import type { CrossReference, CrossReferenceItem, TableCaption } from '../../mdast/nodes.js'
import { append } from '../../util/append.js'

export function remarkCrossReferences() {
  return (tree: Root, file: VFile) => {
    const source = String(file.value ?? '')
    if (!source.includes('@') && !source.includes('{#tbl:')) return
    // Iterative: containers nest deeply in hostile input.
    const stack: Nodes[] = [tree]
    while (stack.length > 0) {
      const node = stack.pop()!
      if (!('children' in node)) continue
      if (node.type === 'tableCaption') labelCaption(node, source)
      // Link text stays as written: a field inside a hyperlink would be a link inside a link.
      if (node.type === 'link' || node.type === 'linkReference') continue
      const children = node.children as Nodes[]
      // A new list of children only for a parent whose text holds a reference.
      let out: Nodes[] | undefined
      for (let index = 0; index < children.length; index++) {
        const child = children[index]!
        const pieces = child.type === 'text' ? splitText(child, source) : undefined
        if (pieces) append((out ??= children.slice(0, index)), pieces)
        else {
          out?.push(child)
          if ('children' in child) stack.push(child)
        }
      }
      if (out) (node as { children: Nodes[] }).children = out
    }
  }
}

/** A table caption's trailing `{#tbl:x}`, taken off its text onto the caption. */
function labelCaption(caption: TableCaption, source: string): void {
  const last = caption.children[caption.children.length - 1]
  if (last?.type !== 'text') return
  const match = /[ \t]*(\{[^{}\n]*\})[ \t]*$/.exec(last.value)
  if (!match) return
  const block = parseAttributes(match[1]!)
  if (!block || block.rawFormat !== undefined || block.length !== match[1]!.length || labelKind(block.attributes.id) !== 'tbl') return
  if (escaped(last, match.index + match[0].indexOf('{'), source)) return
  caption.data = { ...caption.data, attributes: block.attributes }
  const rest = last.value.slice(0, match.index)
  if (rest === '') caption.children.pop()
  else {
    const end = last.position && sameAsSource(last, source) ? new Points(last.position.start, last.value).at(match.index) : undefined
    caption.children[caption.children.length - 1] = { ...last, value: rest, ...(end && last.position ? { position: { start: last.position.start, end } } : {}) }
  }
}

/** Key characters: letters, digits, `_`, and pandoc's internal punctuation when a key character follows. */
const KEY = /[\p{L}\p{N}_](?:[\p{L}\p{N}_]|[:.#$%&\-+?<>~/](?=[\p{L}\p{N}_]))*/uy
const WORD_CHAR = /[\p{L}\p{N}_]/u
const MAX_BRACED_KEY = 256

interface Found {
  start: number
  end: number
  items: CrossReferenceItem[]
}

/** The text split around the references it holds; undefined when it holds none. */
function splitText(node: Text, source: string): PhrasingContent[] | undefined {
  const value = node.value
  if (!value.includes('@')) return undefined
  const found: Found[] = []
  const isEscaped = escapes(node, source)
  // The next `[` and `@` are kept, not searched for again at every step: linear in the text.
  let bracket = -2
  let mark = -2
  let at = 0
  while (at < value.length) {
    if (bracket !== -1 && bracket < at) bracket = value.indexOf('[', at)
    if (mark < at) mark = value.indexOf('@', at)
    if (mark === -1) break
    if (bracket !== -1 && bracket < mark) {
      const group = bracketGroup(value, bracket)
      if (group && !isEscaped(bracket)) {
        found.push(group)
        at = group.end
      } else at = bracket + 1
      continue
    }
    const bare = bareReference(value, mark)
    if (bare && !isEscaped(mark)) {
      found.push(bare)
      at = bare.end
    } else at = mark + 1
  }
  if (found.length === 0) return undefined
  const points = node.position && sameAsSource(node, source) ? new Points(node.position.start, value) : undefined
  const position = (start: number, end: number): Position | undefined => (points ? { start: points.at(start), end: points.at(end) } : node.position)
  const out: PhrasingContent[] = []
  let last = 0
  for (const reference of found) {
    if (reference.start > last) out.push(textNode(value.slice(last, reference.start), position(last, reference.start)))
    const place = position(reference.start, reference.end)
    const crossReference: CrossReference = { type: 'crossReference', value: value.slice(reference.start, reference.end), items: reference.items, ...(place ? { position: place } : {}) }
    out.push(crossReference)
    last = reference.end
  }
  if (last < value.length) out.push(textNode(value.slice(last), position(last, value.length)))
  return out
}

function textNode(value: string, position: Position | undefined): Text {
  return { type: 'text', value, ...(position ? { position } : {}) }
}

/** `@fig:x` at `at` (the `@`), not inside a word. */
function bareReference(value: string, at: number): Found | undefined {
  if (at > 0 && WORD_CHAR.test(value[at - 1]!)) return undefined
  const key = readKey(value, at + 1)
  if (!key) return undefined
  const item = itemOf(key.key, '', false, '')
  return item ? { start: at, end: key.end, items: [item] } : undefined
}

/** `[…]` from `at` to the first `]` (no `[` inside) when every `;`-separated part is one cross-reference. */
function bracketGroup(value: string, at: number): Found | undefined {
  let end = at + 1
  while (end < value.length && value[end] !== ']' && value[end] !== '[') end++
  if (value[end] !== ']') return undefined
  const items: CrossReferenceItem[] = []
  for (const part of value.slice(at + 1, end).split(';')) {
    const mark = part.indexOf('@')
    if (mark === -1) return undefined
    let before = part.slice(0, mark)
    const suppressed = /-\s*$/.test(before)
    if (suppressed) before = before.replace(/-\s*$/, '')
    const key = readKey(part, mark + 1)
    if (!key) return undefined
    const item = itemOf(key.key, before.trim(), suppressed, part.slice(key.end).trimEnd())
    if (!item) return undefined
    items.push(item)
  }
  return items.length > 0 ? { start: at, end: end + 1, items } : undefined
}

/** A citation key at `at` (`fig:x`, or `{fig:x}`). */
function readKey(value: string, at: number): { key: string; end: number } | undefined {
  if (value[at] === '{') {
    // A key in braces is short and has no space: looking further would make `@{@{@{…` quadratic.
    let close = at + 1
    while (close < value.length && close - at <= MAX_BRACED_KEY && value[close] !== '}' && !/\s/.test(value[close]!)) close++
    if (value[close] !== '}') return undefined
    const key = value.slice(at + 1, close)
    return key && !/[\s{]/.test(key) ? { key, end: close + 1 } : undefined
  }
  KEY.lastIndex = at
  const match = KEY.exec(value)
  return match ? { key: match[0], end: at + match[0].length } : undefined
}

/** The item a key makes, when its prefix is pandoc-crossref's (`Fig:` capitalises). */
function itemOf(key: string, prefix: string, suppressed: boolean, suffix: string): CrossReferenceItem | undefined {
  const capitalized = /^\p{Lu}/u.test(key)
  const label = capitalized ? key.charAt(0).toLowerCase() + key.slice(1) : key
  const kind = labelKind(label)
  if (!kind) return undefined
  return { label, kind, capitalized, suppressed, ...(prefix ? { prefix } : {}), ...(suffix ? { suffix } : {}) }
}

/** Whether the text node's value is its source as written (no escapes or entities), so offsets map one to one. */
function sameAsSource(node: Text, source: string): boolean {
  const start = node.position?.start.offset
  const end = node.position?.end.offset
  return start !== undefined && end !== undefined && end - start === node.value.length && source.startsWith(node.value, start)
}

/**
 * Which `@` and `[` (or `chars`) of the node's value were escaped (`\\@`) in the source: the value lost the
 * backslash, so the n-th such character of the value is matched with the n-th of the source.
 */
function escapes(node: Text, source: string, chars: readonly string[] = ['@', '[']): (index: number) => boolean {
  if (sameAsSource(node, source)) return () => false
  const start = node.position?.start.offset
  const end = node.position?.end.offset
  if (start === undefined || end === undefined) return () => false
  const marked = new Set<number>()
  for (const char of chars) {
    let inSource = source.indexOf(char, start)
    for (let at = node.value.indexOf(char); at !== -1 && inSource !== -1 && inSource < end; at = node.value.indexOf(char, at + 1)) {
      let backslashes = 0
      while (inSource - 1 - backslashes >= start && source[inSource - 1 - backslashes] === '\\') backslashes++
      if (backslashes % 2 === 1) marked.add(at)
      inSource = source.indexOf(char, inSource + 1)
    }
  }
  return (index) => marked.has(index)
}

/** Whether a character of the caption's text was escaped in the source (`\\{#tbl:x}` stays text). */
function escaped(node: Text, index: number, source: string): boolean {
  return escapes(node, source, ['{'])(index)
}

/** Points in a text that starts at `start`, asked for in increasing order (one pass over the text). */
class Points {
  private index = 0
  private line: number
  private column: number

  constructor(
    private readonly start: Point,
    private readonly value: string,
  ) {
    this.line = start.line
    this.column = start.column
  }

  at(index: number): Point {
    for (; this.index < index; this.index++) {
      if (this.value[this.index] === '\n') {
        this.line++
        this.column = 1
      } else this.column++
    }
    return { line: this.line, column: this.column, ...(this.start.offset !== undefined ? { offset: this.start.offset + index } : {}) }
  }
}
