/**
 * The Markdown language in the editor, with or without parsing fenced code, raw HTML and front
 * matter by their own languages, chosen by the document's size.
 *
 * Why: CodeMirror parses a document from its start up to 100 000 characters past the viewport
 * in the background, and each fenced block with a known language, and every HTML block and tag,
 * is parsed again by that language's own (LR) parser. Measured in Chromium on 1 MiB of README
 * text (a third of it HTML) with the cursor in the middle: for ten seconds after opening, the
 * main thread was nearly always busy with that parse, so keystrokes waited behind it (preview
 * p95 164 ms, 24 tasks over 50 ms while typing; 62 ms and 3 once it had finished). Above
 * NESTED_CODE_LIMIT characters or NESTED_CODE_LINES lines, fenced code, HTML and front matter
 * are shown without their own token colours — in the editor only; the preview and the export
 * are unchanged.
 */
import { markdown, markdownLanguage } from '@codemirror/lang-markdown'
import { languages } from '@codemirror/language-data'
import { Language, LanguageSupport, StreamLanguage } from '@codemirror/language'
import { MarkdownParser } from '@lezer/markdown'
import { Compartment, EditorState, type Extension } from '@codemirror/state'
import { EditorView, showPanel, type Panel } from '@codemirror/view'
import { frontMatter, frontMatterBlock } from './front-matter.js'
import { finalSize } from './large-paste.js'
import { parseGuard } from './parse-guard.js'

/** Documents longer than this (in characters) do not parse fenced code by its language. */
export const NESTED_CODE_LIMIT = 300_000
/** Back to full highlighting only below this, so editing around the limit does not flip it. */
const NESTED_CODE_AGAIN = 250_000
/** Documents of more lines than this nest no languages either (see `bareMarkdown`); back below NESTED_LINES_AGAIN. */
export const NESTED_CODE_LINES = 10_000
const NESTED_LINES_AGAIN = 8_000

const withCode = markdown({ base: markdownLanguage, codeLanguages: languages, addKeymap: true, extensions: [parseGuard, frontMatter] })
/** HTML as one unstyled run per line: a stream parser that reads nothing (lang-markdown always parses HTML with some language). */
const plainHtml = new LanguageSupport(
  StreamLanguage.define({
    name: 'html-unparsed',
    token(stream) {
      stream.skipToEnd()
      return null
    },
  }),
)
/**
 * Markdown with no language nested in it: no mixed parser at all. Why: lezer's mixed parser
 * walks every node of a freshly parsed tree, in one step, to find where other languages go —
 * 180–280 ms of one task after pasting 20 000 lines of nested lists (Chromium, loaded two-core
 * machine), however little code the text holds. @codemirror/lang-markdown always adds one, so
 * the language is built here from its parser (Language's public constructor, with the data
 * facet the parser's top node already names), keeping markdown()'s other support: the keymap,
 * heading folds, pasting a URL over text as a link.
 */
function bareMarkdown(): LanguageSupport {
  const base = markdownLanguage.parser
  if (!(base instanceof MarkdownParser)) throw new TypeError('@codemirror/lang-markdown: markdownLanguage.parser is not a Markdown parser')
  const support = markdown({ base: markdownLanguage, addKeymap: true, extensions: [parseGuard, frontMatterBlock], htmlTagLanguage: plainHtml, completeHTMLTags: false }).support
  return new LanguageSupport(new Language(markdownLanguage.data, base.configure([parseGuard, frontMatterBlock]), [], 'markdown'), support)
}
const withoutCode = bareMarkdown()

/**
 * Documents with more lines than this, or more characters, are edited as plain text: no
 * Markdown highlighting at all. The highlighter parses a block in one step, and a document this
 * large in one go when it is pasted; measured in Chromium, pasting 100 000 headings held the
 * page 0.8 s balancing the highlighter's tree, 250 000 lines of one paragraph 0.7 s, 16 MB of
 * indented lines 2.3 s (editors commonly do the same: VS Code stops tokenizing large files).
 * A book is some 20 000 lines. The preview and the export are unchanged.
 */
export const PLAIN_LIMIT_LINES = 50_000
export const PLAIN_LIMIT_LENGTH = 4_000_000
/** Back to Markdown only below these, so editing around a limit does not flip it. */
const PLAIN_AGAIN_LINES = 40_000
const PLAIN_AGAIN_LENGTH = 3_000_000

/** A document's size, as the language is chosen by it. */
export interface DocumentSize {
  length: number
  lines: number
}

type Tier = typeof withCode | typeof withoutCode | typeof plain
/** Says in the editor why the colours are gone (a panel under the text, read by screen readers). */
function plainNotice(): Panel {
  const dom = document.createElement('div')
  dom.className = 'cm-plain-notice'
  dom.setAttribute('role', 'status')
  dom.textContent = `Large document: Markdown colours are off in the editor (over ${PLAIN_LIMIT_LINES.toLocaleString('en')} lines or ${PLAIN_LIMIT_LENGTH / 1_000_000} MB). The preview and the export are unchanged.`
  return { dom }
}
const plain: Extension = [showPanel.of(plainNotice), EditorView.baseTheme({ '.cm-plain-notice': { padding: '4px 10px', fontSize: '12px', fontFamily: 'system-ui, sans-serif' } })]

/** The language for a document of `size`, given the one it has (limits are crossed with a margin). */
function tierFor(size: DocumentSize, current: Tier | undefined): Tier {
  const plainNow = current === plain ? size.lines >= PLAIN_AGAIN_LINES || size.length >= PLAIN_AGAIN_LENGTH : size.lines > PLAIN_LIMIT_LINES || size.length > PLAIN_LIMIT_LENGTH
  if (plainNow) return plain
  if (current === withCode || current === undefined || current === plain) return size.length > NESTED_CODE_LIMIT || size.lines > NESTED_CODE_LINES ? withoutCode : withCode
  return size.length < NESTED_CODE_AGAIN && size.lines < NESTED_LINES_AGAIN ? withCode : withoutCode
}

/** The Markdown language for a document that starts at `initial`, switching as it grows or shrinks. */
export function markdownForSize(initial: DocumentSize): Extension {
  const language = new Compartment()
  return [
    language.of(tierFor(initial, undefined)),
    // In the transaction that crosses a limit, so a paste of megabytes is never parsed as Markdown first.
    EditorState.transactionExtender.of((transaction) => {
      if (!transaction.docChanged) return null
      const current = language.get(transaction.startState) as Tier | undefined
      // A paste in pieces (large-paste.ts) is sized whole from its first piece.
      const size = transaction.annotation(finalSize) ?? { length: transaction.newDoc.length, lines: transaction.newDoc.lines }
      const next = tierFor(size, current)
      return next === current ? null : { effects: language.reconfigure(next) }
    }),
  ]
}
