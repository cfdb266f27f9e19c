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
 * bracket citation lies within one text node (its prefix and suffix are plain text) or, when
 * they hold markup, spans the nodes between a text ending in `[` and one starting with `]`.
 *
 * Linear in a paragraph's size whatever it holds (thousands of `[`, `@`, `{`, `;`): each `[`
 * looks ahead only to the next bracket, so the spans looked at are disjoint; a braced key's
 * search for its `}` is remembered for the next `@{` (NextOf); and the points of
 * the pieces a text is cut into are binary searches over the line starts (source-points.ts),
 * not lines counted from the text's start for each piece (which made `'[@a '.repeat(20000)`
 * take seconds).
 */
import type { Nodes, Parent, PhrasingContent, Root, Text } from 'mdast'
import { toString } from 'mdast-util-to-string'
import type { VFile } from 'vfile'
import { parseAttributes } from '../../mdast/attributes.js'
import type { Citation, CitationItem } from '../../mdast/nodes.js'
import { SourcePoints } from './source-points.js'
import { textSource, type TextSource } from './text-source.js'
import { append } from '../../util/append.js'

/** pandoc-crossref's prefixes: these references are not citations. */
const CROSSREF = /^(?:fig|tbl|eq|sec|lst):/i

/** Where citations are not read: code has no text nodes, links' text is already a link. */
const SKIP = new Set(['link', 'linkReference', 'citation', 'inlineCode', 'code', 'math', 'inlineMath', 'html'])

export function remarkCitations() {
  return (tree: Root, file: VFile) => {
    const source = String(file.value ?? '')
    if (!mayCite(source)) return
    const context: Context = { source, points: new SourcePoints(source) }
    const stack: Nodes[] = [tree]
    while (stack.length > 0) {
      const node = stack.pop()!
      if (!('children' in node) || SKIP.has(node.type)) continue
      const parent = node as Parent
      if (parent.children.some((child) => child.type === 'text' && child.value.includes('@'))) {
        const phrasing = joinBrackets(parent.children as PhrasingContent[], context)
        ;(parent as { children: PhrasingContent[] }).children = phrasing.flatMap((child, index) => (child.type === 'text' && child.value.includes('@') ? split(child, context, phrasing[index - 1]) : [child]))
      }
      for (const child of parent.children) if ('children' in child) stack.push(child as Nodes)
    }
  }
}

/** What every part of the transform reads: the document's text and where its lines start. */
interface Context {
  source: string
  points: SourcePoints
}

/**
 * Whether the source has an `@` that could start a citation: not inside a word (`jo@x.com`) and
 * followed by what a key starts with (a letter, digit, `_` or `{`, or an escape or character
 * reference that may stand for one). A document without costs a search for `@`; the e-mail
 * addresses of a README pass nothing further. It must never say no where the transform would
 * find a citation (the chunked parser asks it of each chunk, the whole parse of the document),
 * so it also says yes to an escaped `\@` or an `@` written as a reference: a text made by the
 * autolink transform has no position, and whether its `@` was escaped cannot be known.
 */
function mayCite(source: string): boolean {
  for (let at = source.indexOf('@'); at >= 0; at = source.indexOf('@', at + 1)) {
    const after = source[at + 1]
    if (after === undefined || (after !== '{' && after !== '\\' && after !== '&' && !REGULAR.test(after))) continue
    const before = source[at - 1]
    if (before === undefined || (before !== '@' && !REGULAR.test(before))) return true
  }
  return AT_REFERENCE.test(source)
}

/** `@` written as a character reference. */
const AT_REFERENCE = /&(?:#0*64|#[xX]0*40|commat);/

/**
 * Bracket citations whose prefix or suffix holds markup (`[see *this* @doe99]`,
 * `@doe99 [p. 3, *passim*]`): a `[` left open at the end of a text node, closed by the first
 * bracket of a later one, with no bracket between, becomes one citation node holding everything
 * in between. Its items keep the markup of their affixes beside their text (withMarkup).
 */
function joinBrackets(children: PhrasingContent[], context: Context): PhrasingContent[] {
  // Text nodes next to each other are merged by the parser: with no other node there is nothing to join.
  if (children.every((child) => child.type === 'text')) return children
  const out: PhrasingContent[] = []
  let changed = false
  let index = 0
  // The node looked at: a child, or what is left of one after a citation ended inside it.
  let current: PhrasingContent | undefined = children[0]
  while (current) {
    const joined: Joined | undefined = current.type === 'text' ? joinAt(current, children, index, context, out[out.length - 1]) : undefined
    if (!joined) {
      out.push(current)
      current = children[++index]
      continue
    }
    changed = true
    append(out, joined.nodes)
    index = joined.last
    current = joined.rest ?? children[++index]
  }
  return changed ? out : children
}

/** What a join made: the nodes for `open`, the index of the child it ended in, and what is left of that child. */
interface Joined {
  nodes: PhrasingContent[]
  last: number
  rest?: Text
}

/** The citation opened by a `[` at the end of `open` (children[index]) and closed in a later text node. */
function joinAt(open: Text, children: PhrasingContent[], index: number, context: Context, previous: PhrasingContent | undefined): Joined | undefined {
  if (!open.value.includes('[')) return undefined
  const opened = new TextPlaces(open, context, previous)
  const at = lastBracket(open.value, opened)
  if (at < 0 || open.value[at] !== '[') return undefined
  // The next bracket, in a later text node, must close it: the text nodes between hold none
  // (so each text is looked at by one `[` only, and the whole paragraph costs its length).
  let last = index + 1
  let closeAt = -1
  let closed: TextPlaces | undefined
  for (; last < children.length; last++) {
    const node = children[last]!
    if (node.type !== 'text') continue
    closed = new TextPlaces(node, context)
    closeAt = nextBracket(node.value, 0, closed)
    if (closeAt >= 0) break
  }
  const close = children[last]
  if (close?.type !== 'text' || !closed || closeAt < 0 || close.value[closeAt] !== ']' || last === index + 1 || spanFollows(close.value, closeAt)) return undefined
  const between = children.slice(index + 1, last)
  const inside = between.map((node) => toString(node)).join('')
  // Nor does the markup between (`[see *[x]* @a]` is no citation).
  if (inside.includes('[') || inside.includes(']')) return undefined
  const content = open.value.slice(at + 1) + inside + close.value.slice(0, closeAt)
  const marked = () => open.value.slice(at + 1) + between.map(markedText).join('') + close.value.slice(0, closeAt)
  let items = readItems(content)
  let start = at
  let mode: Citation['data']['mode'] = 'normal'
  if (items === 'crossref') return undefined
  if (items) withMarkup(items, marked())
  else {
    // `@doe99 [p. 33, and *passim*]`: the bracket is the suffix of the key just before it.
    const before = keyBefore(open.value, at, opened)
    if (!before) return undefined
    items = [suffixItem(before.key, content, marked())]
    start = before.start
    mode = 'author-in-text'
  }
  const head = opened.piece(start, open.value.length)
  const tail = closed.piece(0, closeAt + 1)
  const citation: Citation = { type: 'citation', children: [head, ...between, tail], data: { mode, items } }
  // Points of their own: the chunked parser moves every node's points in place.
  if (head.position && tail.position) citation.position = { start: { ...head.position.start }, end: { ...tail.position.end } }
  const nodes: PhrasingContent[] = start > 0 ? [opened.piece(0, start), citation] : [citation]
  return closeAt + 1 < close.value.length ? { nodes, last, rest: closed.piece(closeAt + 1, close.value.length) } : { nodes, last }
}

/** The author-in-text key written just before a `[` at `at` (`@doe99 [`, one space between): where its `@` is. */
function keyBefore(value: string, at: number, places: TextPlaces): { start: number; key: string } | undefined {
  if (at < 2 || value[at - 1] !== ' ') return undefined
  const sign = value.lastIndexOf('@', at - 2)
  if (sign < 0 || places.escaped(sign) || !startsCitation(value, sign, places)) return undefined
  const key = readKey(value, sign + 1)
  if (!key || key.end !== at - 1 || CROSSREF.test(key.key) || hasEscape(sign + 1, key.end, value, places)) return undefined
  return { start: sign, key: key.key }
}

/** An author-in-text item whose bracket (`content`, and `marked` with its markup) holds a locator and suffix. */
function suffixItem(key: string, content: string, marked: string): CitationItem {
  const { locator, label, suffix } = readLocator(content)
  const item: CitationItem = { key, prefix: '', suffix: suffix.trim() }
  if (locator !== undefined) {
    item.locator = locator
    item.label = label!
  }
  const again = readLocator(marked)
  if (again.locator === locator && again.label === label) {
    const suffixContent = affixContent(again.suffix, item.suffix)
    if (suffixContent) item.suffixContent = suffixContent
  }
  return item
}

/**
 * Markup in a bracket's content stands as these marks while its items are read again, so each
 * item's prefix and suffix can keep theirs (the formatter hands it to citeproc-js, which keeps
 * italics and bold in affixes): Unicode noncharacters, which no text holds.
 */
const EMPHASIS_OPEN = '\uFDD0'
const EMPHASIS_CLOSE = '\uFDD1'
const STRONG_OPEN = '\uFDD2'
const STRONG_CLOSE = '\uFDD3'
const MARK = /[\uFDD0-\uFDD3]/

/** A node's text with its emphasis and strong marked (other markup reads as its text, as toString has it). */
function markedText(node: PhrasingContent): string {
  if (node.type === 'emphasis') return EMPHASIS_OPEN + node.children.map(markedText).join('') + EMPHASIS_CLOSE
  if (node.type === 'strong') return STRONG_OPEN + node.children.map(markedText).join('') + STRONG_CLOSE
  if ('children' in node && !('alt' in node)) return (node.children as PhrasingContent[]).map(markedText).join('')
  return toString(node)
}

/**
 * Gives the items whose prefix or suffix holds markup that markup (`prefixContent`,
 * `suffixContent`), read from the content with its markup marked. An item read differently
 * there (markup cutting through a key or locator) keeps its plain text only.
 */
function withMarkup(items: CitationItem[], marked: string): void {
  if (!MARK.test(marked)) return
  const again = readItems(marked)
  if (!Array.isArray(again) || again.length !== items.length) return
  items.forEach((item, index) => {
    const read = again[index]!
    if (read.key !== item.key || read.locator !== item.locator || read.label !== item.label) return
    const prefix = affixContent(read.prefix, item.prefix)
    if (prefix) item.prefixContent = prefix
    const suffix = affixContent(read.suffix, item.suffix)
    if (suffix) item.suffixContent = suffix
  })
}

/** A marked affix as phrasing content, when it holds markup and reads as `plain`. */
function affixContent(marked: string, plain: string): PhrasingContent[] | undefined {
  if (!MARK.test(marked)) return undefined
  // The plain affix is trimmed; so is the marked one, across its marks.
  const nodes = markedContent(trimMarked(marked, !/^\s/.test(plain), !/\s$/.test(plain)))
  if (nodes.every((node) => node.type === 'text') || nodes.map((node) => toString(node)).join('') !== plain) return undefined
  return nodes
}

/** `value` without the white space at its start and/or end, keeping the marks among it. */
function trimMarked(value: string, start: boolean, end: boolean): string {
  let from = 0
  let to = value.length
  let head = ''
  let tail = ''
  if (start) {
    while (from < to && (MARK.test(value[from]!) || /\s/.test(value[from]!))) {
      if (MARK.test(value[from]!)) head += value[from]
      from++
    }
  }
  if (end) {
    while (to > from && (MARK.test(value[to - 1]!) || /\s/.test(value[to - 1]!))) {
      if (MARK.test(value[to - 1]!)) tail = value[to - 1] + tail
      to--
    }
  }
  return head + value.slice(from, to) + tail
}

/** Marked text as phrasing content: a mark opening what the affix does not close closes at its end, a close with no open is dropped. */
function markedContent(value: string): PhrasingContent[] {
  const root: PhrasingContent[] = []
  const open: Array<{ type: 'emphasis' | 'strong'; children: PhrasingContent[] }> = []
  // How many of each are open: a close finds whether it has an open without searching the stack.
  const count = { emphasis: 0, strong: 0 }
  const into = () => (open.length > 0 ? open[open.length - 1]!.children : root)
  const close = () => {
    const node = open.pop()!
    count[node.type]--
    if (node.children.length > 0) into().push(node.type === 'emphasis' ? { type: 'emphasis', children: node.children } : { type: 'strong', children: node.children })
  }
  let from = 0
  for (let index = 0; index <= value.length; index++) {
    const char = value[index]
    if (index < value.length && !MARK.test(char!)) continue
    if (index > from) into().push({ type: 'text', value: value.slice(from, index) })
    from = index + 1
    if (char === EMPHASIS_OPEN || char === STRONG_OPEN) {
      const type = char === EMPHASIS_OPEN ? 'emphasis' : 'strong'
      open.push({ type, children: [] })
      count[type]++
    } else if (char === EMPHASIS_CLOSE || char === STRONG_CLOSE) {
      const type = char === EMPHASIS_CLOSE ? 'emphasis' : 'strong'
      if (count[type] > 0) {
        while (open[open.length - 1]!.type !== type) close()
        close()
      }
    }
  }
  while (open.length > 0) close()
  return root
}

/** The index of the last unescaped bracket in `value`, or -1. */
function lastBracket(value: string, places: TextPlaces): number {
  for (let index = value.length - 1; index >= 0; index--) {
    const char = value[index]
    if ((char === '[' || char === ']') && !places.escaped(index)) return index
  }
  return -1
}

/** A letter, digit or `_`: what a key starts with and what internal punctuation must precede. */
const REGULAR = /[\p{L}\p{N}_]/u
const INTERNAL = new Set(':.#$%&-+?<>~/')

/**
 * The key written at `at` (just after `@`): its text and where it ends, or undefined. A caller
 * reading many keys in one text passes `braces`, which remember where the next `{` and `}` are.
 */
export function readKey(value: string, at: number, braces?: { open: NextOf; close: NextOf }): { key: string; end: number } | undefined {
  if (value[at] === '{') {
    const close = braces ? braces.close.at(at + 1) : value.indexOf('}', at + 1)
    if (close < 0) return undefined
    // `@{a{b}`: a brace inside is no key (and the search for it stops at the `}`).
    const open = braces ? braces.open.at(at + 1) : value.indexOf('{', at + 1)
    if (open >= 0 && open < close) return undefined
    const key = value.slice(at + 1, close).trim()
    return key === '' ? undefined : { key, end: close + 1 }
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

/**
 * Whether the character before `at` lets an `@` there start a citation: not inside a word
 * (`jo@example.com`, `a@b`: pandoc's rule), not after another `@` or a backslash. At the start
 * of a text node it is the character before it in the source (after a link, `)`; after an
 * autolink, its last letter), the character mayCite looked at.
 */
function startsCitation(value: string, at: number, places: TextPlaces): boolean {
  const before = at > 0 ? value[at - 1] : places.sourceBefore()
  if (before === undefined) return true
  return !REGULAR.test(before) && before !== '@' && before !== '\\'
}

function split(text: Text, context: Context, previous: PhrasingContent | undefined): PhrasingContent[] {
  const value = text.value
  const places = new TextPlaces(text, context, previous)
  // Braced keys (`@{…}`) look for their `}`: remembered, so `@{@{@{…` costs the text's length once.
  const braces = { open: new NextOf(value, '{'), close: new NextOf(value, '}') }
  const out: PhrasingContent[] = []
  let from = 0
  let index = 0
  const emit = (start: number, end: number, items: CitationItem[], mode: 'normal' | 'author-in-text') => {
    if (start > from) out.push(places.piece(from, start))
    const written = places.piece(start, end)
    const citation: Citation = { type: 'citation', children: [written], data: { mode, items } }
    // Points of their own: the chunked parser moves every node's points in place.
    if (written.position) citation.position = { start: { ...written.position.start }, end: { ...written.position.end } }
    out.push(citation)
    from = end
  }
  while (index < value.length) {
    const char = value[index]
    if (char === '[' && !places.escaped(index)) {
      const close = nextBracket(value, index + 1, places)
      if (close >= 0 && value[close] === ']' && !spanFollows(value, close)) {
        const items = readItems(value.slice(index + 1, close))
        // A citation is no link: `[@a](url)` would have been one already, `[@a][x]` with no definition is text.
        if (items === 'crossref') {
          index = close + 1
          continue
        }
        if (items && !hasEscape(index + 1, close, value, places)) {
          emit(index, close + 1, items, 'normal')
          index = close + 1
          continue
        }
      }
      index++
      continue
    }
    if (char === '@' && !places.escaped(index) && startsCitation(value, index, places)) {
      const key = readKey(value, index + 1, braces)
      if (key && !CROSSREF.test(key.key) && !hasEscape(index + 1, key.end, value, places)) {
        const item: CitationItem = { key: key.key, prefix: '', suffix: '' }
        let end = key.end
        // `@doe99 [p. 33]`: a bracket right after (one space) is its suffix, unless it is a citation itself.
        if (value[end] === ' ' && value[end + 1] === '[' && !places.escaped(end + 1)) {
          const close = nextBracket(value, end + 2, places)
          if (close >= 0 && value[close] === ']' && !spanFollows(value, close) && readItems(value.slice(end + 2, close)) === undefined) {
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
  if (from < value.length) out.push(places.piece(from, value.length))
  return out
}

/**
 * Whether the `]` at `close` is followed by an attribute block: `[@doe99]{.mark}` is a bracketed
 * span around an author-in-text citation, as pandoc reads it (its spans come before citations).
 */
function spanFollows(value: string, close: number): boolean {
  return value[close + 1] === '{' && parseAttributes(value.slice(close + 1)) !== undefined
}

/** The index of the next unescaped bracket from `from` (`[` or `]`), or -1. */
function nextBracket(value: string, from: number, places: TextPlaces): number {
  for (let index = from; index < value.length; index++) {
    const char = value[index]
    if ((char === '[' || char === ']') && !places.escaped(index)) return index
  }
  return -1
}

/** Whether an `@` in the range was escaped (`\@`): then it is text, as the author wanted. */
function hasEscape(from: number, to: number, value: string, places: TextPlaces): boolean {
  if (!places.escapes) return false
  for (let index = from; index < to; index++) if (value[index] === '@' && places.escaped(index)) return true
  return false
}

/**
 * The next index of one character from a position, remembered: asked again from anywhere up to
 * the answer, it answers without searching, so asking from left to right costs the text's
 * length in all, however many times it is asked.
 */
export class NextOf {
  private from = Number.POSITIVE_INFINITY
  private found = -1

  constructor(
    private readonly value: string,
    private readonly char: string,
  ) {}

  at(from: number): number {
    if (from >= this.from && (this.found < 0 || from <= this.found)) return this.found
    this.from = from
    this.found = this.value.indexOf(this.char, from)
    return this.found
  }
}

/**
 * A text node read against the source: which of its characters are not written as themselves
 * (`\[`, `\@`, `&#64;`: no syntax, as micromark and pandoc read them), and the place of the
 * pieces it is cut into. The mapping costs the text's length, so it is made only when asked
 * for: on a text whose source holds a backslash or an `&`, or once a citation is found.
 */
class TextPlaces {
  /** Whether the text's source holds a backslash or `&` (otherwise every character is written as itself). */
  readonly escapes: boolean
  private mapping: TextSource | undefined | null = null

  constructor(
    private readonly text: Text,
    private readonly context: Context,
    /** The node before the text, for a text without a position. */
    private readonly previous?: PhrasingContent,
  ) {
    const start = text.position?.start.offset
    const end = text.position?.end.offset
    const raw = start !== undefined && end !== undefined ? context.source.slice(start, end) : ''
    this.escapes = raw.includes('\\') || raw.includes('&')
  }

  /** Whether the character at `at` was escaped or written as a character reference. */
  escaped(at: number): boolean {
    if (!this.escapes) return false
    const mapped = this.mapped()
    return mapped !== undefined && this.context.source[mapped.offsets[at]!] !== this.text.value[at]
  }

  /**
   * The source's character just before the text (undefined at the start of the document). A
   * text without a position follows an autolink literal made without one (`jo@x.com@doe`): the
   * last character of the node before stands for it.
   */
  sourceBefore(): string | undefined {
    const start = this.text.position?.start.offset
    if (start !== undefined) return start === 0 ? undefined : this.context.source[start - 1]
    return this.previous ? toString(this.previous).at(-1) : undefined
  }

  /** Part of the text, with its place in the source when it can be known. */
  piece(from: number, to: number): Text {
    const out: Text = { type: 'text', value: this.text.value.slice(from, to) }
    const start = this.text.position?.start
    const mapped = this.mapped()
    if (start && mapped) out.position = { start: this.context.points.pointAt(start, mapped.offsets[from]!), end: this.context.points.pointAt(start, mapped.offsets[to]!) }
    return out
  }

  private mapped(): TextSource | undefined {
    if (this.mapping === null) this.mapping = textSource(this.text, this.context.source)
    return this.mapping
  }
}
