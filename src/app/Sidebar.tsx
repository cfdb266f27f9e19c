/**
 * The sidebar: the documents kept in this browser, and the shown document's outline.
 */
import type { OutlineEntry } from '../markdown/preview-hast.js'
import type { DocumentSummary } from '../storage/documents.js'
import { DocumentList } from './DocumentList.js'
import { Outline } from './Outline.js'

export interface SidebarProps {
  documents: readonly DocumentSummary[]
  currentId: string | undefined
  onOpen: (id: string) => void
  onNew: () => void
  onDelete: (id: string) => void
  outline: readonly OutlineEntry[]
  onJump: (entry: OutlineEntry) => void
}

export function Sidebar({ documents, currentId, onOpen, onNew, onDelete, outline, onJump }: SidebarProps) {
  return (
    <aside className="sidebar" id="sidebar" aria-label="Documents and outline">
      <DocumentList documents={documents} currentId={currentId} onOpen={onOpen} onNew={onNew} onDelete={onDelete} />
      <section className="outline-panel" aria-label="Outline">
        <h2>Outline</h2>
        <Outline entries={outline} onJump={onJump} />
      </section>
    </aside>
  )
}
