/**
 * The documents kept in this browser, for the sidebar's list; read again after any change.
 */
import { useCallback, useState } from 'react'
import { listDocuments, type DocumentSummary } from '../../storage/documents.js'

export interface DocumentListState {
  documents: DocumentSummary[]
  /** Reads the list again. Stable. */
  refreshList: () => void
}

export function useDocumentList(storageFailed: (error: unknown) => void): DocumentListState {
  const [documents, setDocuments] = useState<DocumentSummary[]>([])
  const refreshList = useCallback(() => {
    listDocuments().then(setDocuments, storageFailed)
  }, [storageFailed])
  return { documents, refreshList }
}
