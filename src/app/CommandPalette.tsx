/**
 * The command palette (Ctrl+Shift+P, F1): every command of the registry with its shortcut,
 * found by typing words of its name; ↑/↓ (Home/End, Page Up/Down) choose, Enter runs, Escape
 * closes. A combobox over a listbox: the focus stays in the search field and the chosen option
 * is its active descendant, so screen readers read each one as it is reached.
 */
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { searchCommands, type AppCommand } from './commands.js'
import { readableShortcut } from './keys.js'
import { ModalDialog } from './ModalDialog.js'

export interface CommandPaletteProps {
  commands: readonly AppCommand[]
  onRun: (command: AppCommand) => void
  onClose: () => void
}

const PAGE = 8

export function CommandPalette({ commands, onRun, onClose }: CommandPaletteProps) {
  const [query, setQuery] = useState('')
  const [active, setActive] = useState(0)
  const input = useRef<HTMLInputElement>(null)
  const list = useRef<HTMLUListElement>(null)
  const id = useId()
  const found = useMemo(() => searchCommands(commands, query).filter((command) => !command.disabled), [commands, query])
  const current = Math.min(active, found.length - 1)

  const move = (to: number) => {
    const next = Math.max(0, Math.min(found.length - 1, to))
    setActive(next)
    list.current?.querySelector(`[data-index="${next}"]`)?.scrollIntoView({ block: 'nearest' })
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const moves: Record<string, number> = { ArrowDown: current + 1, ArrowUp: current - 1, PageDown: current + PAGE, PageUp: current - PAGE }
    if (event.key in moves) {
      event.preventDefault()
      move(moves[event.key]!)
    } else if ((event.key === 'Home' || event.key === 'End') && event.ctrlKey) {
      event.preventDefault()
      move(event.key === 'Home' ? 0 : found.length - 1)
    } else if (event.key === 'Enter') {
      event.preventDefault()
      const command = found[current]
      if (command) onRun(command)
    }
  }

  const optionId = (index: number) => `${id}-option-${index}`
  return (
    <ModalDialog labelledBy={`${id}-title`} className="palette" onClose={onClose} initialFocus={input} testId="command-palette">
      <h2 id={`${id}-title`} className="visually-hidden">
        Command palette
      </h2>
      <input
        ref={input}
        className="palette-input"
        type="text"
        role="combobox"
        aria-label="Search commands"
        aria-expanded="true"
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={current >= 0 ? optionId(current) : undefined}
        placeholder="Type a command…"
        autoComplete="off"
        spellCheck={false}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value)
          setActive(0)
        }}
        onKeyDown={onKeyDown}
      />
      <ul ref={list} id={`${id}-list`} className="palette-list" role="listbox" aria-label="Commands">
        {found.map((command, index) => (
          <li
            key={command.id}
            id={optionId(index)}
            data-index={index}
            data-command={command.id}
            role="option"
            aria-selected={index === current}
            className={index === current ? 'active' : undefined}
            onMouseMove={() => index !== current && setActive(index)}
            onClick={() => onRun(command)}
          >
            <span className="palette-group">{command.group}</span>
            <span className="palette-label">
              {command.label}
              {command.checked !== undefined && <span className="palette-state">{command.checked ? ' (on)' : ''}</span>}
            </span>
            {command.keys?.[0] && <kbd className="palette-keys">{readableShortcut(command.keys[0])}</kbd>}
          </li>
        ))}
      </ul>
      {found.length === 0 && <p className="palette-empty muted">No command matches “{query}”.</p>}
      <p className="visually-hidden" aria-live="polite">
        {found.length === 1 ? '1 command' : `${found.length} commands`}
      </p>
    </ModalDialog>
  )
}
