/**
 * The banners under the top bar: the document is open in another tab, this tab's edits went
 * into a copy, the browser's storage failed, a document was deleted (with Undo).
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
  /** The document just moved to the trash. */
  deleted: { name: string } | null
  onUndoDelete: () => void
  onDismissDeleted: () => void
}

export function Notices({ elsewhere, forkedFrom, copyName, onDismissFork, storageError, onDismissStorageError, deleted, onUndoDelete, onDismissDeleted }: NoticesProps) {
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
      {deleted && (
        <div className="banner" role="status" data-testid="deleted-notice">
          Deleted “{deleted.name}” —{' '}
          <button type="button" className="link-button" onClick={onUndoDelete}>
            Undo
          </button>
          <button type="button" className="link-button" onClick={onDismissDeleted}>
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
