/**
 * The open document's name in the top bar; click to rename (it names the .md and, without a
 * front-matter title, the .docx). A new document's name follows its title until it is renamed
 * here (use-title-name.ts).
 */
import { useState } from 'react'

export function DocumentName({ name, onRename }: { name: string | undefined; onRename: (name: string) => void }) {
  const [editing, setEditing] = useState(false)
  if (name === undefined) return <span className="doc-title">Loading…</span>
  if (!editing) {
    return (
      <button type="button" className="doc-title" title="Rename" onClick={() => setEditing(true)}>
        {name}
      </button>
    )
  }
  const finish = (value: string) => {
    setEditing(false)
    const trimmed = value.trim()
    if (trimmed !== '' && trimmed !== name) onRename(trimmed)
  }
  return (
    <input
      className="doc-title-input"
      aria-label="Document name"
      defaultValue={name}
      autoFocus
      onFocus={(event) => event.currentTarget.select()}
      onBlur={(event) => finish(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') finish(event.currentTarget.value)
        else if (event.key === 'Escape') setEditing(false)
      }}
    />
  )
}
