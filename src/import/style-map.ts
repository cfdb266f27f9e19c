/**
 * How mammoth names Word's styles in HTML: pandoc's and markdocx's style names (which Word's
 * own share: Heading 1…, Title, Quote, Caption…) to the elements the HTML pass reads, with a
 * class where HTML has no element (a title, a caption, a callout). mammoth's own default map is
 * off: it would make lists, which the importer builds itself from the pre-pass's list facts.
 *
 * `resolveStyles` (mammoth's documented transformDocument hook) gives a paragraph or run whose
 * style the map does not name the name of its nearest known parent style (a "My Heading" based
 * on Heading 2 is a heading), a style with an outline level a heading, and a run in a monospace
 * font the inline-code style.
 */
import { styleChain, type WordStyle } from './word-styles.js'

const CALLOUTS = ['Note', 'Tip', 'Important', 'Warning', 'Caution']

export const STYLE_MAP: readonly string[] = [
  ...[1, 2, 3, 4, 5, 6].map((level) => `p[style-name='Heading ${level}'] => h${level}:fresh`),
  "p[style-name='Title'] => p.md-title:fresh",
  "p[style-name='Subtitle'] => p.md-subtitle:fresh",
  "p[style-name='Author'] => p.md-author:fresh",
  "p[style-name='Date'] => p.md-date:fresh",
  "p[style-name='Abstract Title'] => p.md-abstract-title:fresh",
  "p[style-name='Abstract'] => p.md-abstract:fresh",
  // pandoc and markdocx write a code block as one paragraph (its lines broken by w:br); Word's
  // users write one paragraph a line, in HTML Preformatted: those are joined.
  "p[style-name='Source Code'] => pre:fresh",
  "p[style-name='HTML Preformatted'] => pre:separator('\\n')",
  // LibreOffice's names.
  "p[style-name='Preformatted Text'] => pre:separator('\\n')",
  "p[style-name='Quotations'] => blockquote > p:fresh",
  // markdocx's first paragraph of a quote right after another (src/docx/handlers/blockquote.ts).
  "p[style-name='Block Text First'] => blockquote:fresh > p:fresh",
  "p[style-name='Block Text'] => blockquote > p:fresh",
  "p[style-name='Quote'] => blockquote > p:fresh",
  "p[style-name='Intense Quote'] => blockquote > p:fresh",
  ...CALLOUTS.flatMap((kind) => [
    // A title starts a callout: two callouts of one kind in a row stay two.
    `p[style-name='Callout ${kind} Title'] => blockquote.md-callout-${kind.toLowerCase()}:fresh > p.md-callout-title:fresh`,
    `p[style-name='Callout ${kind}'] => blockquote.md-callout-${kind.toLowerCase()} > p:fresh`,
  ]),
  "p[style-name='Image Caption'] => p.md-image-caption:fresh",
  "p[style-name='Table Caption'] => p.md-table-caption:fresh",
  "p[style-name='Caption'] => p.md-caption:fresh",
  "p[style-name='Definition Term'] => dl > dt:fresh",
  "p[style-name='Definition'] => dl > dd > p:fresh",
  "p[style-name='TOC Heading'] => !",
  "p[style-name^='toc '] => !",
  "p[style-name='Horizontal Rule'] => p:fresh",
  "r[style-name='Verbatim Char'] => code",
  "r[style-name='HTML Code'] => code",
  "r[style-name='Source Text'] => code",
  "r[style-name='Teletype'] => code",
  "r[style-name='Keyboard'] => kbd",
  "r[style-name='HTML Keyboard'] => kbd",
  "r[style-name='Strong'] => strong",
  "r[style-name='Emphasis'] => em",
  "r[style-name='Hyperlink'] =>",
  "r[style-name='Footnote Reference'] =>",
  "r[style-name='Endnote Reference'] =>",
  "r[style-name='Footnote anchor'] =>",
  "r[style-name='Endnote anchor'] =>",
  'u => span.md-underline',
  'small-caps => span.md-smallcaps',
  'highlight => mark',
  'strike => s',
  'comment-reference => sup',
]

/** The style names the map knows, lower-cased. */
const KNOWN = new Set(STYLE_MAP.map((line) => /style-name\^?='([^']+)'/.exec(line)?.[1]?.toLowerCase()).filter((name): name is string => name !== undefined))

const MONOSPACE = /^(consolas|courier( new)?|menlo|monaco|lucida (console|sans typewriter)|source code pro|dejavu sans mono|liberation mono|fira (code|mono)|cascadia (code|mono)|jetbrains mono|roboto mono|inconsolata|sf mono|ubuntu mono|andale mono|noto mono|noto sans mono|ibm plex mono|hack|courier prime)$/i

/** The parts of mammoth's document elements the hook reads and sets. */
interface MammothElement {
  type: string
  styleId?: string | null
  styleName?: string | null
  font?: string | null
  children?: MammothElement[]
  /** A note's or comment's paragraphs. */
  body?: MammothElement[]
  /** The document's notes (mammoth keeps them by key in `_notes`) and comments. */
  notes?: { _notes?: Record<string, MammothElement> }
  comments?: MammothElement[]
}

/** mammoth's transformDocument: resolves styles as the file's comment says (in place, iteratively). */
export function resolveStyles(styles: Map<string, WordStyle>, own: ReadonlySet<string> = new Set()): (document: unknown) => unknown {
  return (document) => {
    const root = document as MammothElement
    // Notes and comments are not the document's children: their bodies are walked too.
    const stack: MammothElement[] = [root, ...Object.values(root.notes?._notes ?? {}), ...(root.comments ?? [])]
    let codeParagraph = false
    while (stack.length > 0) {
      const element = stack.pop()!
      // A style the document's own map lines name (custom-styles.ts) keeps its name.
      const mapped = own.has(element.styleName?.toLowerCase() ?? '')
      if (element.type === 'paragraph') {
        if (!mapped) resolve(element, styles)
        codeParagraph = element.styleName?.toLowerCase() === 'source code'
      } else if (element.type === 'run') {
        resolve(element, styles)
        // Text in a monospace font is code, unless it already is (a code block's runs).
        if (!codeParagraph && !known(element.styleName) && element.font && MONOSPACE.test(element.font.trim())) element.styleName = 'Verbatim Char'
      }
      const children = element.children ?? element.body
      if (children) for (let index = children.length - 1; index >= 0; index--) stack.push(children[index]!)
    }
    return document
  }
}

/** Whether the map names the style (any case). */
export function known(name: string | null | undefined): boolean {
  return name !== null && name !== undefined && KNOWN.has(name.toLowerCase())
}

function resolve(element: MammothElement, styles: Map<string, WordStyle>): void {
  if (known(element.styleName) || element.styleId === null || element.styleId === undefined) return
  const chain = styleChain(styles, element.styleId)
  const ancestor = chain.find((style) => known(style.name))
  if (ancestor) {
    element.styleName = ancestor.name
    return
  }
  const outline = chain.find((style) => style.outlineLevel !== undefined)?.outlineLevel
  if (element.type === 'paragraph' && outline !== undefined && outline <= 5) element.styleName = `Heading ${outline + 1}`
}
