/**
 * pandoc's heading attributes: `# Heading {#id .class key=value}` (and `{-}`, short for
 * `.unnumbered`) at the end of an ATX or setext heading's text. The block is taken off the text
 * and kept as `data.attributes`: the id replaces the heading's slug (its bookmark in Word, its id
 * in the preview, the target of `#id` links), `.unnumbered` keeps it out of the numbering.
 * A brace the author escaped (`\{`) is text.
 */
import type { Heading, Nodes, Root, Text } from 'mdast'
import type { VFile } from 'vfile'
import { parseAttributes, type Attributes } from '../../mdast/attributes.js'

/** A trailing `{…}` with the spaces before it (no line break inside). */
const TRAILING = /[ \t]*(\{[^{}\n]*\})[ \t]*$/

export function remarkHeadingAttributes() {
  return (tree: Root, file: VFile) => {
    const source = String(file.value ?? '')
    if (!source.includes('{')) return
    // Iterative: containers nest deeply in hostile input.
    const stack: Nodes[] = [tree]
    while (stack.length > 0) {
      const node = stack.pop()!
      if (node.type === 'heading') readAttributes(node, source)
      else if ('children' in node && node.type !== 'paragraph' && node.type !== 'table') for (const child of node.children) stack.push(child)
    }
  }
}

function readAttributes(heading: Heading, source: string): void {
  const last = heading.children[heading.children.length - 1]
  if (last?.type !== 'text') return
  const match = TRAILING.exec(last.value)
  if (!match) return
  const block = parseAttributes(match[1]!)
  if (!block || block.rawFormat !== undefined || block.length !== match[1]!.length) return
  if (escapedBrace(last, match.index + match[0].indexOf('{'), source)) return
  setAttributes(heading, block.attributes)
  const rest = last.value.slice(0, match.index)
  if (rest === '') heading.children.pop()
  else {
    last.value = rest
    const end = last.position?.end
    if (end?.offset !== undefined && last.position) {
      // The text ended with the block: it now ends where the block began (same line).
      const cut = match[0].length
      last.position = { ...last.position, end: { line: end.line, column: end.column - cut, offset: end.offset - cut } }
    }
  }
  // A heading that was only attributes keeps none of them as text; trailing spaces go too.
  const tail = heading.children[heading.children.length - 1]
  if (tail?.type === 'text') tail.value = tail.value.replace(/[ \t]+$/, '')
}

function setAttributes(heading: Heading, attributes: Attributes): void {
  heading.data = { ...heading.data, attributes }
}

/**
 * Whether the `{` at `index` of the text node was written `\{`: the text's value has the escape
 * taken out, so the source tells. Only a text whose value is its source verbatim can be mapped.
 */
function escapedBrace(text: Text, index: number, source: string): boolean {
  const start = text.position?.start.offset
  const end = text.position?.end.offset
  if (start === undefined || end === undefined) return false
  const written = source.slice(start, end)
  if (written === text.value) return false
  // The value differs from the source (escapes, entities): find the brace from the end.
  const fromEnd = text.value.length - index
  const at = written.length - fromEnd
  return at > 0 && written[at] === '{' && written[at - 1] === '\\'
}
