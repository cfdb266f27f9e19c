/**
 * The page's file shortcuts: Ctrl/⌘+S saves, Ctrl/⌘+Shift+S saves as, Ctrl/⌘+O opens.
 * (Formatting shortcuts belong to the editor: src/editor/extensions.ts.)
 */
import { useEffect } from 'react'
import type { SaveMode } from './use-save-file.js'

export function useFileShortcuts(save: (mode: SaveMode) => Promise<void>, open: () => Promise<void>): void {
  useEffect(() => {
    const keydown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return
      const key = event.key.toLowerCase()
      if (key === 's') {
        event.preventDefault()
        void save(event.shiftKey ? 'save-as' : 'save')
      } else if (key === 'o') {
        event.preventDefault()
        void open()
      }
    }
    window.addEventListener('keydown', keydown)
    return () => window.removeEventListener('keydown', keydown)
  }, [open, save])
}
