/**
 * The command palette and the shortcut sheet: which of them is open. A command chosen in the
 * palette runs once the palette has closed and given the focus back, so a command that moves
 * the focus (to the editor) or opens another dialog finds the page as it was.
 */
import { useCallback, useEffect, useRef, useState } from 'react'

export type Overlay = 'palette' | 'shortcuts'

export interface CommandPaletteState {
  open: Overlay | null
  openPalette: () => void
  openShortcuts: () => void
  close: () => void
  /** Closes the palette, then runs `run`. */
  runAfterClose: (run: () => void) => void
}

export function useCommandPalette(): CommandPaletteState {
  const [open, setOpen] = useState<Overlay | null>(null)
  const pending = useRef<(() => void) | null>(null)
  const openPalette = useCallback(() => setOpen('palette'), [])
  const openShortcuts = useCallback(() => setOpen('shortcuts'), [])
  const close = useCallback(() => setOpen(null), [])
  const runAfterClose = useCallback((run: () => void) => {
    pending.current = run
    setOpen(null)
  }, [])
  // After the dialog's own clean-up (a layout effect) has closed it and put the focus back.
  useEffect(() => {
    if (open !== null || !pending.current) return
    const run = pending.current
    pending.current = null
    run()
  }, [open])
  return { open, openPalette, openShortcuts, close, runAfterClose }
}
