/**
 * A CodeMirror change set as the worker's edits (src/worker/protocol.ts): each change with the
 * position it has once the changes before it are made, so the list applies in order.
 */
import type { ChangeSet } from '@codemirror/state'
import type { TextEdit } from '../model/text-edit.js'

export function editsOf(changes: ChangeSet): TextEdit[] {
  const edits: TextEdit[] = []
  // fromB is where the change starts in the new document: the earlier changes are all made by then.
  changes.iterChanges((fromA, toA, fromB, _toB, inserted) => {
    edits.push([fromB, fromB + (toA - fromA), inserted.toString()])
  })
  return edits
}
