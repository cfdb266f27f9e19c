/**
 * The trash, under the document list: deleted documents, each restorable, until "Empty trash"
 * or TRASH_DAYS have passed. Folded away while closed; absent while empty.
 */
import type { TrashedDocument } from '../storage/trash.js'
import { TRASH_DAYS } from '../storage/trash.js'

export interface TrashListProps {
  trashed: readonly TrashedDocument[]
  onRestore: (id: string) => void
  onEmpty: () => void
}

export function TrashList({ trashed, onRestore, onEmpty }: TrashListProps) {
  if (trashed.length === 0) return null
  return (
    <details className="trash" data-testid="trash">
      <summary>
        Trash <span className="count">{trashed.length}</span>
      </summary>
      <p className="muted">Kept for {TRASH_DAYS} days, then forgotten.</p>
      <ul>
        {trashed.map((doc) => (
          <li key={doc.id}>
            <span className="trash-name" title={`Deleted ${new Date(doc.trashedAt).toLocaleString()}`}>
              {doc.name}
            </span>
            <button type="button" className="link-button" aria-label={`Restore ${doc.name}`} onClick={() => onRestore(doc.id)}>
              Restore
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="link-button" onClick={onEmpty}>
        Empty trash
      </button>
    </details>
  )
}
