/**
 * pandoc's bracketed spans: `[text]{#id .class key="value"}` — inline content in brackets with an
 * attribute block right after the closing bracket. The content becomes a `bracketedSpan` node
 * with `data.attributes`; the compiler gives known attributes their meaning (`.underline`,
 * `.smallcaps`, `.mark`, `custom-style="Name"`; the id a bookmark), the preview renders a
 * `<span>`. Brackets without an attribute block stay text, as do escaped ones (`\[`), and
 * `[@…]` (citations) is left alone.
 *
 * A transform over each parent's phrasing: the brackets are text to micromark when no link
 * definition matches, and the content between them may be several nodes (emphasis, code, links).
 */
import type { Nodes, Parent, PhrasingContent, Root, Text } from 'mdast'
import type { VFile } from 'vfile'
import { parseAttributes, type Attributes } from '../../mdast/attributes.js'
import { SourcePoints } from './source-points.js'
import { textSource, type TextSource } from './text-source.js'
import type { BracketedSpan } from '../../mdast/nodes.js'

/** Deeper spans than this stay text (each level is a level of recursion when compiling). */
const MAX_DEPTH = 32

export function remarkBracketedSpans() {
  return (tree: Root, file: VFile) => {
    const text = String(file.value ?? '')
    if (!text.includes(']{')) return
    const source = new SourcePoints(text)
    const stack: Nodes[] = [tree]
    while (stack.length > 0) {
      const node = stack.pop()!
      if (!('children' in node)) continue
      const parent = node as Parent
      if (parent.children.some((child) => child.type === 'text' && (child.value.includes('[') || child.value.includes(']')))) {
        const phrasing = parent.children as PhrasingContent[]
        const rewritten = rewrite(phrasing, source)
        if (rewritten) (parent as { children: PhrasingContent[] }).children = rewritten
      }
      for (const child of parent.children) if ('children' in child) stack.push(child as Nodes)
    }
  }
}

type Token =
  | { kind: 'node'; node: PhrasingContent }
  | { kind: 'open'; text: Text }
  | { kind: 'close'; text: Text; attributes?: Attributes; attributesText?: Text }

/** The siblings with spans made, or undefined when there is none. */
function rewrite(children: PhrasingContent[], source: SourcePoints): PhrasingContent[] | undefined {
  const tokens = tokenize(children, source)
  if (!tokens.some((token) => token.kind === 'close' && token.attributes)) return undefined
  // Pair brackets innermost first; a pair whose closing bracket has attributes is a span.
  const pairs = new Map<number, number>()
  const open: number[] = []
  tokens.forEach((token, index) => {
    if (token.kind === 'open') open.push(index)
    else if (token.kind === 'close') {
      const start = open.pop()
      if (start !== undefined && token.attributes) pairs.set(start, index)
    }
  })
  if (pairs.size === 0) return undefined
  const build = (from: number, to: number, depth: number): PhrasingContent[] => {
    const out: PhrasingContent[] = []
    for (let index = from; index < to; index++) {
      const token = tokens[index]!
      const close = pairs.get(index)
      if (close !== undefined && depth < MAX_DEPTH && !startsWithAt(tokens[index + 1])) {
        const closing = tokens[close] as Extract<Token, { kind: 'close' }>
        const span: BracketedSpan = { type: 'bracketedSpan', children: merge(build(index + 1, close, depth + 1)), data: { attributes: closing.attributes!, hName: 'span', ...preview(closing.attributes!) } }
        const start = (token as Extract<Token, { kind: 'open' }>).text.position?.start
        const end = closing.attributesText?.position?.end
        if (start && end) span.position = { start, end }
        out.push(span)
        index = close
        continue
      }
      if (token.kind === 'node') out.push(token.node)
      else {
        out.push(token.text)
        if (token.kind === 'close' && token.attributesText) out.push(token.attributesText)
      }
    }
    return out
  }
  return merge(build(0, tokens.length, 0))
}

function startsWithAt(token: Token | undefined): boolean {
  return token?.kind === 'node' && token.node.type === 'text' && token.node.value.startsWith('@')
}

/** The preview's `<span>`: its id and classes (the sanitiser keeps what it allows). */
function preview(attributes: Attributes): { hProperties: Record<string, string | string[]> } {
  const hProperties: Record<string, string | string[]> = {}
  if (attributes.id) hProperties.id = attributes.id
  if (attributes.classes.length > 0) hProperties.className = attributes.classes
  return { hProperties }
}

/** The siblings as nodes and bracket tokens: text nodes cut at their unescaped brackets. */
function tokenize(children: PhrasingContent[], source: SourcePoints): Token[] {
  const tokens: Token[] = []
  for (const child of children) {
    if (child.type !== 'text' || (!child.value.includes('[') && !child.value.includes(']'))) {
      tokens.push({ kind: 'node', node: child })
      continue
    }
    const mapped = textSource(child, source.source)
    const value = child.value
    let from = 0
    for (let at = 0; at < value.length; at++) {
      const char = value[at]
      if ((char !== '[' && char !== ']') || mapped?.escaped.has(at)) continue
      if (at > from) tokens.push({ kind: 'node', node: piece(child, from, at, mapped, source) })
      if (char === '[') {
        tokens.push({ kind: 'open', text: piece(child, at, at + 1, mapped, source) })
        from = at + 1
        continue
      }
      const block = value[at + 1] === '{' ? parseAttributes(value.slice(at + 1)) : undefined
      if (block && block.rawFormat === undefined && !mapped?.escaped.has(at + 1)) {
        tokens.push({ kind: 'close', text: piece(child, at, at + 1, mapped, source), attributes: block.attributes, attributesText: piece(child, at + 1, at + 1 + block.length, mapped, source) })
        at += block.length
        from = at + 1
      } else {
        tokens.push({ kind: 'close', text: piece(child, at, at + 1, mapped, source) })
        from = at + 1
      }
    }
    if (from < value.length) tokens.push({ kind: 'node', node: piece(child, from, value.length, mapped, source) })
  }
  return tokens
}

function piece(text: Text, from: number, to: number, mapped: TextSource | undefined, source: SourcePoints): Text {
  const out: Text = { type: 'text', value: text.value.slice(from, to) }
  const start = text.position?.start
  if (mapped && start) out.position = { start: source.pointAt(start, mapped.offsets[from]!), end: source.pointAt(start, mapped.offsets[to]!) }
  return out
}

/** Adjacent text nodes joined, as the parser gives them. */
function merge(nodes: PhrasingContent[]): PhrasingContent[] {
  const out: PhrasingContent[] = []
  for (const node of nodes) {
    const previous = out[out.length - 1]
    if (node.type === 'text' && previous?.type === 'text') {
      const merged: Text = { type: 'text', value: previous.value + node.value }
      if (previous.position && node.position) merged.position = { start: previous.position.start, end: node.position.end }
      out[out.length - 1] = merged
    } else out.push(node)
  }
  return out
}
