/**
 * The Markdown behind a citation or a cross-reference, kept in the .docx so an import can give
 * it back (`[@doe99, p. 33]`, `[-@fig:x]`) instead of the text a style made of it.
 *
 * What Word shows is wrapped in an ADDIN field — ` ADDIN MARKDOCX_CITATION [@doe99, p. 33] ` —
 * the kind of field reference managers (Zotero, Mendeley, EndNote) write: Word keeps its
 * instruction, never computes a result for it (F9 leaves the cached result alone), and Word,
 * LibreOffice, pandoc and mammoth all show that cached result, the formatted text. Fields
 * nested in the result (a cross-reference's REF fields) still update in Word.
 *
 * The instruction is one line (soft breaks become spaces) of XML-safe text; the importer
 * (src/import/field-sources.ts) reads it back and checks it is one citation or reference.
 */
import type { ParagraphChild } from 'docx'
import type { PhrasingContent } from 'mdast'
import { toString } from 'mdast-util-to-string'
import type { VFile } from 'vfile'
import type { Citation } from '../mdast/nodes.js'
import { complexField } from './ooxml/fields.js'
import { xmlSafe } from './text/text.js'

export type SourceFieldKind = 'CITATION' | 'CROSSREF'

/** `result` inside an ADDIN field holding `source`; the result alone when there is no source to keep. */
export function sourceField(kind: SourceFieldKind, source: string, result: ParagraphChild[]): ParagraphChild[] {
  const line = xmlSafe(source.replace(/\s+/g, ' ')).text.trim()
  if (line === '') return result
  return complexField(`ADDIN MARKDOCX_${kind} ${line}`, result)
}

/**
 * A citation as written: its span of the document's text when the node's points lead to it
 * (the exact Markdown: `*passim*` keeps its stars), else its children written back.
 */
export function citationSource(node: Citation, file: VFile): string {
  const written = writtenPhrasing(node.children)
  const text = typeof file.value === 'string' ? file.value : undefined
  const start = node.position?.start.offset
  const end = node.position?.end.offset
  if (text === undefined || start === undefined || end === undefined || end <= start || end > text.length) return written
  const span = text.slice(start, end)
  // Points moved by a plugin, or a node made by one: the span must be this citation's text.
  const plain = toString(node.children)
  if (plain === '' || span.charAt(0) !== plain.charAt(0) || span.charAt(span.length - 1) !== plain.charAt(plain.length - 1) || /\n[ \t]*\n/.test(span)) return written
  return span
}

/** Phrasing written back as Markdown, as far as a citation's prefix and suffix hold it (emphasis, strong, code). */
function writtenPhrasing(children: PhrasingContent[]): string {
  return children
    .map((child): string => {
      if (child.type === 'emphasis') return `*${writtenPhrasing(child.children)}*`
      if (child.type === 'strong') return `**${writtenPhrasing(child.children)}**`
      if (child.type === 'inlineCode') return `\`${child.value}\``
      return toString(child)
    })
    .join('')
}

/**
 * The reference list's place marks, empty ADDIN fields (nothing shows): `MARKDOCX_REFS` where the
 * author's `::: {#refs}` div was, `MARKDOCX_REFS_ENTRY` on each entry the bibliography made —
 * so an import gives back the div and leaves out the list it would make again.
 */
export function referenceMark(kind: 'REFS' | 'REFS_ENTRY'): ParagraphChild[] {
  return complexField(`ADDIN MARKDOCX_${kind}`, [])
}
