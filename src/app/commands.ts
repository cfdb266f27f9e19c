/**
 * The app's commands: one registry (hooks/use-commands.ts builds it) feeds the command
 * palette, the shortcut sheet, the top bar's "More" menu and the page's key bindings
 * (hooks/use-command-keys.ts), so a command has one label and one set of keys everywhere.
 */

export type CommandGroup = 'File' | 'Document' | 'View' | 'Format' | 'Go to' | 'Help'

/** The order groups are listed in. */
export const COMMAND_GROUPS: readonly CommandGroup[] = ['File', 'Document', 'View', 'Format', 'Go to', 'Help']

export interface AppCommand {
  /** Stable, for tests and React keys. */
  id: string
  label: string
  group: CommandGroup
  /** Key bindings, CodeMirror style (`Mod-Shift-p`); the first is the one shown. */
  keys?: readonly string[]
  /** Keys the editor binds itself (formatting): listed, not bound again by the page. */
  inEditor?: boolean
  /** A switch's state, for a checkable menu item. */
  checked?: boolean
  disabled?: boolean
  /** Listed in the top bar's "More" menu too. */
  inMenu?: boolean
  /** More words it is found by in the palette. */
  keywords?: string
  run: () => void
}

/**
 * The commands matching a palette query: every word of the query starts a word of the label
 * (or of its group and keywords) or appears in it; those whose label starts with the query
 * first, then in registry order.
 */
export function searchCommands(commands: readonly AppCommand[], query: string): AppCommand[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return [...commands]
  const scored: { command: AppCommand; score: number; index: number }[] = []
  commands.forEach((command, index) => {
    const label = command.label.toLowerCase()
    const haystack = `${label} ${command.group.toLowerCase()} ${command.keywords?.toLowerCase() ?? ''}`
    if (!words.every((word) => haystack.includes(word))) return
    const starts = words.every((word) => new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(word)}`, 'u').test(haystack))
    const score = (label.startsWith(words.join(' ')) ? 0 : 2) + (starts ? 0 : 1)
    scored.push({ command, score, index })
  })
  return scored.sort((a, b) => a.score - b.score || a.index - b.index).map((entry) => entry.command)
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
