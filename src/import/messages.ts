/**
 * What the importer reports: the shape of the compiler's messages (src/markdown/messages.ts)
 * without a line and column — a .docx has none — so the CLI and the app show both alike.
 */

export type ImportSeverity = 'error' | 'warning' | 'info'

export interface ImportMessage {
  reason: string
  /** Stable id of the rule, e.g. `import-not-docx` (listed in the README). */
  ruleId: string
  severity: ImportSeverity
}

/** Collects messages, each (rule, reason) once: a document with 500 EMF pictures says so once, with the count. */
export class MessageLog {
  private readonly entries = new Map<string, ImportMessage & { count: number }>()

  add(ruleId: string, reason: string, severity: ImportSeverity = 'warning'): void {
    const key = `${ruleId}\u0000${reason}`
    const entry = this.entries.get(key)
    if (entry) entry.count++
    else this.entries.set(key, { ruleId, reason, severity, count: 1 })
  }

  list(): ImportMessage[] {
    return [...this.entries.values()].map(({ count, ...message }) => ({ ...message, reason: count > 1 ? `${message.reason} (${count} times)` : message.reason }))
  }
}
