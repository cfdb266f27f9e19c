/**
 * The outline: the document's headings, indented by level; choosing one jumps there.
 */
import { memo } from 'react'
import type { OutlineEntry } from '../markdown/preview-hast.js'

function OutlineList({ entries, onJump }: { entries: readonly OutlineEntry[]; onJump: (entry: OutlineEntry) => void }) {
  if (entries.length === 0) return <p className="muted">No headings yet.</p>
  const top = Math.min(...entries.map((entry) => entry.depth))
  return (
    <ol className="outline">
      {entries.map((entry, i) => (
        <li key={`${entry.slug}-${i}`} style={{ paddingInlineStart: `${(entry.depth - top) * 0.9}em` }}>
          <button type="button" onClick={() => onJump(entry)} title={`Line ${entry.line}`}>
            {entry.text || '(empty heading)'}
          </button>
        </li>
      ))}
    </ol>
  )
}

/** Re-renders only when the headings change, not on every keystroke. */
export const Outline = memo(OutlineList)
