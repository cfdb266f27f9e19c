/**
 * pandoc's citations: `[@doe99]`, `[see @doe99, pp. 33-35; also @smith04, chap. 1]`,
 * `[-@doe99]` (author suppressed), and in the text `@doe99` or `@doe99 [p. 33]`
 * (author-in-text). A key starts with a letter, digit or `_` and may hold internal punctuation
 * (`:.#$%&-+?<>~/` followed by a letter or digit), or is written in braces (`@{foo_bar.baz}`).
 *
 * The nodes (`citation`, mdast/nodes.ts) keep the text as written as their children: without a
 * bibliography they show exactly what was typed (a README's `@username` stays what it was), and
 * a formatter (src/citations) that has one puts the formatted citation beside them. Left alone:
 * e-mail addresses and other `@` inside a word (`jo@example.com`), code, link text and URLs,
 * escaped `\@`, and pandoc-crossref's references (`@fig:x`, `[@tbl:a; @tbl:b]`: keys starting
 * with `fig:`, `tbl:`, `eq:`, `sec:`, `lst:` in any case), which stay text for their own
 * transform.
 *
 * A transform over text nodes (brackets with no link definition are text to micromark), per
 * paragraph: it needs no other part of the document, so chunked and whole parses agree. A
 * bracket citation lies within one text node (its prefix and suffix are plain text). Linear:
 * each `[` looks ahead only to the next bracket.
 */
import type { Nodes, Parent, PhrasingContent, Root, Text } from 'mdast'
import { toString } from 'mdast-util-to-string'
import type { Point } from 'unist'
import type { VFile } from 'vfile'
import type { Citation, CitationItem } from '../../mdast/nodes.js'
import { pointAt, textSource, type TextSource } from './text-source.js'

/** pandoc-crossref's prefixes: these references are not citations. */
const CROSSREF = /^(?:fig|tbl|eq|sec|lst):/i

/** Where citations are not read: code has no text nodes, links' text is already a link. */
const SKIP = new Set(['link', 'linkReference', 'citation', 'inlineCode', 'code', 'math', 'inlineMath', 'html'])

export function remarkCitations() {
  return (tree: Root, file: VFile) => {
    const source = String(file.value ?? '')
    if (!source.includes('@')) return
    const stack: Nodes[] = [tree]
    while (stack.length > 0) {
      const node = stack.pop()!
      if (!('children' in node) || SKIP.has(node.type)) continue
      const parent = node as Parent
      if (parent.children.some((child) => child.type === 'text' && child.value.includes('@'))) {
        const phrasing = joinBrackets(parent.children as PhrasingContent[], source)
        ;(parent as { children: PhrasingContent[] }).children = phrasing.flatMap((child, index) => (child.type === 'text' && child.value.includes('@') ? split(child, source, index > 0 ? phrasing[index - 1] : undefined) : [child]))
      }
      for (const child of parent.children) if ('children' in child) stack.push(child as Nodes)
    }
  }
}

/**
 * Bracket citations whose prefix or suffix holds markup (`[see *this* @doe99]`): a `[` left open
 * at the end of a text node, closed by the first bracket of a later one, with no bracket
 * between, becomes one citation node holding everything in between. The formatter reads the
 * prefix and suffix as plain text.
 */
function joinBrackets(children: PhrasingContent[], source: string): PhrasingContent[] {
  // Text nodes next to each other are merged by the parser: with no other node there is nothing to join.
  if (children.every((child) => child.type === 'text')) return children
  const out: PhrasingContent[] = []
  let changed = false
  let index = 0
  // The node looked at: a child, or what is left of one after a citation ended inside it.
  let current: PhrasingContent | undefined = children[0]
  while (current) {
    const joined = current.type === 'text' ? joinAt(current, children, index, source) : undefined
    if (!joined) {
      out.push(current)
      current = children[++index]
      continue
    }
    changed = true
    out.push(...joined.nodes)
    index = joined.last
    current = joined.rest ?? children[++index]
  }
  return changed ? out : children
}

/** The citation opened by a `[` at the end of `open` (children[index]) and closed in a later text node. */
function joinAt(open: Text, children: PhrasingContent[], index: number, source: string): { nodes: PhrasingContent[]; last: number; rest?: Text } | undefined {
  const mapped = textSource(open, source)
  const at = lastBracket(open.value, (i) => mapped?.escaped.has(i) === true)
  if (at < 0 || open.value[at] !== '[') return undefined
  // The next bracket, in the next text node, must close it.
  let last = index + 1
  while (last < children.length && children[last]!.type !== 'text') last++
  const close = children[last]
  if (close?.type !== 'text' || last === index + 1) return undefined
  const closeMapped = textSource(close, source)
  const closeAt = nextBracket(close.value, 0, (i) => closeMapped?.escaped.has(i) === true)
  if (closeAt < 0 || close.value[closeAt] !== ']') return undefined
  const between = children.slice(index + 1, last)
  const items = readItems(open.value.slice(at + 1) + between.map((node) => toString(node)).join('') + close.value.slice(0, closeAt))
  if (!items || items === 'crossref') return undefined
  const head = piece(open, at, open.value.length, mapped, source)
  const tail = piece(close, 0, closeAt + 1, closeMapped, source)
  const citation: Citation = { type: 'citation', children: [head, ...between, tail], data: { mode: 'normal', items } }
  if (head.position && tail.position) citation.position = { start: head.position.start, end: tail.position.end }
  const nodes: PhrasingContent[] = at > 0 ? [piece(open, 0, at, mapped, source), citation] : [citation]
  return closeAt + 1 < close.value.length ? { nodes, last, rest: piece(close, closeAt + 1, close.value.length, closeMapped, source) } : { nodes, last }
}

/** The index of the last unescaped bracket in `value`, or -1. */
function lastBracket(value: string, escaped: (at: number) => boolean): number {
  for (let index = value.length - 1; index >= 0; index--) {
    const char = value[index]
    if ((char === '[' || char === ']') && !escaped(index)) return index
  }
  return -1
}

/** A letter, digit or `_`: what a key starts with and what internal punctuation must precede. */
const REGULAR = /[\p{L}\p{N}_]/u
const INTERNAL = new Set(':.#$%&-+?<>~/')

/** The key written at `at` (just after `@`): its text and where it ends, or undefined. */
export function readKey(value: string, at: number): { key: string; end: number } | undefined {
  if (value[at] === '{') {
    const close = value.indexOf('}', at + 1)
    if (close < 0) return undefined
    const key = value.slice(at + 1, close).trim()
    return key === '' || key.includes('{') ? undefined : { key, end: close + 1 }
  }
  if (!REGULAR.test(value[at] ?? '')) return undefined
  let end = at + 1
  while (end < value.length) {
    const char = value[end]!
    if (REGULAR.test(char)) end++
    else if (INTERNAL.has(char) && REGULAR.test(value[end + 1] ?? '')) end += 2
    else break
  }
  return { key: value.slice(at, end), end }
}

/** The CSL locator labels pandoc reads (English terms, their short forms, and signs). */
const LABELS: Array<[string, string[]]> = [
  ['book', ['bk.', 'bks.', 'book', 'books']],
  ['chapter', ['chap.', 'chaps.', 'ch.', 'chapter', 'chapters']],
  ['column', ['col.', 'cols.', 'column', 'columns']],
  ['figure', ['fig.', 'figs.', 'figure', 'figures']],
  ['folio', ['fol.', 'fols.', 'folio', 'folios']],
  ['number', ['no.', 'nos.', 'number', 'numbers']],
  ['line', ['l.', 'll.', 'line', 'lines']],
  ['note', ['n.', 'nn.', 'note', 'notes']],
  ['opus', ['op.', 'opp.', 'opus', 'opera']],
  ['page', ['p.', 'pp.', 'pg.', 'page', 'pages']],
  ['paragraph', ['para.', 'paras.', 'paragraph', 'paragraphs', '¶¶', '¶']],
  ['part', ['pt.', 'pts.', 'part', 'parts']],
  ['section', ['sec.', 'secs.', 'section', 'sections', '§§', '§']],
  ['sub verbo', ['s.v.', 's.vv.', 'sub verbo']],
  ['verse', ['v.', 'vv.', 'verse', 'verses']],
  ['volume', ['vol.', 'vols.', 'volume', 'volumes']],
]
const LABEL_OF = new Map(LABELS.flatMap(([label, terms]) => terms.map((term) => [term, label] as const)))
/** Longest first, so `pp.` wins over `p.`. */
const TERMS = [...LABEL_OF.keys()].sort((a, b) => b.length - a.length)

/** A locator value: numbers or roman numerals, ranges and lists of them (`33-35, 38`, `iv`). */
const VALUE = /^(?:\p{N}+\p{L}?|[ivxlcdm]+|[IVXLCDM]+)(?:[ \t]*[-–—:][ \t]*(?:\p{N}+\p{L}?|[ivxlcdm]+|[IVXLCDM]+))*(?:[ \t]*,[ \t]*(?:\p{N}+\p{L}?|[ivxlcdm]+|[IVXLCDM]+)(?:[ \t]*[-–—][ \t]*(?:\p{N}+\p{L}?|[ivxlcdm]+|[IVXLCDM]+))*)*/u

/**
 * A suffix's locator, as pandoc's citeproc reads it: an optional comma, a label (`p.`, `chap.`…)
 * and a value, or a bare number (a page); `{…}` braces hold a locator of any form. The rest
 * stays the suffix.
 */
export function readLocator(suffix: string): { locator?: string; label?: string; suffix: string } {
  const lead = /^[ \t]*,?[ \t]*/.exec(suffix)![0]
  let rest = suffix.slice(lead.length)
  let label: string | undefined
  const lower = rest.toLowerCase()
  const term = TERMS.find((candidate) => lower.startsWith(candidate) && !REGULAR.test(rest[candidate.length] ?? '') && (candidate.endsWith('.') || /[\s{\p{N}]/u.test(rest[candidate.length] ?? ' ')))
  if (term) {
    label = LABEL_OF.get(term)
    rest = rest.slice(term.length).replace(/^[ \t]*/, '')
  }
  if (rest.startsWith('{')) {
    const close = rest.indexOf('}')
    if (close > 1) return { locator: rest.slice(1, close), label: label ?? 'page', suffix: rest.slice(close + 1) }
  }
  // Without a label only a number is a locator (`[@doe, i think]` has none).
  const value = label || /^\p{N}/u.test(rest) ? VALUE.exec(rest)?.[0] : undefined
  if (!value) return { suffix }
  return { locator: value, label: label ?? 'page', suffix: rest.slice(value.length) }
}

/** The items of a bracket's content (`see @a, p. 3; @b`), or undefined when it is not a citation. */
export function readItems(content: string): CitationItem[] | 'crossref' | undefined {
  if (!content.includes('@')) return undefined
  const items: CitationItem[] = []
  let crossref = false
  for (const part of splitItems(content)) {
    // The key: the first `@` at the start or after a space (or `-@`, the author suppressed).
    let at = -1
    for (let index = part.indexOf('@'); index >= 0; index = part.indexOf('@', index + 1)) {
      const before = part[index - 1]
      const beforeDash = part[index - 2]
      if (index === 0 || /\s/.test(before!) || (before === '-' && (index === 1 || /\s/.test(beforeDash!)))) {
        at = index
        break
      }
    }
    if (at < 0) return undefined
    const key = readKey(part, at + 1)
    if (!key) return undefined
    if (CROSSREF.test(key.key)) crossref = true
    const suppressAuthor = part[at - 1] === '-'
    const prefix = part.slice(0, suppressAuthor ? at - 1 : at).trim()
    const { locator, label, suffix } = readLocator(part.slice(key.end))
    const item: CitationItem = { key: key.key, prefix, suffix: suffix.trimEnd() }
    if (locator !== undefined) {
      item.locator = locator
      item.label = label!
    }
    if (suppressAuthor) item.suppressAuthor = true
    items.push(item)
  }
  if (crossref) return 'crossref'
  return items.length > 0 ? items : undefined
}

/** The content split at `;` outside `{…}` (a braced locator may hold one). */
function splitItems(content: string): string[] {
  const parts: string[] = []
  let depth = 0
  let from = 0
  for (let index = 0; index < content.length; index++) {
    const char = content[index]
    if (char === '{') depth++
    else if (char === '}') depth = Math.max(0, depth - 1)
    else if (char === ';' && depth === 0) {
      parts.push(content.slice(from, index))
      from = index + 1
    }
  }
  parts.push(content.slice(from))
  return parts
}

/** Whether the character before `at` lets an `@` there start a citation (not inside a word, not escaped). */
function startsCitation(value: string, at: number, previous: PhrasingContent | undefined): boolean {
  const before = at > 0 ? value[at - 1]! : previous?.type === 'text' ? previous.value.at(-1) : undefined
  if (before === undefined) return true
  // `jo@example.com`, `a@b`: an `@` inside a word is no citation (pandoc's rule).
  return !REGULAR.test(before) && before !== '@' && before !== '\\'
}

function split(text: Text, source: string, previous: PhrasingContent | undefined): PhrasingContent[] {
  const value = text.value
  // Mapping a text onto its source costs its length: done only when a citation is found, or
  // when the source holds a backslash (an escaped `\@` or `\[`).
  let mapping: TextSource | undefined | null = null
  const mappedNow = () => (mapping === null ? (mapping = textSource(text, source)) : mapping)
  const raw = source.slice(text.position?.start.offset ?? 0, text.position?.end.offset ?? 0)
  const escaped = raw.includes('\\') ? (at: number) => mappedNow()?.escaped.has(at) === true : () => false
  const out: PhrasingContent[] = []
  let from = 0
  let index = 0
  const emit = (start: number, end: number, items: CitationItem[], mode: 'normal' | 'author-in-text') => {
    const mapped = mappedNow()
    if (start > from) out.push(piece(text, from, start, mapped, source))
    const citation: Citation = { type: 'citation', children: [piece(text, start, end, mapped, source)], data: { mode, items } }
    const position = span(text, start, end, mapped, source)
    if (position) citation.position = position
    out.push(citation)
    from = end
  }
  while (index < value.length) {
    const char = value[index]
    if (char === '[' && !escaped(index)) {
      const close = nextBracket(value, index + 1, escaped)
      if (close >= 0 && value[close] === ']') {
        const items = readItems(value.slice(index + 1, close))
        // A citation is no link: `[@a](url)` would have been one already, `[@a][x]` with no definition is text.
        if (items === 'crossref') {
          index = close + 1
          continue
        }
        if (items && !hasEscape(index + 1, close, value, escaped)) {
          emit(index, close + 1, items, 'normal')
          index = close + 1
          continue
        }
      }
      index++
      continue
    }
    if (char === '@' && !escaped(index) && startsCitation(value, index, index === 0 ? previous : undefined)) {
      const key = readKey(value, index + 1)
      if (key && !CROSSREF.test(key.key) && !hasEscape(index + 1, key.end, value, escaped)) {
        const item: CitationItem = { key: key.key, prefix: '', suffix: '' }
        let end = key.end
        // `@doe99 [p. 33]`: a bracket right after (one space) is its suffix, unless it is a citation itself.
        if (value[end] === ' ' && value[end + 1] === '[' && !escaped(end + 1)) {
          const close = nextBracket(value, end + 2, escaped)
          if (close >= 0 && value[close] === ']' && readItems(value.slice(end + 2, close)) === undefined) {
            const { locator, label, suffix } = readLocator(value.slice(end + 2, close))
            if (locator !== undefined) {
              item.locator = locator
              item.label = label!
            }
            item.suffix = suffix.trim()
            end = close + 1
          }
        }
        emit(index, end, [item], 'author-in-text')
        index = end
        continue
      }
      if (key) {
        index = key.end
        continue
      }
    }
    index++
  }
  if (out.length === 0) return [text]
  if (from < value.length) out.push(piece(text, from, value.length, mappedNow(), source))
  return out
}

/** The index of the next unescaped bracket from `from` (`[` or `]`), or -1. */
function nextBracket(value: string, from: number, escaped: (at: number) => boolean): number {
  for (let index = from; index < value.length; index++) {
    const char = value[index]
    if ((char === '[' || char === ']') && !escaped(index)) return index
  }
  return -1
}

/** Whether an `@` in the range was escaped (`\@`): then it is text, as the author wanted. */
function hasEscape(from: number, to: number, value: string, escaped: (at: number) => boolean): boolean {
  for (let index = value.indexOf('@', from); index >= 0 && index < to; index = value.indexOf('@', index + 1)) if (escaped(index)) return true
  return false
}

/** Part of a text node, with its place in the source when it can be known. */
function piece(text: Text, from: number, to: number, mapped: TextSource | undefined, source: string): Text {
  const out: Text = { type: 'text', value: text.value.slice(from, to) }
  const position = span(text, from, to, mapped, source)
  if (position) out.position = position
  return out
}

/**
 * The place of a part of a text node. Points are counted on from the last one asked for in the
 * same text node (parts are asked for in order), so a paragraph of thousands of citations costs
 * its length, not its length times their number.
 */
function span(text: Text, from: number, to: number, mapped: TextSource | undefined, source: string): Text['position'] {
  const start = text.position?.start
  if (!mapped || !start) return undefined
  return { start: locate(text, start, source, mapped.offsets[from]!), end: locate(text, start, source, mapped.offsets[to]!) }
}

const lastPoint = new WeakMap<Text, Point>()

function locate(text: Text, start: Point, source: string, offset: number): Point {
  const last = lastPoint.get(text)
  const point = pointAt(source, last && last.offset! <= offset ? last : start, offset)
  lastPoint.set(text, point)
  return point
}
