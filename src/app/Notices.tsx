/**
 * The banners under the top bar: the document is open in another tab, this tab's edits went
 * into a copy, the browser's storage failed.
 */
export interface NoticesProps {
  /** Another tab holds the shown document. */
  elsewhere: boolean
  /** The document another tab holds, when this tab's edits went into a copy … */
  forkedFrom: string | null
  /** … named this. */
  copyName: string | undefined
  onDismissFork: () => void
  storageError: string | null
  onDismissStorageError: () => void
}

export function Notices({ elsewhere, forkedFrom, copyName, onDismissFork, storageError, onDismissStorageError }: NoticesProps) {
  return (
    <>
      {elsewhere && (
        <div className="banner error" role="alert">
          This document is open in another tab, which saves it. If you edit it here, your changes are saved as a separate copy, so neither tab overwrites the other.
        </div>
      )}
      {forkedFrom && (
        <div className="banner" aria-live="polite" data-testid="forked-notice">
          “{forkedFrom}” is open in another tab, so your changes here are saved in a copy, “{copyName}”. Both are in the document list.
          <button type="button" className="link-button" onClick={onDismissFork}>
            Dismiss
          </button>
        </div>
      )}
      {storageError && (
        <div className="banner error" role="alert">
          {storageError}
          <button type="button" className="link-button" onClick={onDismissStorageError}>
            Dismiss
          </button>
        </div>
      )}
    </>
  )
}
