/**
 * The node types the pipeline adds to mdast (pandoc Markdown, GFM alerts, CriticMarkup…), and
 * what they carry in `data`. The vocabulary shared by the parser that makes these nodes
 * (src/markdown) and the preview and compiler that read them (src/markdown/preview, src/docx):
 * the compiler depends on this file, never on the parser.
 */
import type { BlockContent, Data, DefinitionContent, Parent, PhrasingContent } from 'mdast'
import type { Node } from 'unist'
import './attributes.js'

// made by src/markdown/syntax/bracketed-spans.ts
export interface BracketedSpan extends Parent {
  type: 'bracketedSpan'
  children: PhrasingContent[]
}

declare module 'mdast' {
  interface PhrasingContentMap {
    bracketedSpan: BracketedSpan
  }
  interface RootContentMap {
    bracketedSpan: BracketedSpan
  }
}

// made by src/markdown/syntax/critic-markup.ts
export interface CriticHighlight extends Parent {
  type: 'criticHighlight'
  children: PhrasingContent[]
}

export interface CriticComment extends Parent {
  type: 'criticComment'
  children: PhrasingContent[]
}

/** Tracked text: `{++inserted++}`, `{--deleted--}`; a substitution `{~~old~>new~~}` is a deletion then an insertion. */
export interface CriticInsertion extends Parent {
  type: 'criticInsertion'
  children: PhrasingContent[]
}

export interface CriticDeletion extends Parent {
  type: 'criticDeletion'
  children: PhrasingContent[]
}

export type ChangeKind = 'insertion' | 'deletion'

/** Whole blocks inside a change that spans paragraphs (`{++` … blank line … `++}`). */
export interface CriticChangeBlock extends Parent {
  type: 'criticChangeBlock'
  change: ChangeKind
  children: Array<BlockContent | DefinitionContent>
}

/** How a change spanning blocks touches a paragraph or heading (critic-spans.ts). */
export interface CriticSpanData {
  /** The block's paragraph mark (its end) is inserted or deleted: accepting or rejecting joins it to the next block. */
  criticMark?: ChangeKind
  /** A change starts (`start`), ends (`end`) or does both in this block: its rendering depends on blocks around it. */
  criticSpan?: 'start' | 'end' | 'both'
  /** A change opener that no closer follows in this container so far: the chunked parser must not cut after it. */
  criticOpen?: boolean
}

declare module 'mdast' {
  interface PhrasingContentMap {
    criticHighlight: CriticHighlight
    criticComment: CriticComment
    criticInsertion: CriticInsertion
    criticDeletion: CriticDeletion
  }
  interface RootContentMap {
    criticHighlight: CriticHighlight
    criticComment: CriticComment
    criticInsertion: CriticInsertion
    criticDeletion: CriticDeletion
    criticChangeBlock: CriticChangeBlock
  }
  interface BlockContentMap {
    criticChangeBlock: CriticChangeBlock
  }
  interface ParagraphData extends CriticSpanData {}
  interface HeadingData extends CriticSpanData {}
}

// made by src/markdown/syntax/fenced-divs.ts
export interface FencedDiv extends Parent {
  type: 'fencedDiv'
  children: BlockContent[]
}

declare module 'mdast' {
  interface RootContentMap {
    fencedDiv: FencedDiv
  }
  interface BlockContentMap {
    fencedDiv: FencedDiv
  }
  interface ParagraphData {
    /** A div's opening fence with no closing fence after it (left as text; see fenced-divs.ts). */
    unclosedDiv?: boolean
  }
  interface Data {
    /** A callout: a quote (`> [!NOTE]`, callouts.ts) or a div (`::: warning`, fenced-divs.ts). */
    callout?: Callout
  }
}

declare module 'mdast-util-math' {
  interface MathData {
    /** A `$$` block with no closing fence, ended at a blank line or heading (math-fences.ts). */
    unclosedFence?: boolean
  }
}

// made by src/markdown/syntax/superscript.ts
export interface Superscript extends Parent {
  type: 'superscript'
  children: PhrasingContent[]
}

export interface Subscript extends Parent {
  type: 'subscript'
  children: PhrasingContent[]
}

declare module 'mdast' {
  interface PhrasingContentMap {
    superscript: Superscript
    subscript: Subscript
  }
  interface RootContentMap {
    superscript: Superscript
    subscript: Subscript
  }
}

// made by src/markdown/syntax/table-caption.ts
export interface TableCaption extends Parent {
  type: 'tableCaption'
  children: PhrasingContent[]
}

declare module 'mdast' {
  interface RootContentMap {
    tableCaption: TableCaption
  }
  interface BlockContentMap {
    tableCaption: TableCaption
  }
}

// made by src/markdown/syntax/callouts.ts
export type CalloutKind = 'note' | 'tip' | 'important' | 'warning' | 'caution'

export interface Callout {
  kind: CalloutKind
  /** The title shown above the content: the author's (`> [!tip] Try this`), else the kind's name. */
  title: string
  /** The type name as written, lower-cased (`faq`, `note`…). */
  type: string
}

declare module 'mdast' {
  interface BlockquoteData {
    /** Set when the quote is a callout (see markdown/syntax/callouts.ts). */
    callout?: Callout
  }
}

// made by src/markdown/syntax/page-breaks.ts
export interface PageBreak extends Node {
  type: 'pageBreak'
}

declare module 'mdast' {
  interface RootContentMap {
    pageBreak: PageBreak
  }
  interface BlockContentMap {
    pageBreak: PageBreak
  }
}

// made by src/markdown/syntax/cross-references.ts (pandoc-crossref's `@fig:x`, `[@fig:x; @tbl:y]`)
/** The kinds of label pandoc-crossref numbers, by their prefix. */
export type CrossReferencePrefix = 'fig' | 'tbl' | 'eq' | 'lst' | 'sec'

/** One `@label` of a cross-reference. */
export interface CrossReferenceItem {
  /** The label referred to, its prefix lower-cased (`@Fig:plot` → `fig:plot`). */
  label: string
  kind: CrossReferencePrefix
  /** `@Fig:x`: the prefix word capitalised ("Fig. 1"). */
  capitalized: boolean
  /** `[-@fig:x]`: the number alone. */
  suppressed: boolean
  /** `[Figure @fig:x]`: the author's own word in place of the prefix. */
  prefix?: string
  /** `[@fig:x a]`: text after the number. */
  suffix?: string
}

/** A cross-reference (its text as written in `value`, so the tree's plain text is unchanged); numbered from the whole tree (mdast/cross-references.ts). */
export interface CrossReference extends Node {
  type: 'crossReference'
  value: string
  items: CrossReferenceItem[]
}

// made by src/markdown/syntax/citations.ts (the syntax), formatted by src/citations (citeproc)
/** One cited work in a citation: `see @doe99, p. 33` in `[see @doe99, p. 33; @roe04]`. */
export interface CitationItem {
  /** The citation key, without `@` and braces. */
  key: string
  /** Text before the key in its item (`see`), plain. */
  prefix: string
  /** Text after the key (and its locator) in its item, plain. */
  suffix: string
  /** A locator (`33`, `33-35`, `iv, vi-xi`) read from the start of the suffix, with its CSL label. */
  locator?: string
  label?: string
  /** `-@doe99`: the author left out (pandoc's SuppressAuthor). */
  suppressAuthor?: boolean
  /** The prefix with its markup (`[see *this* @a]`: emphasis, strong), when it has any; `prefix` is its text. */
  prefixContent?: PhrasingContent[]
  /** The suffix with its markup, when it has any; `suffix` is its text. */
  suffixContent?: PhrasingContent[]
}

/**
 * A citation as pandoc writes it: `[@doe99, p. 33]`, `[see @a; @b]`, `[-@doe99]` (normal), or
 * `@doe99` / `@doe99 [p. 33]` in the text (author-in-text). Its children are the text as
 * written, shown as long as nothing formats it (no bibliography); a formatter puts its
 * formatted form in `data.formatted`, which the preview and the compiler show instead.
 */
export interface Citation extends Parent {
  type: 'citation'
  children: PhrasingContent[]
  data: CitationData
}

export interface CitationData extends Data {
  mode: 'normal' | 'author-in-text'
  items: CitationItem[]
  /** Set by the formatter: what to show (runs as mdast phrasing: emphasis, strong, links…). */
  formatted?: PhrasingContent[]
  /** Set by the formatter for note styles (CSL class="note"): the citation is a footnote with this content; `formatted` then holds what stays in the text (an author for author-in-text, else nothing). */
  note?: PhrasingContent[]
}

/** The reference list a formatter makes: one entry per cited work, in the style's order. */
export interface Bibliography extends Parent {
  type: 'bibliography'
  children: BibliographyEntry[]
  data: BibliographyData
}

export interface BibliographyData extends Data {
  /** The CSL style asks for a hanging indent (APA, Chicago). */
  hangingIndent: boolean
  /** A key of the formatted content, so a renderer that caches by source knows it changed. */
  signature: string
}

/** One entry of the reference list; `data.attributes.id` is its bookmark (`ref-<key>`, as pandoc). */
export interface BibliographyEntry extends Parent {
  type: 'bibliographyEntry'
  children: PhrasingContent[]
}

declare module 'mdast' {
  interface PhrasingContentMap {
    crossReference: CrossReference
    citation: Citation
  }
  interface RootContentMap {
    crossReference: CrossReference
    citation: Citation
    bibliography: Bibliography
    bibliographyEntry: BibliographyEntry
  }
  interface BlockContentMap {
    bibliography: Bibliography
  }
  interface RootData {
    /** Set once src/citations formatted the tree's citations (they are not formatted again). */
    citationsResolved?: boolean
  }
  interface HeadingData {
    /** The reference list's heading, made by src/citations (not written by the author): marked in Word as the list's entries are. */
    referenceHeading?: boolean
  }
}
