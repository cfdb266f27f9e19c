/**
 * A LibreOffice workaround, kept here alone. LibreOffice (7.x) applies a table style's run
 * properties — resolved down to docDefaults and Normal, so the body font and size — to every
 * run in the table's cells as direct formatting, which beats character styles: inline code
 * in a cell lost its monospace font there (Word resolves styles correctly). Inline code in
 * cells therefore repeats Verbatim Char's font and size on the run. Not done when a reference
 * .docx supplies the styles: its Verbatim Char must win in Word.
 */
import type { RunFormat } from '../context.js'
import type { State } from '../state.js'
import { codeSize } from '../styles/styles.js'

export function codeRunInCell(state: State, run: RunFormat): RunFormat {
  if (state.reference) return run
  return { ...run, font: state.options.codeFont, size: codeSize(state.options) }
}
