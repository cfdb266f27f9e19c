/**
 * The outline: the document's headings, indented by level; choosing one jumps there. A
 * document of 100 000 headings lists the first OUTLINE_LIMIT (drawing them all froze the page
 * for seconds) and says how many more there are.
 */
import { memo, useDeferredValue, useMemo } from 'react'
import type { OutlineEntry } from '../markdown/preview-hast.js'
import { group } from '../markdown/preview/size-limits.js'

/** Headings the outline lists at most. */
export const OUTLINE_LIMIT = 1000

/** The shallowest heading level (a loop: a spread of 100 000 arguments can overflow the stack). */
export function topDepth(entries: readonly OutlineEntry[]): number {
  let top = 6
  for (const entry of entries) if (entry.depth < top) top = entry.depth
  return top
}

function OutlineList({ entries: latest, onJump }: { entries: readonly OutlineEntry[]; onJump: (entry: OutlineEntry) => void }) {
  // Drawn in a render of its own, which React may interrupt: a thousand entries came in the
  // same task as the preview's patch and held the page 50–100 ms longer.
  const entries = useDeferredValue(latest)
  return useMemo(() => <OutlineItems entries={entries} onJump={onJump} />, [entries, onJump])
}

function OutlineItems({ entries, onJump }: { entries: readonly OutlineEntry[]; onJump: (entry: OutlineEntry) => void }) {
  if (entries.length === 0) return <p className="muted">No headings yet.</p>
  const shown = entries.length > OUTLINE_LIMIT ? entries.slice(0, OUTLINE_LIMIT) : entries
  const top = topDepth(shown)
  return (
    <ol className="outline">
      {shown.map((entry, i) => (
        <li key={`${entry.slug}-${i}`} style={{ paddingInlineStart: `${(entry.depth - top) * 0.9}em` }}>
          <button type="button" onClick={() => onJump(entry)} title={`Line ${entry.line}`}>
            {entry.text || '(empty heading)'}
          </button>
        </li>
      ))}
      {entries.length > shown.length && <li className="muted">… {group(entries.length - shown.length)} more headings</li>}
    </ol>
  )
}

/** Re-renders only when the headings change, not on every keystroke. */
export const Outline = memo(OutlineList)
