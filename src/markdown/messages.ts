/**
 * The shape of what markdocx reports about a document: a VFile message reduced to plain data,
 * so it can cross a worker boundary and be printed by the CLI as `file:line:column: reason [rule]`.
 */
import type { VFile } from 'vfile'

export type MessageSeverity = 'error' | 'warning' | 'info'

export interface Message {
  reason: string
  /** Stable id of the rule that produced it, e.g. `image-missing`. */
  ruleId: string
  severity: MessageSeverity
  /** 1-based line and column of the node it is about, when known. */
  line?: number
  column?: number
  endLine?: number
  endColumn?: number
}

/**
 * How many messages of one rule are reported. A hostile document can raise one message per
 * line (100 000 unpaired `{++`): past this many the rest are counted in one closing message,
 * so the problems pane, the worker's post and the CLI's stderr stay small.
 */
export const MAX_MESSAGES_PER_RULE = 100

/** Plain-data copies of a file's messages, in the order they were recorded, at most MAX_MESSAGES_PER_RULE per rule. */
export function messagesOf(file: VFile): Message[] {
  const counts = new Map<string, number>()
  const out: Message[] = []
  for (const m of file.messages) {
    const ruleId = m.ruleId ?? 'markdocx'
    const count = (counts.get(ruleId) ?? 0) + 1
    counts.set(ruleId, count)
    if (count > MAX_MESSAGES_PER_RULE) continue
    const message: Message = {
      reason: m.reason,
      ruleId,
      severity: m.fatal === true ? 'error' : m.fatal === false ? 'warning' : 'info',
    }
    if (m.place) {
      const start = 'start' in m.place ? m.place.start : m.place
      const end = 'end' in m.place ? m.place.end : undefined
      if (start.line) message.line = start.line
      if (start.column) message.column = start.column
      if (end?.line) message.endLine = end.line
      if (end?.column) message.endColumn = end.column
    }
    out.push(message)
  }
  for (const [ruleId, count] of counts) {
    if (count <= MAX_MESSAGES_PER_RULE) continue
    const first = out.find((message) => message.ruleId === ruleId)
    const more = count - MAX_MESSAGES_PER_RULE
    out.push({ reason: `${more.toLocaleString('en')} more message${more === 1 ? '' : 's'} like this one are not listed`, ruleId, severity: first?.severity ?? 'warning' })
  }
  return out
}

/** `file:line:column: reason [rule]`, the form editors and CI logs understand. */
export function formatMessage(message: Message, fileName: string): string {
  const place = message.line ? `:${message.line}:${message.column ?? 1}` : ''
  return `${fileName}${place}: ${message.severity === 'error' ? 'error: ' : ''}${message.reason} [${message.ruleId}]`
}
