/**
 * Context: what a subtree inherits from where it stands — run formatting, paragraph style,
 * indentation, list level, quote depth. Immutable: handlers extend it with a spread for their
 * children, so nothing leaks to siblings. (Document-wide, mutable things live in `State`.)
 */
import type { CalloutKind, ChangeKind } from '../mdast/nodes.js'

/** Formatting applied to every run in a subtree. */
export interface RunFormat {
  readonly bold?: boolean
  readonly italics?: boolean
  readonly strike?: boolean
  readonly superScript?: boolean
  readonly subScript?: boolean
  readonly underline?: boolean
  /** Small capitals (pandoc's `[text]{.smallcaps}`). */
  readonly smallCaps?: boolean
  /** A character style (Hyperlink, Verbatim Char…). */
  readonly style?: string
  /** Highlighted (Word's yellow highlighter), as CriticMarkup `{==…==}` without a comment. */
  readonly highlight?: boolean
  /** Right-to-left text (`w:rtl`): set per run by `state.text` for runs in RTL scripts. */
  readonly rtl?: boolean
  /** A font and size (half-points) written on the run itself — only where a style cannot be trusted (see table-cell-fonts.ts). */
  readonly font?: string
  readonly size?: number
}

/** The list a paragraph is numbered in: a w:num instance of an abstract list kind, and the level. */
export interface NumberingRef {
  readonly reference: string
  readonly instance: number
  readonly level: number
}

export interface TableLayout {
  readonly widths: readonly number[]
  readonly align: ReadonlyArray<'left' | 'center' | 'right' | null | undefined>
}

/** Which package part the content is written into (relationships are per part). */
export type Part = 'document' | 'footnotes'

export interface Context {
  readonly part: Part
  readonly run: RunFormat
  /** Style of plain paragraphs here: Body Text, Block Text in quotes, Compact in tight lists and tables… */
  readonly paragraphStyle?: string
  /** Left edge of block content here, in twips from the margin (quotes and list items push it in). */
  readonly indent: number
  /** Width available to block content (text width minus `indent`, or a table cell's width). */
  readonly width: number
  readonly quoteDepth: number
  /** How many lists enclose this content (0 outside lists). */
  readonly listDepth: number
  /** The list whose items are being compiled (set by the list handler for its items). */
  readonly list?: NumberingRef | undefined
  /** Inside a hyperlink: links cannot nest in Word. */
  readonly inLink?: boolean
  /** Inside a footnote body: footnote references cannot nest in Word. */
  readonly inFootnote?: boolean
  /** Inside `::: {#refs}`: the reference list's first paragraph carries the div's place (source-fields.ts). */
  readonly inReferenceDiv?: boolean
  /** Inside a table cell. */
  readonly inTable?: boolean
  /** The table being compiled: column widths (twips) and alignments. */
  readonly table?: TableLayout
  /** Inside the table's header row. */
  readonly headerRow?: boolean
  /** Index of the table cell being compiled. */
  readonly column?: number
  /** Paragraph alignment (table cells). */
  readonly alignment?: 'left' | 'center' | 'right'
  /** Direction of the paragraph being written: `rtl` makes it a bidi paragraph (see rtl.ts). */
  readonly direction?: 'rtl' | 'ltr'
  /** Inside a callout of this kind: paragraphs in other styles get its box (see callouts.ts). */
  readonly callout?: CalloutKind
  /** On a landscape page already (a `::: landscape` div): nothing inside turns the page again. */
  readonly landscape?: boolean
  /**
   * Inside whole blocks a CriticMarkup change spans (critic-spans.ts): every paragraph written
   * is tracked, its runs and its mark (`both`: inserted, then deleted — a change inside one of the other kind).
   */
  readonly change?: ChangeKind | 'both'
}

export function rootContext(textWidth: number): Context {
  return { part: 'document', run: {}, indent: 0, width: textWidth, quoteDepth: 0, listDepth: 0 }
}
