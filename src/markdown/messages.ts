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

/** Plain-data copies of a file's messages, in the order they were recorded. */
export function messagesOf(file: VFile): Message[] {
  return file.messages.map((m) => {
    const message: Message = {
      reason: m.reason,
      ruleId: m.ruleId ?? 'markdocx',
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
    return message
  })
}

/** `file:line:column: reason [rule]`, the form editors and CI logs understand. */
export function formatMessage(message: Message, fileName: string): string {
  const place = message.line ? `:${message.line}:${message.column ?? 1}` : ''
  return `${fileName}${place}: ${message.severity === 'error' ? 'error: ' : ''}${message.reason} [${message.ruleId}]`
}
