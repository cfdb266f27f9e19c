/**
 * Key bindings written as CodeMirror writes them (`Mod-Shift-p`: Mod is Ctrl, or ⌘ on a Mac):
 * matched against key events, and shown as people and screen readers read them.
 */

export const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform)

interface Binding {
  ctrl: boolean
  meta: boolean
  alt: boolean
  shift: boolean
  key: string
}

function parse(binding: string): Binding {
  // The last part is the key; `Mod--` would be the minus key.
  const parts = binding.split(/-(?!$)/)
  const key = parts.pop() ?? ''
  const has = (name: string) => parts.includes(name)
  return {
    ctrl: has('Ctrl') || (has('Mod') && !isMac),
    meta: has('Meta') || has('Cmd') || (has('Mod') && isMac),
    alt: has('Alt'),
    shift: has('Shift'),
    key: key.length === 1 ? key.toLowerCase() : key,
  }
}

/** The key an event names: on a Mac, Option turns letters into other characters, so the physical key counts there. */
function eventKey(event: KeyboardEvent): string {
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key
  if (isMac && event.altKey && /^Key[A-Z]$/.test(event.code)) return event.code.slice(3).toLowerCase()
  return key
}

/** Whether `event` is the keystroke `binding` names. Shift is not compared for punctuation (`?` is Shift-/ on one layout, not on another). */
export function matchesKey(event: KeyboardEvent, binding: string): boolean {
  const wanted = parse(binding)
  if (event.ctrlKey !== wanted.ctrl || event.metaKey !== wanted.meta || event.altKey !== wanted.alt) return false
  const key = eventKey(event)
  if (key !== wanted.key) return false
  const punctuation = wanted.key.length === 1 && !/[a-z0-9]/.test(wanted.key)
  return punctuation || event.shiftKey === wanted.shift
}

/** `Mod-Shift-8` → `Control+Shift+8` (or `Meta+Shift+8` on a Mac), the form `aria-keyshortcuts` wants. */
export function ariaShortcut(binding: string): string {
  return binding
    .split(/-(?!$)/)
    .map((part) => (part === 'Mod' ? (isMac ? 'Meta' : 'Control') : part === 'Ctrl' ? 'Control' : part.length === 1 ? part.toUpperCase() : part))
    .join('+')
}

/** `Mod-Shift-8` → `Ctrl+Shift+8` (`⌘+Shift+8` on a Mac), for tooltips, the palette and the shortcut sheet. */
export function readableShortcut(binding: string): string {
  return ariaShortcut(binding).replace('Control', 'Ctrl').replace('Meta', '⌘')
}
