/**
 * The part of a document's outline the page is sent. The outline panel lists the first
 * OUTLINE_LIMIT headings and the preview's contents list the first OUTLINE_LIMIT down to its
 * depth; each says how many more there are. A document of 100 000 headings sent all of them:
 * 100 messages for the page to read after a paste, and all of them again after each edit that
 * moved a heading's line. The worker sends the entries some list can show, and the counts.
 */
import type { OutlineEntry } from './blocks.js'

/** Headings the outline panel, or the contents list at any depth, shows at most. */
export const OUTLINE_LIMIT = 1000

/** Heading levels: markdown has 1–6. */
const LEVELS = 6

export interface PageOutline {
  /** The headings some list can show, in document order. */
  entries: OutlineEntry[]
  /** Headings of each level (index 0 is level 1) in the whole document, when `entries` leaves some out. */
  totals?: number[]
}

function levelOf(entry: OutlineEntry): number {
  return Math.min(LEVELS, Math.max(1, entry.depth))
}

/**
 * Keeps each heading that is among the first `limit` of level `depth` or above for some depth:
 * the first `limit` headings, and of those after them the ones a shallower contents list shows.
 * At most LEVELS × `limit` entries; whole when the document has at most `limit` headings.
 */
export function limitOutline(entries: readonly OutlineEntry[], limit = OUTLINE_LIMIT): PageOutline {
  if (entries.length <= limit) return { entries: entries as OutlineEntry[] }
  // upTo[d]: headings of level d + 1 or above seen so far. A heading of level e shows in a
  // list of depth d >= e while upTo[d - 1] < limit; upTo grows with d, so depth e is the test.
  const upTo = new Array<number>(LEVELS).fill(0)
  const totals = new Array<number>(LEVELS).fill(0)
  const kept: OutlineEntry[] = []
  for (const entry of entries) {
    const level = levelOf(entry)
    if (upTo[level - 1]! < limit) kept.push(entry)
    for (let d = level - 1; d < LEVELS; d++) upTo[d]!++
    totals[level - 1]!++
  }
  return { entries: kept, totals }
}

/** The shallowest heading level (a loop: a spread of 100 000 arguments can overflow the stack). */
export function topDepth(entries: readonly OutlineEntry[]): number {
  let top = LEVELS
  for (const entry of entries) if (entry.depth < top) top = entry.depth
  return top
}

/** Headings of level `depth` or above in the whole document (`entries` when nothing was left out). */
export function headingsUpTo(outline: PageOutline, depth: number): number {
  if (!outline.totals) {
    let count = 0
    for (const entry of outline.entries) if (entry.depth <= depth) count++
    return count
  }
  let count = 0
  for (let level = 1; level <= Math.min(depth, LEVELS); level++) count += outline.totals[level - 1] ?? 0
  return count
}

/** Whether two page outlines list the same headings at the same lines and count the same. */
export function samePageOutline(a: PageOutline, b: PageOutline): boolean {
  if (a.entries.length !== b.entries.length) return false
  const totalsA = a.totals ?? []
  const totalsB = b.totals ?? []
  if (totalsA.length !== totalsB.length || totalsA.some((total, index) => total !== totalsB[index])) return false
  for (let i = 0; i < a.entries.length; i++) {
    const x = a.entries[i]!
    const y = b.entries[i]!
    if (x.line !== y.line || x.depth !== y.depth || x.slug !== y.slug || x.text !== y.text) return false
  }
  return true
}
