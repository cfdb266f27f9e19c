/**
 * pandoc's superscript and subscript: `2^10^`, `H~2~O`. The text between the markers may hold
 * no white space (pandoc's rule; write `\ ` for a space) and is not empty; a marker the author
 * escaped (`\^`, `\~`) is text. `~~strike~~` stays strikethrough (GFM's double tilde; the single
 * tilde is pandoc's subscript here, not GFM's strikethrough).
 *
 * A transform over text nodes: the markers are not Markdown syntax to micromark, and a
 * superscript never spans other inline nodes in pandoc's syntax (no spaces, so no emphasis
 * around words). The nodes carry `data.hName`, so the preview renders `<sup>`/`<sub>`.
 */
import type { Nodes, Parent, PhrasingContent, Root, Text } from 'mdast'
import type { VFile } from 'vfile'
import { SourcePoints } from './source-points.js'
import { textSource, type TextSource } from './text-source.js'
import type { Superscript, Subscript } from '../../mdast/nodes.js'

/** `^x^` or `~x~`: no white space but pandoc's `\ ` (a no-break space), no marker of its kind inside, `~` not doubled. */
const SCRIPT = /\^((?:\\ |[^\s^])+)\^|(?<!~)~((?:\\ |[^\s~])+)~(?!~)/g

export function remarkSuperscript() {
  return (tree: Root, file: VFile) => {
    const text = String(file.value ?? '')
    if (!text.includes('^') && !text.includes('~')) return
    const source = new SourcePoints(text)
    const stack: Nodes[] = [tree]
    while (stack.length > 0) {
      const node = stack.pop()!
      if (!('children' in node)) continue
      const parent = node as Parent
      if (parent.children.some((child) => child.type === 'text' && (child.value.includes('^') || child.value.includes('~')))) {
        const phrasing = parent.children as PhrasingContent[]
        ;(parent as { children: PhrasingContent[] }).children = phrasing.flatMap((child) => (child.type === 'text' ? split(child, source) : [child]))
      }
      for (const child of parent.children) if ('children' in child) stack.push(child as Nodes)
    }
  }
}

function split(text: Text, source: SourcePoints): PhrasingContent[] {
  SCRIPT.lastIndex = 0
  const any = SCRIPT.test(text.value)
  // matchAll starts where the test left the (global) pattern.
  SCRIPT.lastIndex = 0
  if (!any) return [text]
  const mapped = textSource(text, source.source)
  const out: PhrasingContent[] = []
  let from = 0
  for (const match of text.value.matchAll(SCRIPT)) {
    const at = match.index
    const close = at + match[0].length - 1
    // A marker the author escaped (`\^`) is text.
    if (mapped && (mapped.escaped.has(at) || mapped.escaped.has(close))) continue
    if (at > from) out.push(piece(text, from, at, mapped, source))
    const content = piece(text, at + 1, close, mapped, source)
    content.value = content.value.replaceAll('\\ ', '\u00A0')
    const node: Superscript | Subscript = match[1] !== undefined ? { type: 'superscript', children: [content], data: { hName: 'sup' } } : { type: 'subscript', children: [content], data: { hName: 'sub' } }
    const position = span(text, at, close + 1, mapped, source)
    if (position) node.position = position
    out.push(node)
    from = close + 1
  }
  if (out.length === 0) return [text]
  if (from < text.value.length) out.push(piece(text, from, text.value.length, mapped, source))
  return out
}

/** Part of a text node, with its place in the source when it can be known. */
function piece(text: Text, from: number, to: number, mapped: TextSource | undefined, source: SourcePoints): Text {
  const out: Text = { type: 'text', value: text.value.slice(from, to) }
  const position = span(text, from, to, mapped, source)
  if (position) out.position = position
  return out
}

function span(text: Text, from: number, to: number, mapped: TextSource | undefined, source: SourcePoints): Text['position'] {
  const start = text.position?.start
  if (!mapped || !start) return undefined
  const startOffset = mapped.offsets[from]!
  // The end is just past the last character (an escape or reference takes more than one).
  const endOffset = to >= text.value.length ? mapped.offsets[text.value.length]! : mapped.offsets[to]!
  return { start: source.pointAt(start, startOffset), end: source.pointAt(start, endOffset) }
}
