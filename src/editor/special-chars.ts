/**
 * Control and invisible characters (NUL, BOM, bidi controls, line separators…) drawn as red
 * placeholders, as CodeMirror's `highlightSpecialChars` draws them, but at most
 * MAX_SHOWN_PER_LINE in a line's visible part.
 *
 * Why: each placeholder is an element of its own, and CodeMirror draws a long wrapped line
 * 10 000 characters either side of the viewport. A pasted line of a million NUL characters
 * drew some 20 000 placeholders: Chromium's layout of them took tasks of 1.4, 2.0 and 2.6 s;
 * 200 000 repeats of `\u202e\u05d0\u200f\u2066x\u2069` 1.6 s, BOMs and line separators 1 s.
 * Past the cap the characters are left to the browser as text (a NUL draws nothing; bidi
 * controls act as bidi controls) — only in a line that holds hundreds of them in view.
 *
 * The decorations are rebuilt from the visible ranges on every change of the text or the
 * viewport: a scan of the few thousand characters in view (tens of thousands for a huge line),
 * far cheaper than the drawing it bounds. Tabs are left alone, as CodeMirror's default does.
 */
import type { Extension, Range } from '@codemirror/state'
import { Decoration, EditorView, ViewPlugin, WidgetType, type DecorationSet, type ViewUpdate } from '@codemirror/view'

/** Placeholders drawn in one line's visible part; the rest of its special characters are plain text. */
export const MAX_SHOWN_PER_LINE = 256

/** CodeMirror's default set (@codemirror/view `Specials`). */
const SPECIALS = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u00ad\u061c\u200b\u200e\u200f\u2028\u2029\u202d\u202e\u2066\u2067\u2069\ufeff\ufff9-\ufffc]/gu

/** CodeMirror's names for the characters its placeholders' titles name. */
const NAMES: Readonly<Record<number, string>> = {
  0: 'null',
  7: 'bell',
  8: 'backspace',
  10: 'newline',
  11: 'vertical tab',
  13: 'carriage return',
  27: 'escape',
  8203: 'zero width space',
  8204: 'zero width non-joiner',
  8205: 'zero width joiner',
  8206: 'left-to-right mark',
  8207: 'right-to-left mark',
  8232: 'line separator',
  8233: 'paragraph separator',
  8237: 'left-to-right override',
  8238: 'right-to-left override',
  8294: 'left-to-right isolate',
  8295: 'right-to-left isolate',
  8297: 'pop directional isolate',
  65279: 'zero width no-break space',
  65532: 'object replacement',
}

class SpecialChar extends WidgetType {
  constructor(readonly code: number) {
    super()
  }

  override eq(other: SpecialChar): boolean {
    return other.code === this.code
  }

  toDOM(view: EditorView): HTMLElement {
    // Control Pictures for C0 controls (␀ for NUL), a bullet for the rest — CodeMirror's choice.
    const placeholder = this.code < 32 ? String.fromCharCode(0x2400 + this.code) : '\u2022'
    const description = `${view.state.phrase('Control character')} ${NAMES[this.code] ?? `0x${this.code.toString(16)}`}`
    const span = document.createElement('span')
    span.textContent = placeholder
    span.title = description
    span.setAttribute('aria-label', description)
    span.className = 'cm-specialChar'
    return span
  }

  override ignoreEvent(): boolean {
    return false
  }
}

const decorationOf = new Map<number, Decoration>()
function decoration(code: number): Decoration {
  let made = decorationOf.get(code)
  if (!made) decorationOf.set(code, (made = Decoration.replace({ widget: new SpecialChar(code) })))
  return made
}

/** The placeholders for the visible ranges, at most MAX_SHOWN_PER_LINE per line. */
export function specialCharDecorations(view: EditorView): DecorationSet {
  const ranges: Range<Decoration>[] = []
  const doc = view.state.doc
  let lineEnd = -1
  let shown = 0
  for (const { from, to } of view.visibleRanges) {
    const text = doc.sliceString(from, to)
    SPECIALS.lastIndex = 0
    for (let match = SPECIALS.exec(text); match; match = SPECIALS.exec(text)) {
      // The visible text spans lines: its line breaks are no characters of the document's.
      if (match[0] === '\n') continue
      const at = from + match.index
      if (at > lineEnd) {
        lineEnd = doc.lineAt(at).to
        shown = 0
      }
      if (shown >= MAX_SHOWN_PER_LINE) {
        // Nothing more of this line is drawn as a placeholder: on to the next line.
        if (lineEnd + 1 - from >= text.length) break
        SPECIALS.lastIndex = lineEnd + 1 - from
        continue
      }
      shown++
      ranges.push(decoration(match[0].codePointAt(0)!).range(at, at + match[0].length))
    }
  }
  return Decoration.set(ranges)
}

const plugin = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet

    constructor(view: EditorView) {
      this.decorations = specialCharDecorations(view)
    }

    update(update: ViewUpdate): void {
      if (update.docChanged || update.viewportChanged) this.decorations = specialCharDecorations(update.view)
    }
  },
  { decorations: (value) => value.decorations },
)

/** The extension; use it instead of basicSetup's `highlightSpecialChars`. */
export const specialChars: Extension = plugin
