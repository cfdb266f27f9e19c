/**
 * Markers: what mammoth would lose, carried through it as text.
 *
 * mammoth reads a .docx into HTML well, but drops deleted text, comment anchors, equations,
 * list numbers and the fields behind cross-references. The pre-pass (word-markup.ts) writes
 * that knowledge into the document's XML as short runs of text — a marker is
 * U+FDD0, a kind letter, a payload, U+FDD1 — which mammoth, the HTML parser and
 * hast-util-to-mdast all carry as ordinary text; the mdast passes (build.ts) read them
 * back out and build the nodes they stand for. U+FDD0 and U+FDD1 are Unicode noncharacters,
 * never text: any the document itself holds are replaced before markers are added.
 */

export const MARK_OPEN = '\uFDD0'
export const MARK_CLOSE = '\uFDD1'

/** What a marker stands for. */
export type MarkerKind =
  /** Tracked insertion starts / ends. */
  | 'i'
  | 'I'
  /** Tracked deletion starts / ends. */
  | 'd'
  | 'D'
  /** Comment range start / end (payload: the comment's id). */
  | 's'
  | 'e'
  /** Comment reference: where Word shows the comment (payload: id). */
  | 'c'
  /** Inline / display equation (payload: index into the equations' LaTeX). */
  | 'm'
  | 'M'
  /** Paragraph facts (payload: `key=value;…`: list number, indentation). */
  | 'p'
  /** The paragraph's mark is tracked (payload: `i` inserted, `d` deleted), last in the paragraph. */
  | 'r'
  /** The table row is tracked (payload: `i` inserted, `d` deleted), first in the row's first paragraph. */
  | 'w'
  /** A NOTEREF field: a second reference to a note (payload: the bookmark it points to). */
  | 'n'
  /** Where a SEQ field's number was (a caption's "Figure 3"). */
  | 'q'
  /** A footnote or endnote reference (payload: its label), set by the HTML pass. */
  | 'f'
  /** A page break (`w:br w:type="page"`). */
  | 'b'
  /** A horizontal rule (an empty bordered paragraph, or VML's `o:hr`). */
  | 'h'
  /** A checkbox (payload: 1 ticked, 0 not), set by the HTML pass. */
  | 'k'
  /** A bookmark (payload: its name), set by the HTML pass. */
  | 'a'
  /** A hyperlink's ScreenTip, first in the link (payload: the text). */
  | 'L'
  /** A picture's title, after its description (payload: the text). */
  | 'T'
  /** A picture's size as markdocx noted it (payload: `width=40%`, field-sources.ts). */
  | 'W'
  /** A citation / a cross-reference as written, from markdocx's ADDIN field (payload: the Markdown; field-sources.ts). */
  | 'C'
  | 'X'
  /** Where the author's `::: {#refs}` div was; an entry of the reference list the bibliography made (reference-list.ts). */
  | 'R'
  | 'E'

export interface Marker {
  kind: MarkerKind
  payload: string
}

export function marker(kind: MarkerKind, payload = ''): string {
  return `${MARK_OPEN}${kind}${payload}${MARK_CLOSE}`
}

/** Text cut into plain strings and markers, in order. Linear; an unclosed marker is dropped. */
export function splitMarkers(text: string): Array<string | Marker> {
  const parts: Array<string | Marker> = []
  let index = 0
  while (index < text.length) {
    const open = text.indexOf(MARK_OPEN, index)
    if (open === -1) {
      parts.push(text.slice(index))
      break
    }
    if (open > index) parts.push(text.slice(index, open))
    const close = text.indexOf(MARK_CLOSE, open + 1)
    if (close === -1) {
      // Only the pre-pass writes markers, and always closed; be safe anyway.
      index = open + 1
      continue
    }
    const body = text.slice(open + 1, close)
    if (body.length > 0) parts.push({ kind: body[0] as MarkerKind, payload: body.slice(1) })
    index = close + 1
  }
  return parts
}

export function hasMarker(text: string): boolean {
  return text.includes(MARK_OPEN)
}

/** Text with every marker taken out. */
export function stripMarkers(text: string): string {
  if (!hasMarker(text)) return text
  return splitMarkers(text)
    .filter((part): part is string => typeof part === 'string')
    .join('')
}

/** `key=value;key=value` payloads (values hold no `;` or `=`). */
export function readFacts(payload: string): Map<string, string> {
  const facts = new Map<string, string>()
  for (const pair of payload.split(';')) {
    const equals = pair.indexOf('=')
    if (equals > 0) facts.set(pair.slice(0, equals), pair.slice(equals + 1))
  }
  return facts
}
