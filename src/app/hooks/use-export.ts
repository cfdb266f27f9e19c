/**
 * Export .docx: the worker exports its own copy of the text, brought up to date with the last
 * edits, and the page downloads it; the messages of the export replace the listed ones. The
 * export worker prepares the shown document's export with its settings whenever typing pauses
 * (and at once when the pointer reaches the button), so a click usually finds the file made.
 *
 * While the export waits for remote images the status says how many loaded ("Loading images
 * 120/917"), with two ways out: Skip images finishes the export at once with placeholders for
 * the images not loaded (each with a message), Cancel stops the export and downloads nothing.
 */
import type { EditorView } from '@codemirror/view'
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react'
import type { Message } from '../../markdown/messages.js'
import { ExportCancelled, type WorkerClient } from '../../worker/client.js'
import { DOCX_TYPE, downloadBlob } from '../download.js'
import { documentBaseName, type OpenDocument } from '../session.js'
import { errorText, type SetStatus } from './use-status.js'

export interface ExportOptions {
  doc: OpenDocument | null
  current: RefObject<OpenDocument | null>
  view: RefObject<EditorView | null>
  client: RefObject<WorkerClient | null>
  showMessages: (messages: Message[], editor: EditorView) => void
  setStatus: SetStatus
}

export interface ExportState {
  exportDocx: () => Promise<void>
  /** The user reaches for Export (pointer, focus): prepare it now. Stable. */
  prepareExport: () => void
  /** While an export is under way: its ways out; `skipImages` only while it waits for images. */
  controls: ExportControls | undefined
}

export interface ExportControls {
  skipImages: (() => void) | undefined
  cancel: () => void
}

/** Progress repaints the status at most this often (a document of badges reports hundreds of images). */
const PROGRESS_EVERY_MS = 100

export function useExport({ doc, current, view, client, showMessages, setStatus }: ExportOptions): ExportState {
  const [exporting, setExporting] = useState(false)
  const [waitingForImages, setWaitingForImages] = useState(false)
  const lastProgress = useRef(0)

  const exportDocx = useCallback(async () => {
    const opened = current.current
    const editor = view.current
    const worker = client.current
    if (!opened || !editor || !worker) return
    setStatus({ kind: 'busy', text: 'Exporting…' })
    setExporting(true)
    lastProgress.current = 0
    const onProgress = (loaded: number, total: number) => {
      const now = performance.now()
      if (loaded < total && now - lastProgress.current < PROGRESS_EVERY_MS) return
      lastProgress.current = now
      setWaitingForImages(loaded < total)
      setStatus({ kind: 'busy', text: loaded < total ? `Loading images ${loaded}/${total}…` : 'Exporting…' })
    }
    try {
      const started = performance.now()
      // The whole text is read here only if the worker does not hold it (a fresh worker).
      const result = await worker.exportDocx(opened.id, () => editor.state.doc.toString(), documentBaseName(opened), opened.exportSettings, onProgress)
      downloadBlob(new Blob([result.data as BlobPart], { type: DOCX_TYPE }), result.fileName)
      showMessages(result.messages, editor)
      const warnings = result.messages.length
      setStatus({ kind: 'done', text: `Exported ${result.fileName} (${Math.max(1, Math.round(result.data.byteLength / 1024))} KB, ${Math.round(performance.now() - started)} ms)${warnings ? ` — ${warnings} message${warnings === 1 ? '' : 's'} below` : ''}` })
    } catch (error) {
      setStatus(error instanceof ExportCancelled ? { kind: 'done', text: 'Export cancelled' } : { kind: 'failed', text: `Export failed: ${errorText(error)}` })
    } finally {
      setExporting(false)
      setWaitingForImages(false)
    }
  }, [client, current, setStatus, showMessages, view])

  const skipImages = useCallback(() => {
    client.current?.skipExportImages()
    setWaitingForImages(false)
    setStatus({ kind: 'busy', text: 'Exporting without the images not loaded…' })
  }, [client, setStatus])
  const cancel = useCallback(() => client.current?.cancelExport(), [client])

  // The export worker prepares this document’s export with its settings (worker/client/export-client.ts, export-engine.ts).
  const docId = doc?.id
  const docName = doc ? documentBaseName(doc) : undefined
  const docSettings = doc?.exportSettings
  useEffect(() => {
    if (docId && docName !== undefined && docSettings) client.current?.setExportSettings(docId, docName, docSettings)
  }, [client, docId, docName, docSettings])

  const prepareExport = useCallback(() => client.current?.prepareExport(), [client])
  const controls = exporting ? { skipImages: waitingForImages ? skipImages : undefined, cancel } : undefined
  return { exportDocx, prepareExport, controls }
}
