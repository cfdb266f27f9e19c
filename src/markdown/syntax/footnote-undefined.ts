/**
 * A footnote reference to no definition (`[^nope]`): GFM reads it as plain text, so the compiler
 * never sees a reference and the author would never learn the note is missing. This transform
 * finds such text (an unescaped `[^label]` whose label nothing defines) and reports it at its
 * place, as `footnote-undefined` — the rule the compiler uses for a reference node it cannot
 * resolve. The text stays as written.
 *
 * "Defined" means defined anywhere in the document: in a chunked parse a chunk's tree holds only
 * its own definitions, so the document-wide labels the chunk is parsed with are consulted too
 * (chunk-labels.ts), and each answer recorded, so the chunked parser parses a chunk again when
 * one changes.
 */
import type { Nodes, Root, Text } from 'mdast'
import { normalizeIdentifier } from 'micromark-util-normalize-identifier'
import type { VFile } from 'vfile'
import { documentDefinesFootnote } from '../chunked/chunk-labels.js'
import { SourcePoints } from './source-points.js'
import { textSource } from './text-source.js'

/** micromark's footnote call: `[^` and a label without white space, brackets or backslashes (at most 999 characters). */
const CALL = /\[\^([^\s[\]\\]{1,999})\]/g

export function remarkFootnoteUndefined() {
  return (tree: Root, file: VFile) => {
    const source = String(file.value ?? '')
    if (!source.includes('[^')) return
    const texts: Text[] = []
    const defined = new Set<string>()
    // Iterative (containers nest deeply in hostile input), in document order.
    const stack: Nodes[] = [tree]
    while (stack.length > 0) {
      const node = stack.pop()!
      if (node.type === 'footnoteDefinition') defined.add(normalizeIdentifier(node.identifier))
      if (node.type === 'text' && node.value.includes('[^')) texts.push(node)
      if ('children' in node) for (let index = node.children.length - 1; index >= 0; index--) stack.push(node.children[index]! as Nodes)
    }
    const points = new SourcePoints(source)
    for (const text of texts) report(text, points, defined, file)
  }
}

function report(text: Text, points: SourcePoints, defined: ReadonlySet<string>, file: VFile): void {
  const mapped = textSource(text, points.source)
  const start = text.position?.start
  for (const match of text.value.matchAll(CALL)) {
    const at = match.index
    // `\[^x]` or `[\^x]`: the author wrote the brackets as text.
    if (mapped && (mapped.escaped.has(at) || mapped.escaped.has(at + 1))) continue
    const label = match[1]!
    const id = normalizeIdentifier(label)
    // Asked of the document's labels one by one, so a chunk is parsed again when a note it calls comes or goes.
    if (defined.has(id) || documentDefinesFootnote(id)) continue
    const end = at + match[0].length
    const place =
      mapped && start?.offset !== undefined
        ? { start: points.pointAt(start, mapped.offsets[at]!), end: points.pointAt(start, mapped.offsets[end - 1]! + 1) }
        : text.position
    file.message(`Footnote [^${label}] has no definition (no “[^${label}]: …” line): it is kept as text`, { place, ruleId: 'footnote-undefined', source: 'markdocx' })
  }
}
