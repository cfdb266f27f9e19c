/**
 * The sidebar: the documents kept in this browser, the trash, and the shown document's outline.
 */
import type { OutlineEntry, PageOutline } from '../markdown/preview-hast.js'
import type { DocumentSummary } from '../storage/documents.js'
import { DocumentList } from './DocumentList.js'
import { Outline } from './Outline.js'
import { TrashList, type TrashListProps } from './TrashList.js'

export interface SidebarProps {
  documents: readonly DocumentSummary[]
  currentId: string | undefined
  onOpen: (id: string) => void
  onNew: () => void
  onDelete: (id: string) => void
  outline: PageOutline
  onJump: (entry: OutlineEntry) => void
  trash: TrashListProps
}

export function Sidebar({ documents, currentId, onOpen, onNew, onDelete, outline, onJump, trash }: SidebarProps) {
  return (
    <aside className="sidebar" id="sidebar" aria-label="Documents and outline">
      <DocumentList documents={documents} currentId={currentId} onOpen={onOpen} onNew={onNew} onDelete={onDelete} />
      <TrashList {...trash} />
      <section className="outline-panel" aria-label="Outline">
        <h2>Outline</h2>
        <Outline outline={outline} onJump={onJump} />
      </section>
    </aside>
  )
}
