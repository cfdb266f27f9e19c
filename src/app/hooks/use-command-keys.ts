/**
 * The page's key bindings, from the command registry: each command's keys run it, wherever
 * the focus is (the editor included: listened to before it, so `Mod-/` opens the shortcut
 * sheet rather than commenting a line). Not while a dialog is open (it has the keyboard), and
 * a bare character such as `?` only where it is not being typed as text. The formatting keys
 * belong to the editor (src/editor/extensions.ts) and are not bound again here.
 */
import { useEffect, useRef } from 'react'
import type { AppCommand } from '../commands.js'
import { matchesKey } from '../keys.js'

/** Where a keystroke is text: fields, and the editor (contenteditable). */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'range', 'color'].includes(target.type)
}

export function useCommandKeys(commands: readonly AppCommand[]): void {
  const latest = useRef(commands)
  latest.current = commands
  useEffect(() => {
    const keydown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return
      if (document.querySelector('dialog[open]')) return
      const typing = isTyping(event.target)
      for (const command of latest.current) {
        if (command.inEditor || command.disabled || !command.keys) continue
        const bound = command.keys.find((key) => matchesKey(event, key) && !(typing && key.length === 1))
        if (!bound) continue
        event.preventDefault()
        event.stopPropagation()
        command.run()
        return
      }
    }
    window.addEventListener('keydown', keydown, true)
    return () => window.removeEventListener('keydown', keydown, true)
  }, [])
}
