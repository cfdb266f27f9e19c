/**
 * What the preview shows for an empty document, instead of a blank page: what to type, and
 * that a Markdown or Word file can be opened or dropped here.
 */
import { useSyncExternalStore } from 'react'
import type { PreviewStore } from '../preview/store.js'

export function EmptyHint({ store }: { store: PreviewStore }) {
  const blank = useSyncExternalStore(store.subscribe, store.isBlank)
  if (!blank) return null
  return (
    <div className="empty-hint" data-testid="empty-hint">
      <h2>An empty page</h2>
      <p>Type Markdown on the left and the Word document takes shape here. For example:</p>
      <pre>{'# A title\n\nA paragraph with **bold** and *italic* text.\n\n- a list item\n- another one\n\n| Column | Column |\n|--------|--------|\n| a cell | a cell |'}</pre>
      <p>
        Or open a file: <strong>Open</strong> in the top bar, or drag a <code>.md</code>, a <code>.zip</code> of Markdown with its images, or a Word <code>.docx</code> onto the window. A Word document becomes Markdown in a new document.
      </p>
    </div>
  )
}
