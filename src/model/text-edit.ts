/**
 * A change to a document's text, as the editor makes it and the worker replays it: shared by
 * the editor, the worker protocol and storage, so it lives below all three.
 */
import type { ChangeSet } from '@codemirror/state'

/** One replacement in the text: [from, to) becomes `insert`. In a list, each applies to the text the previous one left. */
export type TextEdit = readonly [from: number, to: number, insert: string]

/** Edits by change set: the worker's text sync and the journal both take a change's edits, and a paste's inserted text is joined once. */
const known = new WeakMap<ChangeSet, TextEdit[]>()

/**
 * A CodeMirror change set as edits: each change with the position it has once the changes before
 * it are made, so the list applies in order (the worker's protocol and the journal take them so).
 */
export function editsOf(changes: ChangeSet): TextEdit[] {
  let edits = known.get(changes)
  if (edits) return edits
  edits = []
  const out = edits
  // fromB is where the change starts in the new document: the earlier changes are all made by then.
  changes.iterChanges((fromA, toA, fromB, _toB, inserted) => {
    out.push([fromB, fromB + (toA - fromA), inserted.toString()])
  })
  known.set(changes, edits)
  return edits
}

/** How many characters a change set inserts (without joining them). */
export function insertedLength(changes: ChangeSet): number {
  let length = 0
  changes.iterChanges((_fromA, _toA, _fromB, _toB, inserted) => {
    length += inserted.length
  })
  return length
}

/**
 * A change's edits, joined only when they are read: the worker client forgets the edits of a
 * paste of megabytes and sends the whole text instead, so joining them in the paste's task
 * (tens of milliseconds for 16 MB) was work thrown away.
 */
export interface ChangeEdits {
  /** Characters the change inserts. */
  readonly inserted: number
  /** The length of the text after the change. */
  readonly length: number
  edits(): readonly TextEdit[]
}

export function changeEdits(changes: ChangeSet): ChangeEdits {
  return { inserted: insertedLength(changes), length: changes.newLength, edits: () => editsOf(changes) }
}
