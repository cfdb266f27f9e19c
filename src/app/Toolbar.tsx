/**
 * The formatting toolbar: each button runs the same command as its shortcut, has an
 * accessible name, and says its shortcut in its tooltip and `aria-keyshortcuts`.
 */
import type { EditorView } from '@codemirror/view'
import type { ReactNode } from 'react'
import { cycleHeading, insertLink, insertTable, toggleBold, toggleCode, toggleItalic, toggleList, toggleQuote, toggleStrikethrough, type Command } from '../editor/commands.js'
import { SHORTCUTS } from '../editor/extensions.js'
import { ariaShortcut, readableShortcut } from './keys.js'

export interface FormattingAction {
  id: string
  label: string
  icon: ReactNode
  shortcut?: string
  run: Command
}

/** Small line icons (no emoji: not every system has an emoji font). */
const icon = (path: string) => (
  <svg viewBox="0 0 16 16" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    <path d={path} />
  </svg>
)
const LINK_ICON = icon('M6.5 9.5l3-3M7 4.5l1-1a2.5 2.5 0 013.5 3.5l-1 1M9 11.5l-1 1A2.5 2.5 0 014.5 9l1-1')
const IMAGE_ICON = icon('M2.5 3.5h11v9h-11zM2.5 10.5l3-3 3 3 2-2 3 3M10.5 6.5a.5.5 0 100-1 .5.5 0 000 1')
// Drawn, not "1.": a name must contain the text a button shows (axe label-content-name-mismatch).
const ORDERED_ICON = icon('M2.5 3.5h1v3M2.5 6.5h2M2.5 9.5h2l-2 3h2M7 4.5h6.5M7 8h6.5M7 11.5h6.5')

/** The formatting actions, in toolbar order; the command palette and the shortcut sheet list them too. */
export const FORMATTING_ACTIONS: FormattingAction[] = [
  { id: 'bold', label: 'Bold', icon: 'B', shortcut: SHORTCUTS.bold, run: toggleBold },
  { id: 'italic', label: 'Italic', icon: 'I', shortcut: SHORTCUTS.italic, run: toggleItalic },
  { id: 'strike', label: 'Strikethrough', icon: 'S', shortcut: SHORTCUTS.strike, run: toggleStrikethrough },
  { id: 'heading', label: 'Heading', icon: 'H', shortcut: SHORTCUTS.heading, run: cycleHeading },
  { id: 'link', label: 'Link', icon: LINK_ICON, shortcut: SHORTCUTS.link, run: insertLink },
  { id: 'code', label: 'Code', icon: '</>', shortcut: SHORTCUTS.code, run: toggleCode },
  { id: 'quote', label: 'Quote', icon: '❝', shortcut: SHORTCUTS.quote, run: toggleQuote },
  { id: 'bullet', label: 'Bulleted list', icon: '•', shortcut: SHORTCUTS.bullet, run: toggleList('bullet') },
  { id: 'ordered', label: 'Numbered list', icon: ORDERED_ICON, shortcut: SHORTCUTS.ordered, run: toggleList('ordered') },
  { id: 'task', label: 'Task list', icon: '☑', shortcut: SHORTCUTS.task, run: toggleList('task') },
  { id: 'table', label: 'Table', icon: '▦', shortcut: SHORTCUTS.table, run: insertTable },
]

export interface ToolbarProps {
  view: () => EditorView | null
  onImage: () => void
}

export function Toolbar({ view, onImage }: ToolbarProps) {
  return (
    <div className="toolbar" role="toolbar" aria-label="Formatting">
      {FORMATTING_ACTIONS.map((action) => (
        <button
          key={action.id}
          type="button"
          className={`tool tool-${action.id}`}
          aria-label={action.label}
          title={action.shortcut ? `${action.label} (${readableShortcut(action.shortcut)})` : action.label}
          aria-keyshortcuts={action.shortcut ? ariaShortcut(action.shortcut) : undefined}
          // Keep the editor's selection: a mousedown on a button would take the focus.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            const current = view()
            if (current) action.run(current)
          }}
        >
          {typeof action.icon === 'string' ? <span aria-hidden="true">{action.icon}</span> : action.icon}
        </button>
      ))}
      <button type="button" className="tool tool-image" aria-label="Image" title="Image (or paste / drop one into the editor)" onMouseDown={(event) => event.preventDefault()} onClick={onImage}>
        {IMAGE_ICON}
      </button>
    </div>
  )
}
