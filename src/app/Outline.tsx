/**
 * The outline: the document's headings, indented by level; choosing one jumps there. A
 * document of 100 000 headings lists the first OUTLINE_LIMIT (drawing them all froze the page
 * for seconds; markdown/preview/outline-limit.ts) and says how many more there are.
 */
import { memo, useDeferredValue, useMemo } from 'react'
import { headingsUpTo, OUTLINE_LIMIT, topDepth, type OutlineEntry, type PageOutline } from '../markdown/preview-hast.js'
import { group } from '../markdown/preview/size-limits.js'

function OutlineList({ outline: latest, onJump }: { outline: PageOutline; onJump: (entry: OutlineEntry) => void }) {
  // Drawn in a render of its own, which React may interrupt: a thousand entries came in the
  // same task as the preview's patch and held the page 50–100 ms longer.
  const outline = useDeferredValue(latest)
  return useMemo(() => <OutlineItems outline={outline} onJump={onJump} />, [outline, onJump])
}

function OutlineItems({ outline, onJump }: { outline: PageOutline; onJump: (entry: OutlineEntry) => void }) {
  const { entries } = outline
  if (entries.length === 0) return <p className="muted">No headings yet.</p>
  const shown = entries.length > OUTLINE_LIMIT ? entries.slice(0, OUTLINE_LIMIT) : entries
  const top = topDepth(shown)
  // The worker sends the first OUTLINE_LIMIT headings and those a contents list needs, with the counts.
  const more = headingsUpTo(outline, 6) - shown.length
  return (
    <ol className="outline">
      {shown.map((entry, i) => (
        <li key={`${entry.slug}-${i}`} style={{ paddingInlineStart: `${(entry.depth - top) * 0.9}em` }}>
          <button type="button" onClick={() => onJump(entry)} title={`Line ${entry.line}`}>
            {entry.text || '(empty heading)'}
          </button>
        </li>
      ))}
      {more > 0 && <li className="muted">… {group(more)} more headings</li>}
    </ol>
  )
}

/** Re-renders only when the headings change, not on every keystroke. */
export const Outline = memo(OutlineList)
