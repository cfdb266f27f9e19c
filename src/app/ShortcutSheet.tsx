/**
 * The shortcut sheet (Ctrl+/ or ?): every command that has keys, by group, from the same
 * registry as the palette and the key bindings; then the editor's own keys.
 */
import { COMMAND_GROUPS, type AppCommand } from './commands.js'
import { isMac, readableShortcut } from './keys.js'
import { ModalDialog } from './ModalDialog.js'

export interface ShortcutSheetProps {
  commands: readonly AppCommand[]
  onClose: () => void
}

/** The editor's keys that are no command of the app (CodeMirror's). */
const EDITOR_KEYS: readonly [string, string][] = [
  ['Undo', 'Mod-z'],
  ['Redo', isMac ? 'Mod-Shift-z' : 'Mod-y'],
  ['Find', 'Mod-f'],
  ['Find next', 'Mod-g'],
  ['Heading 1 … 6', 'Mod-Alt-1'],
  ['Body text (no heading)', 'Mod-Alt-0'],
  ['Indent a list item', 'Tab'],
  ['Leave the editor: Escape, then Tab', 'Escape'],
  ['Tab moves the focus, not indents (on / off)', isMac ? 'Shift-Alt-m' : 'Ctrl-m'],
]

function Keys({ keys }: { keys: readonly string[] }) {
  return (
    <>
      {keys.map((key, i) => (
        <span key={key}>
          {i > 0 && <span className="muted"> or </span>}
          <kbd>{readableShortcut(key)}</kbd>
        </span>
      ))}
    </>
  )
}

export function ShortcutSheet({ commands, onClose }: ShortcutSheetProps) {
  const withKeys = commands.filter((command) => command.keys && command.keys.length > 0)
  return (
    <ModalDialog labelledBy="shortcuts-title" className="shortcut-sheet" onClose={onClose} testId="shortcut-sheet">
      <div className="sheet-head">
        <h2 id="shortcuts-title">Keyboard shortcuts</h2>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
      <div className="sheet-groups">
        {COMMAND_GROUPS.map((group) => {
          const listed = withKeys.filter((command) => command.group === group)
          if (listed.length === 0) return null
          return (
            <section key={group} aria-labelledby={`shortcuts-${group}`}>
              <h3 id={`shortcuts-${group}`}>{group}</h3>
              <dl>
                {listed.map((command) => (
                  <div key={command.id} className="sheet-row" data-command={command.id}>
                    <dt>{command.label}</dt>
                    <dd>
                      <Keys keys={command.keys!} />
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          )
        })}
        <section aria-labelledby="shortcuts-editor">
          <h3 id="shortcuts-editor">In the editor</h3>
          <dl>
            {EDITOR_KEYS.map(([label, key]) => (
              <div key={label} className="sheet-row">
                <dt>{label}</dt>
                <dd>
                  <Keys keys={[key]} />
                </dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
      <p className="muted sheet-foot">
        Every command, with or without keys, is in the command palette: <kbd>{readableShortcut('Mod-Shift-p')}</kbd>.
      </p>
    </ModalDialog>
  )
}
