/**
 * The Markdown markdocx keeps behind a citation or a cross-reference (src/docx/source-fields.ts):
 * an ADDIN field, ` ADDIN MARKDOCX_CITATION [@doe99, p. 33] `, whose cached result is what Word
 * shows. The pre-pass (word-markup.ts) asks `sourceMarker` about every ADDIN field: for one of
 * ours whose source is one well-formed citation or reference, the result gives way to a marker
 * (`C` or `X`) that build.ts turns back into the node (`sourceNode`). Anything else — another
 * tool's field (Zotero's `ADDIN ZOTERO_ITEM CSL_CITATION {…}`), or an instruction edited into
 * something that is not one citation — keeps its result text, as before. The reference list's
 * marks (`ADDIN MARKDOCX_REFS`, `…_REFS_ENTRY`, empty) become `R` and `E` markers, which
 * reference-list.ts reads.
 *
 * The check is on the shape, not a full parse (the importer does not load the Markdown parser):
 * one bracket group without brackets inside, or an in-text key with an optional bracketed
 * locator; no line breaks, no raw HTML tag, balanced `*`, backticks and `$`, so the source
 * printed as is cannot reach past its own text into the paragraph around it.
 */
import type { Nodes } from 'mdast'
import type { Citation, CrossReference, CrossReferenceItem, CrossReferencePrefix } from '../mdast/nodes.js'
import { marker, type Marker } from './markers.js'

/** Longest source kept (a citation of many works is a few hundred characters). */
const MAX_SOURCE = 4000

const KEY = String.raw`(?:\{[^{}\s]+\}|[\p{L}\p{N}_](?:[\p{L}\p{N}_]|[:.#$%&\-+?<>~/](?=[\p{L}\p{N}_]))*)`
const CITATION_BRACKETED = new RegExp(String.raw`^\[(?:[^\[\]]*[\s;-])?@${KEY}[^\[\]]*\]$`, 'u')
const CITATION_IN_TEXT = new RegExp(String.raw`^@${KEY}(?: \[[^\[\]]*\])?$`, 'u')
const CROSSREF_PREFIX = /(?:fig|tbl|eq|lst|sec):/i
const LABEL = String.raw`(?:fig|tbl|eq|lst|sec):[\p{L}\p{N}_](?:[\p{L}\p{N}_]|[:.\-](?=[\p{L}\p{N}_]))*`
const CROSSREF_BRACKETED = new RegExp(String.raw`^\[[^\[\]]*@${LABEL}[^\[\]]*\]$`, 'iu')
const CROSSREF_IN_TEXT = new RegExp(String.raw`^@${LABEL}$`, 'iu')

/** The marker for an ADDIN field's instruction, when it is markdocx's and its source is sound. */
export function sourceMarker(instruction: string): string | undefined {
  // The reference list's marks (an empty result): where `::: {#refs}` was, an entry the bibliography made.
  const mark = /^\s*ADDIN\s+MARKDOCX_(REFS|REFS_ENTRY)\s*$/.exec(instruction)
  if (mark) return marker(mark[1] === 'REFS' ? 'R' : 'E')
  const match = /^\s*ADDIN\s+MARKDOCX_(CITATION|CROSSREF)\s+([\s\S]*)$/.exec(instruction)
  if (!match) return undefined
  const source = match[2]!.replace(/\s+/g, ' ').trim()
  if (!sound(source)) return undefined
  if (match[1] === 'CITATION') return CITATION_BRACKETED.test(source) || CITATION_IN_TEXT.test(source) ? marker('C', source) : undefined
  if (!CROSSREF_PREFIX.test(source)) return undefined
  return CROSSREF_BRACKETED.test(source) || CROSSREF_IN_TEXT.test(source) ? marker('X', source) : undefined
}

function sound(source: string): boolean {
  if (source === '' || source.length > MAX_SOURCE || /[\uFDD0\uFDD1\uFFFD]/.test(source)) return false
  // A raw HTML tag or comment would be read as HTML, not as the citation's text.
  if (/<[A-Za-z/!?]/.test(source)) return false
  const count = (character: string) => source.split(character).length - 1
  return count('*') % 2 === 0 && count('`') % 2 === 0 && count('$') % 2 === 0
}

/** The node a `C` or `X` marker stands for (its text as written, as markdocx's parser makes it). */
export function sourceNode(found: Marker): Nodes | undefined {
  if (found.kind === 'C') return citationNode(found.payload)
  if (found.kind === 'X') return crossReferenceNode(found.payload)
  return undefined
}

function citationNode(source: string): Citation {
  const items = [...source.matchAll(new RegExp(String.raw`(-?)@(${KEY})`, 'gu'))].map((match) => ({
    key: match[2]!.replace(/^\{|\}$/g, ''),
    prefix: '',
    suffix: '',
    ...(match[1] === '-' ? { suppressAuthor: true } : {}),
  }))
  return { type: 'citation', children: [{ type: 'text', value: source }], data: { mode: source.startsWith('[') ? 'normal' : 'author-in-text', items } }
}

function crossReferenceNode(source: string): CrossReference {
  const items: CrossReferenceItem[] = [...source.matchAll(new RegExp(String.raw`(-?)@(${LABEL})`, 'giu'))].map((match) => {
    const written = match[2]!
    const colon = written.indexOf(':')
    const kind = written.slice(0, colon).toLowerCase() as CrossReferencePrefix
    return { label: `${kind}${written.slice(colon)}`, kind, capitalized: /^[A-Z]/.test(written), suppressed: match[1] === '-' }
  })
  return { type: 'crossReference', value: source, items }
}

/** The size markdocx notes after a picture's name (`Picture 4 {width=40%}`), as `width=40%`; undefined for any other name. */
export function pictureSize(name: string | undefined): string | undefined {
  const match = /^(?:Picture|Diagram) \d+ \{((?:width|height)=\d+(?:\.\d+)?(?:px|in|cm|mm|pt|%)?(?: (?:width|height)=\d+(?:\.\d+)?(?:px|in|cm|mm|pt|%)?)?)\}$/.exec(name ?? '')
  return match?.[1]
}
