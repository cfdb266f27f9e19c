/**
 * The worker's copy of the text, kept up to date by edits (protocol.ts). Applying them also
 * tells how much of the text is unchanged at its start and end, which the chunked parser uses
 * to scan for cuts only around the edit.
 */
import type { TextEdit } from './protocol.js'

export interface Edited {
  text: string
  /** Characters at the start that are as they were. */
  prefix: number
  /** Characters at the end that are as they were (never overlapping the prefix, in either text). */
  suffix: number
}

/** Applies edits in order; undefined when one does not fit the text (the copies have drifted apart). */
export function applyEdits(text: string, edits: readonly TextEdit[]): Edited | undefined {
  let current = text
  let prefix = text.length
  let suffix = text.length
  for (const [from, to, insert] of edits) {
    if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || to < from || to > current.length || typeof insert !== 'string') return undefined
    // V8 joins these as a rope; it is flattened once, when the parser first reads it.
    current = current.slice(0, from) + insert + current.slice(to)
    prefix = Math.min(prefix, from)
    suffix = Math.min(suffix, current.length - (from + insert.length))
  }
  // Unchanged text: all of it is the prefix. The two never overlap.
  return { text: current, prefix, suffix: Math.min(suffix, current.length - prefix, text.length - prefix) }
}

/** The length of the text after the edits. */
export function editedLength(length: number, edits: readonly TextEdit[]): number {
  let result = length
  for (const [from, to, insert] of edits) result += insert.length - (to - from)
  return result
}
