/**
 * citeproc-js's HTML → mdast phrasing, so the preview and the compiler show a formatted citation
 * with their own handlers: `<i>`/`<em>` emphasis, `<b>`/`<strong>` strong, `<sup>`/`<sub>`,
 * small caps (a `.smallcaps` span, which both render), links (`<a href>`). The HTML is the
 * processor's own output, a handful of tags; anything else keeps its text. The entry layout
 * `<div class="csl-left-margin">[1]</div><div class="csl-right-inline">…</div>` (IEEE's
 * second-field-align) reads as "[1] …".
 */
import type { PhrasingContent } from 'mdast'
import { decodeNamedCharacterReference } from 'decode-named-character-reference'
import type { BracketedSpan, Subscript, Superscript } from '../mdast/nodes.js'
import { append } from '../util/append.js'

type Frame = { tag: string; children: PhrasingContent[]; make?: (children: PhrasingContent[]) => PhrasingContent | undefined }

export function cslHtmlToMdast(html: string): PhrasingContent[] {
  const root: Frame = { tag: '', children: [] }
  const stack: Frame[] = [root]
  const top = () => stack[stack.length - 1]!
  const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>/g
  let from = 0
  for (const match of html.matchAll(TAG)) {
    pushText(top().children, decode(html.slice(from, match.index)))
    from = match.index + match[0].length
    const [, closing, rawName, attributes] = match
    const name = rawName!.toLowerCase()
    if (name === 'br') {
      top().children.push({ type: 'break' })
      continue
    }
    if (closing) {
      // Close the innermost open element of that name (the processor's HTML is well nested).
      const at = stack.map((frame) => frame.tag).lastIndexOf(name)
      if (at <= 0) continue
      while (stack.length > at) {
        const frame = stack.pop()!
        const made = frame.make ? frame.make(frame.children) : undefined
        if (made) top().children.push(made)
        else append(top().children, frame.children)
      }
      continue
    }
    const frame: Frame = { tag: name, children: [] }
    const make = maker(name, attributes ?? '')
    if (make) frame.make = make
    stack.push(frame)
  }
  pushText(top().children, decode(html.slice(from)))
  while (stack.length > 1) {
    const frame = stack.pop()!
    const made = frame.make ? frame.make(frame.children) : undefined
    if (made) top().children.push(made)
    else append(top().children, frame.children)
  }
  return trim(root.children)
}

function maker(name: string, attributes: string): Frame['make'] {
  const style = /style="([^"]*)"/.exec(attributes)?.[1] ?? ''
  const className = /class="([^"]*)"/.exec(attributes)?.[1] ?? ''
  if (name === 'i' || name === 'em') return (children) => ({ type: 'emphasis', children })
  if (name === 'b' || name === 'strong') return (children) => ({ type: 'strong', children })
  if (name === 'sup') return (children) => ({ type: 'superscript', children, data: { hName: 'sup' } }) as Superscript
  if (name === 'sub') return (children) => ({ type: 'subscript', children, data: { hName: 'sub' } }) as Subscript
  if (name === 'a') {
    const href = /href="([^"]*)"/.exec(attributes)?.[1]
    return href ? (children) => ({ type: 'link', url: decode(href), children }) : undefined
  }
  if (name === 'span' && /small-caps/.test(style)) return (children) => ({ type: 'bracketedSpan', children, data: { attributes: { classes: ['smallcaps'], pairs: [] }, hName: 'span', hProperties: { className: ['smallcaps'] } } }) as BracketedSpan
  if (name === 'span' && /underline/.test(style)) return (children) => ({ type: 'bracketedSpan', children, data: { attributes: { classes: ['underline'], pairs: [] }, hName: 'span', hProperties: { className: ['underline'] } } }) as BracketedSpan
  // The margin of a second-field-aligned entry ("[1]") is set off from its text by a space.
  if (name === 'div' && className.includes('csl-left-margin')) return (children) => ({ type: 'text', value: `${plain(children)} ` })
  return undefined
}

function plain(children: PhrasingContent[]): string {
  return children.map((child) => ('value' in child ? String(child.value) : 'children' in child ? plain(child.children as PhrasingContent[]) : '')).join('')
}

function pushText(into: PhrasingContent[], value: string): void {
  if (value === '') return
  const last = into[into.length - 1]
  if (last?.type === 'text') last.value += value
  else into.push({ type: 'text', value })
}

/** The entry's whitespace at either end (citeproc indents its divs) taken off. */
function trim(nodes: PhrasingContent[]): PhrasingContent[] {
  const first = nodes[0]
  if (first?.type === 'text') first.value = first.value.replace(/^\s+/, '')
  const last = nodes[nodes.length - 1]
  if (last?.type === 'text') last.value = last.value.replace(/\s+$/, '')
  return nodes.filter((node) => node.type !== 'text' || node.value !== '').map((node) => (node.type === 'text' ? { ...node, value: node.value.replace(/[ \t]*\n[ \t]*/g, ' ') } : node))
}

function decode(text: string): string {
  return text.replace(/&(?:#[xX]([0-9A-Fa-f]{1,6})|#([0-9]{1,7})|([A-Za-z][A-Za-z0-9]{0,31}));/g, (whole, hex: string | undefined, decimal: string | undefined, named: string | undefined) => {
    if (named) {
      const value = decodeNamedCharacterReference(named)
      return value === false ? whole : value
    }
    const code = hex ? parseInt(hex, 16) : Number(decimal)
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '\uFFFD'
  })
}
