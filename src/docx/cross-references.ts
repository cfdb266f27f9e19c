/**
 * Cross-references in Word, as Word's own Insert Cross-reference writes them: each number a
 * target shows (a caption's SEQ field, an equation's number) sits in a hidden `_Ref…` bookmark,
 * and each reference to it is a `REF _Ref… \h` field whose cached result is that number — so the
 * document reads right before any update (LibreOffice and pandoc show cached results), and
 * Word's F9 renumbers references with their figures when one moves. A section's reference is
 * the heading's number (`REF … \n \h`: the number of the bookmarked paragraph, which with the
 * legal-style heading list, "%1.%2", is the whole "1.2" wherever the reference stands — `\r`
 * would drop the levels a reference shares with its target) or, where headings are not
 * numbered, its text (`REF … \h`). The numbers come from the shared rule (mdast/cross-references.ts),
 * which the preview follows too.
 */
import { TextRun, type ParagraphChild } from 'docx'
import type { Heading, Root } from 'mdast'
import type { Node } from 'unist'
import type { VFile } from 'vfile'
import type { DocumentMetadata } from '../mdast/front-matter.js'
import { crossReferenceSettings, type CrossReferenceSettings } from '../mdast/cross-reference-settings.js'
import { crossReferenceNumbers, formatCrossReference, type CrossReferenceNumbers } from '../mdast/cross-references.js'
import type { CrossReference } from '../mdast/nodes.js'
import { sectionNumbers } from '../mdast/section-numbers.js'
import { walk } from '../mdast/walk.js'
import type { BookmarkRegistry } from './bookmarks.js'
import type { Context } from './context.js'
import { complexField } from './ooxml/fields.js'
import { sourceField } from './source-fields.js'
import type { State } from './state.js'
import { formattedRun } from './text/text-runs.js'
import { runOptions, xmlSafe } from './text/text.js'
import { append } from '../util/append.js'

/** The document's cross-reference numbers and the bookmarks their references point to. */
export class CrossReferenceRegistry {
  readonly numbers: CrossReferenceNumbers
  readonly settings: CrossReferenceSettings
  private readonly names = new Map<string, string>()

  constructor(
    tree: Root,
    metadata: DocumentMetadata,
    lang: string | undefined,
    numberSections: boolean,
    private readonly bookmarks: BookmarkRegistry,
  ) {
    this.settings = crossReferenceSettings(metadata.extra, lang)
    this.numbers = crossReferenceNumbers(tree, { sectionNumbers: numberSections ? numberedHeadings(tree) : undefined })
  }

  /** The hidden bookmark of a label's number (made on first use: by its target or by a reference before it). */
  bookmark(label: string): string {
    let name = this.names.get(label)
    if (!name) this.names.set(label, (name = this.bookmarks.hiddenName(`Ref_${label.replace(/[^A-Za-z0-9_]/g, '_')}`)))
    return name
  }

  /** `children` (a number) in its label's bookmark, when the label names this target and a reference points at it; as they are otherwise. */
  wrapNumber(label: string | undefined, node: Node, children: ParagraphChild[]): ParagraphChild[] {
    if (!label || !this.numbers.referenced.has(label) || this.numbers.target(label)?.node !== node) return children
    return this.bookmarks.wrap(this.bookmark(label), children)
  }

  /** Records a message for each label given twice (the first one counts). */
  reportDuplicates(file: VFile): void {
    for (const duplicate of this.numbers.duplicates) {
      file.message(`The label {#${duplicate.label}} is given twice; references go to the first`, { place: duplicate.node.position, ruleId: 'crossref-duplicate', source: 'markdocx' })
    }
  }
}

/** Numbered headings' numbers, as Word's heading list numbers them: all headings but those in footnotes (bold lines there). */
function numberedHeadings(tree: Root): Map<Heading, string> {
  const headings: Heading[] = []
  walk(tree, (node) => {
    if (node.type === 'footnoteDefinition') return false
    if (node.type === 'heading') headings.push(node as Heading)
    return undefined
  })
  return sectionNumbers(headings)
}

/** What a kind's label reads in a message. */
const KIND_NAMES = { fig: 'figure', tbl: 'table', eq: 'equation', lst: 'listing', sec: 'section' } as const

/** Where each kind's label goes, for a message about one in the wrong place. */
const HINTS: Readonly<Record<(typeof KIND_NAMES)[keyof typeof KIND_NAMES], string>> = {
  figure: ' (an image alone in its paragraph)',
  table: ' (a `Table:` caption)',
  equation: ' (display math, `$$…$$ {#eq:x}`)',
  listing: ' (a code block with a `caption` attribute)',
  section: ' (a heading)',
}

/**
 * A reference's runs: its words as text, each number a REF field, `??` (bold) for a label that
 * names nothing — all inside a field keeping the reference as written (source-fields.ts), so an
 * import gives back `[@fig:a; @fig:b]`.
 */
export function crossReferenceRuns(state: State, node: CrossReference, context: Context): ParagraphChild[] {
  const registry = state.crossReferences
  const out: ParagraphChild[] = []
  for (const piece of formatCrossReference(node, registry.numbers, registry.settings)) {
    if (piece.type === 'text') append(out, state.text(piece.value, context, node))
    else if (piece.type === 'unknown') {
      for (const label of piece.labels) {
        const kind = KIND_NAMES[node.items.find((item) => item.label === label)?.kind ?? 'fig']
        // An id that is there but on something else (an image inside a line of text is no figure).
        const why = state.bookmarks.anchor(label) ? `{#${label}} is not on a numbered ${kind}${HINTS[kind]}` : `nothing is labelled {#${label}}`
        state.warn(node, `Cross-reference @${label} names no ${kind}: ${why}; it reads ??`, 'crossref-unknown')
      }
      out.push(formattedRun('??', { ...context.run, bold: true }))
    } else {
      const target = piece.target
      const switches = target.kind === 'sec' && target.number !== undefined ? '\\n \\h' : '\\h'
      const result = [new TextRun({ ...runOptions(context.run), text: xmlSafe(piece.text).text })]
      out.push(...complexField(`REF ${registry.bookmark(target.label)} ${switches}`, result))
    }
  }
  return sourceField('CROSSREF', node.value, out)
}
