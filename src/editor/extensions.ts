/**
 * The editor's extensions, built once per editor (`editorExtensions`): @uiw/react-codemirror
 * reconfigures the editor whenever the `extensions` array changes identity, so they must never
 * be rebuilt per render.
 */
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language'
import { lintGutter } from '@codemirror/lint'
import { Prec, type Extension } from '@codemirror/state'
import { EditorView, keymap } from '@codemirror/view'
import { tags } from '@lezer/highlight'
import type { BasicSetupOptions } from '@uiw/react-codemirror'
import { markdownForSize, type DocumentSize } from './code-languages.js'
import { cycleHeading, insertLink, insertTable, setHeading, toggleBold, toggleCode, toggleItalic, toggleList, toggleQuote, toggleStrikethrough } from './commands.js'
import { endListOnEmptyItem } from './end-list.js'
import { largePaste } from './large-paste.js'
import { longLineFolds } from './long-lines.js'
import { textInsert } from './text-insert.js'
import { markRuns } from './mark-runs.js'
import { safeMouseSelection } from './safe-mouse.js'
import { specialChars } from './special-chars.js'

/** Shortcuts, shown in the toolbar's tooltips and `aria-keyshortcuts`. */
export const SHORTCUTS = {
  bold: 'Mod-b',
  italic: 'Mod-i',
  strike: 'Mod-Shift-x',
  heading: 'Mod-Alt-h',
  link: 'Mod-k',
  code: 'Mod-e',
  quote: 'Mod-Shift-.',
  bullet: 'Mod-Shift-8',
  ordered: 'Mod-Shift-7',
  task: 'Mod-Shift-9',
  table: 'Mod-Alt-t',
} as const

const formattingKeymap = keymap.of([
  { key: SHORTCUTS.bold, run: toggleBold },
  { key: SHORTCUTS.italic, run: toggleItalic },
  { key: SHORTCUTS.strike, run: toggleStrikethrough },
  { key: SHORTCUTS.heading, run: cycleHeading },
  ...[1, 2, 3, 4, 5, 6].map((level) => ({ key: `Mod-Alt-${level}`, run: setHeading(level) })),
  { key: 'Mod-Alt-0', run: setHeading(0) },
  { key: SHORTCUTS.link, run: insertLink },
  { key: SHORTCUTS.code, run: toggleCode },
  { key: SHORTCUTS.quote, run: toggleQuote },
  { key: SHORTCUTS.bullet, run: toggleList('bullet') },
  { key: SHORTCUTS.ordered, run: toggleList('ordered') },
  { key: SHORTCUTS.task, run: toggleList('task') },
  { key: SHORTCUTS.table, run: insertTable },
])

/** Basic setup without what a prose editor does not want (autocompletion of words, bracket closing of quotes). */
export const BASIC_SETUP: BasicSetupOptions = {
  lineNumbers: true,
  foldGutter: true,
  highlightActiveLine: true,
  highlightActiveLineGutter: true,
  history: true,
  searchKeymap: true,
  highlightSelectionMatches: true,
  autocompletion: false,
  closeBrackets: false,
  // special-chars.ts draws them, at most a few hundred a line (a pasted million NUL froze the page).
  highlightSpecialChars: false,
  bracketMatching: true,
  lintKeymap: true,
  tabSize: 4,
}

const editorTheme = EditorView.theme({
  '&': { height: '100%', fontSize: '14px' },
  '.cm-scroller': { fontFamily: 'ui-monospace, "Cascadia Mono", "DejaVu Sans Mono", Menlo, Consolas, monospace', lineHeight: '1.55' },
  '.cm-content': { paddingBottom: '40vh' },
})

/**
 * The dark theme (One Dark) draws headings and front-matter keys in a red, and Markdown's marks,
 * links and comments in a grey, that read at 4.4:1 and 3.9:1 on its background (less on the
 * active line); WCAG AA (and axe) want 4.5:1. Lighter shades of the same hues, for dark themes
 * only, ahead of the theme's own style.
 */
const darkContrast = Prec.highest(
  syntaxHighlighting(
    HighlightStyle.define(
      [
        { tag: [tags.name, tags.deleted, tags.character, tags.propertyName, tags.macroName, tags.heading], color: '#e88a91' },
        { tag: [tags.meta, tags.comment, tags.link], color: '#9aa3b5' },
        { tag: [tags.keyword, tags.moduleKeyword, tags.controlKeyword, tags.operatorKeyword], color: '#d08ee4' },
      ],
      { themeType: 'dark' },
    ),
  ),
)

/** Everything but the Markdown language itself (code-languages.ts chooses it by document size). */
const COMMON: Extension[] = [
  EditorView.lineWrapping,
  // tabindex: the text is the scroller's keyboard access (axe's scrollable-region-focusable does not count contenteditable).
  EditorView.contentAttributes.of({ 'aria-label': 'Markdown source', spellcheck: 'true', autocorrect: 'off', autocapitalize: 'off', tabindex: '0' }),
  lintGutter(),
  Prec.high(formattingKeymap),
  // Before lang-markdown's Enter (Prec.high): ends a list with a blank line (end-list.ts).
  Prec.highest(keymap.of([{ key: 'Enter', run: endListOnEmptyItem }])),
  editorTheme,
  darkContrast,
  safeMouseSelection,
  // Runs of hundreds of combining marks on one letter are one cluster the browser lays out whole (mark-runs.ts).
  markRuns,
  // A line of tens of thousands of characters is drawn folded in its middle (long-lines.ts).
  longLineFolds,
  // A paste of hundreds of thousands of lines goes in a piece a task (large-paste.ts).
  largePaste,
  // A multi-line text put in whole but not pasted (an input method, a tool) goes in as one change (text-insert.ts).
  textInsert,
  specialChars,
]

/**
 * The editor's extensions for a document that opens at `initial` size: Markdown with GFM
 * (tables, task lists, strikethrough, autolinks) and the languages of fenced code loaded on
 * demand (not above NESTED_CODE_LIMIT characters; a huge document is plain text); Enter continues lists and quotes, Backspace
 * removes their markup. YAML front matter is highlighted as YAML (on its own, Markdown reads its
 * closing `---` as a setext underline and shows the metadata as a heading), as a Markdown block
 * (front-matter.ts); the parse guard keeps hostile input from freezing or crashing the
 * highlighter (parse-guard.ts). Build it once per editor: @uiw/react-codemirror reconfigures the
 * editor whenever the array changes identity.
 */
export function editorExtensions(initial: DocumentSize): Extension[] {
  return [markdownForSize(initial), ...COMMON]
}

/** The extensions for a small document (tests, and anything that starts empty). */
export const EDITOR_EXTENSIONS: Extension[] = editorExtensions({ length: 0, lines: 1 })
