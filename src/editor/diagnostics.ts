/**
 * The compiler's messages as editor diagnostics: a marker in the gutter on each message's
 * source line, the span underlined, the reason in a tooltip.
 */
import { setDiagnostics, type Diagnostic } from '@codemirror/lint'
import type { EditorView } from '@codemirror/view'
import type { Message } from '../markdown/messages.js'

export function toDiagnostics(view: EditorView, messages: readonly Message[]): Diagnostic[] {
  const { doc } = view.state
  const at = (line: number | undefined, column: number | undefined) => {
    if (line === undefined) return 0
    const target = doc.line(Math.min(Math.max(1, line), doc.lines))
    return Math.min(target.to, target.from + Math.max(0, (column ?? 1) - 1))
  }
  return messages
    .filter((message) => message.line !== undefined)
    .map((message) => {
      const from = at(message.line, message.column)
      const to = Math.max(from, message.endLine !== undefined ? at(message.endLine, message.endColumn) : doc.lineAt(from).to)
      return {
        from,
        to,
        severity: message.severity === 'info' ? 'info' : message.severity === 'error' ? 'error' : 'warning',
        message: message.reason,
        source: message.ruleId,
      } satisfies Diagnostic
    })
}

export function showMessages(view: EditorView, messages: readonly Message[]): void {
  view.dispatch(setDiagnostics(view.state, toDiagnostics(view, messages)))
}
