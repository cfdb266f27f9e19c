/**
 * The Page setup dialog: the shown document's export settings (page size, orientation,
 * margins, font), kept with the document.
 */
import { useCallback, useState, type RefObject } from 'react'
import type { ExportSettings } from '../../model/export-settings.js'
import { updateDocument } from '../../storage/documents.js'
import type { OpenDocument } from '../session.js'

export interface PageSetupOptions {
  current: RefObject<OpenDocument | null>
  setDoc: (doc: OpenDocument) => void
  storageFailed: (error: unknown) => void
}

export interface PageSetupState {
  dialogOpen: boolean
  openDialog: () => void
  closeDialog: () => void
  /** Closes the dialog and keeps the settings. Stable. */
  saveSettings: (settings: ExportSettings) => void
}

export function usePageSetup({ current, setDoc, storageFailed }: PageSetupOptions): PageSetupState {
  const [dialogOpen, setDialogOpen] = useState(false)
  const openDialog = useCallback(() => setDialogOpen(true), [])
  const closeDialog = useCallback(() => setDialogOpen(false), [])
  const saveSettings = useCallback(
    (settings: ExportSettings) => {
      const opened = current.current
      setDialogOpen(false)
      if (!opened) return
      setDoc({ ...opened, exportSettings: settings })
      if (opened.persisted) updateDocument(opened.id, { exportSettings: settings }).catch(storageFailed)
    },
    [current, setDoc, storageFailed],
  )
  return { dialogOpen, openDialog, closeDialog, saveSettings }
}
