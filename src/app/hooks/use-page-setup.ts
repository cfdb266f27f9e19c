/**
 * The Page setup dialog: the shown document's export settings (page size, orientation,
 * margins, font, document features), kept with the document. On opening it reads what the
 * document's front matter asks for (front-matter-settings.ts, loaded then), so the dialog
 * shows the features the export will have.
 */
import type { EditorView } from '@codemirror/view'
import { useCallback, useRef, useState, type RefObject } from 'react'
import type { ExportSettings } from '../../model/export-settings.js'
import { updateDocument } from '../../storage/documents.js'
import type { FrontMatterFeatures } from '../front-matter-features.js'
import type { OpenDocument } from '../session.js'

export interface PageSetupOptions {
  current: RefObject<OpenDocument | null>
  view: RefObject<EditorView | null>
  setDoc: (doc: OpenDocument) => void
  storageFailed: (error: unknown) => void
}

export interface PageSetupState {
  dialogOpen: boolean
  /** What the front matter asked for when the dialog opened. */
  fromDocument: FrontMatterFeatures | undefined
  /** Opens the dialog once the front matter is read. Stable. */
  openDialog: () => void
  closeDialog: () => void
  /** Closes the dialog and keeps the settings. Stable. */
  saveSettings: (settings: ExportSettings) => void
}

export function usePageSetup({ current, view, setDoc, storageFailed }: PageSetupOptions): PageSetupState {
  const [dialogOpen, setDialogOpen] = useState(false)
  const [fromDocument, setFromDocument] = useState<FrontMatterFeatures | undefined>(undefined)
  const opening = useRef(0)
  const openDialog = useCallback(() => {
    const attempt = ++opening.current
    const show = (features: FrontMatterFeatures | undefined) => {
      if (attempt !== opening.current) return
      setFromDocument(features)
      setDialogOpen(true)
    }
    import('../front-matter-settings.js').then(
      ({ frontMatterFeatures, FRONT_MATTER_LIMIT }) => show(frontMatterFeatures(view.current?.state.sliceDoc(0, FRONT_MATTER_LIMIT) ?? '')),
      // Without the reader (a failed chunk load offline), the dialog still opens, with the settings alone.
      () => show(undefined),
    )
  }, [view])
  const closeDialog = useCallback(() => {
    opening.current++
    setDialogOpen(false)
  }, [])
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
  return { dialogOpen, fromDocument, openDialog, closeDialog, saveSettings }
}
