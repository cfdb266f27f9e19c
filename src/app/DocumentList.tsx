/**
 * The documents kept in this browser; the open one is marked. Opening a file adds to the list,
 * it never replaces a document.
 */
import type { DocumentSummary } from '../storage/documents.js'

export interface DocumentListProps {
  documents: readonly DocumentSummary[]
  currentId: string | undefined
  onOpen: (id: string) => void
  onNew: () => void
  onDelete: (id: string) => void
}

export function DocumentList({ documents, currentId, onOpen, onNew, onDelete }: DocumentListProps) {
  return (
    <nav className="documents" aria-label="Documents">
      <div className="section-title">
        <h2>Documents</h2>
        <button type="button" className="link-button" onClick={onNew}>
          New
        </button>
      </div>
      <ul>
        {documents.map((doc) => (
          <li key={doc.id} className={doc.id === currentId ? 'current' : undefined}>
            <button type="button" className="doc-name" aria-current={doc.id === currentId ? 'true' : undefined} onClick={() => onOpen(doc.id)} title={`Last changed ${new Date(doc.updatedAt).toLocaleString()}`}>
              {doc.name}
            </button>
            <button type="button" className="doc-delete" aria-label={`Delete ${doc.name}`} title="Move to the trash" onClick={() => onDelete(doc.id)}>
              ×
            </button>
          </li>
        ))}
      </ul>
    </nav>
  )
}
