/**
 * The status bar: counts, whether the text is stored in this browser, the last render's time,
 * and what the last file action did.
 */
import type { PreviewSummary } from './hooks/use-preview.js'
import type { ExportControls } from './hooks/use-export.js'
import type { Status } from './hooks/use-status.js'

export interface StatusBarProps {
  summary: PreviewSummary
  /** What the save state says. */
  storage: 'not-saved' | 'saving' | 'saved'
  storageFailed: boolean
  status: Status
  /** While an export is under way: Skip images (while it waits for them) and Cancel. */
  exportControls?: ExportControls | undefined
}

const STORAGE_TEXT: Record<StatusBarProps['storage'], string> = {
  'not-saved': 'Not saved in this browser',
  saving: 'Saving…',
  saved: 'Saved in this browser',
}

export function StatusBar({ summary, storage, storageFailed, status, exportControls }: StatusBarProps) {
  return (
    <footer className="statusbar">
      <span data-testid="word-count">
        {summary.words.toLocaleString()} words · {summary.characters.toLocaleString()} characters
      </span>
      <span className={storageFailed ? 'save-state error' : 'save-state'}>{STORAGE_TEXT[storage]}</span>
      {summary.timings && (
        <span className="muted" title="Time the worker took to parse and render the last change">
          preview {Math.round(summary.timings.parse + summary.timings.render)} ms
        </span>
      )}
      <span className="spacer" />
      <span role="status" aria-live="polite" className={`status status-${status.kind}`}>
        {status.kind === 'idle' ? '' : status.text}
      </span>
      {exportControls && (
        <span className="export-controls">
          {exportControls.skipImages && (
            <button type="button" data-testid="export-skip-images" onClick={exportControls.skipImages} title="Finish the export now: images not loaded yet become placeholders, each with a message">
              Skip images
            </button>
          )}
          <button type="button" data-testid="export-cancel" onClick={exportControls.cancel} title="Stop the export; nothing is downloaded">
            Cancel
          </button>
        </span>
      )}
    </footer>
  )
}
