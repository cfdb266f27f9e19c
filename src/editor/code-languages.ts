/**
 * The Markdown language in the editor, with or without parsing fenced code and raw HTML by
 * their own languages, chosen by the document's size.
 *
 * Why: CodeMirror parses a document from its start up to 100 000 characters past the viewport
 * in the background, and each fenced block with a known language, and every HTML block and tag,
 * is parsed again by that language's own (LR) parser. Measured in Chromium on 1 MiB of README
 * text (a third of it HTML) with the cursor in the middle: for ten seconds after opening, the
 * main thread was nearly always busy with that parse, so keystrokes waited behind it (preview
 * p95 164 ms, 24 tasks over 50 ms while typing; 62 ms and 3 once it had finished). Above
 * NESTED_CODE_LIMIT characters, fenced code and HTML are shown without their own token colours
 * — in the editor only; the preview and the export are unchanged.
 */
import { markdown, markdownLanguage } from '@codemirror/lang-markdown'
import { languages } from '@codemirror/language-data'
import { LanguageSupport, StreamLanguage } from '@codemirror/language'
import { Compartment, EditorState, type Extension } from '@codemirror/state'
import { frontMatter } from './front-matter.js'
import { parseGuard } from './parse-guard.js'

/** Documents longer than this (in characters) do not parse fenced code by its language. */
export const NESTED_CODE_LIMIT = 300_000
/** Back to full highlighting only below this, so editing around the limit does not flip it. */
const NESTED_CODE_AGAIN = 250_000

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
const withoutCode = markdown({ base: markdownLanguage, addKeymap: true, extensions: [parseGuard, frontMatter], htmlTagLanguage: plainHtml, completeHTMLTags: false })

/** The Markdown language for a document that starts with `initialLength` characters, switching as it grows or shrinks. */
export function markdownForSize(initialLength: number): Extension {
  const language = new Compartment()
  return [
    language.of(initialLength > NESTED_CODE_LIMIT ? withoutCode : withCode),
    EditorState.transactionExtender.of((transaction) => {
      if (!transaction.docChanged) return null
      const length = transaction.newDoc.length
      const current = language.get(transaction.startState)
      if (current === withCode && length > NESTED_CODE_LIMIT) return { effects: language.reconfigure(withoutCode) }
      if (current === withoutCode && length < NESTED_CODE_AGAIN) return { effects: language.reconfigure(withCode) }
      return null
    }),
  ]
}
