/**
 * What the render worker holds of the text, seen from the page. The worker keeps its own copy:
 * a request carries the edits made since the revision the worker last received (collected as
 * they happen, a few bytes a keystroke), and the whole text (read from the editor only when it
 * is sent) only when the worker may not hold that revision — the first request for a document,
 * after a restart, or when the worker asks (`resync`). Renders and exports share the revisions.
 */
import type { ChangeEdits } from '../../model/text-edit.js'
import type { TextEdit, TextSync } from '../protocol.js'
import { editedLength } from '../text-edits.js'

/** Past this many pending edits (or inserted characters) the whole text is cheaper to send. */
const MAX_PENDING_EDITS = 2000
const MAX_PENDING_CHARACTERS = 4_000_000
/**
 * A change inserting more than this is not joined into edits at all (a paste of megabytes):
 * the whole text is read when the request is sent, in a task of its own (render-client.ts),
 * instead of joining the pasted lines in the paste's task.
 */
const MAX_LAZY_CHARACTERS = 1_000_000

export class TextSyncTracker {
  private nextRevision = 1
  /** The revision (of which document) whose text the worker holds once it has read what was sent; undefined: send the whole text. */
  private base: { documentId: string; revision: number } | undefined
  /** Edits made since `base`; undefined when they stopped being tracked (too many). */
  private pending: TextEdit[] | undefined = []
  private pendingCharacters = 0
  /** Length of the text as last sent, with the pending edits: the time budgets grow with it. */
  length = 0

  /** The revision the next request takes: every reply below it answers a request already sent. */
  get upcoming(): number {
    return this.nextRevision
  }

  /**
   * An edit of the shown document (every change to its text comes through here, in order): its
   * edits, or a change whose edits are read only if they are kept (not past the limits).
   */
  record(documentId: string, change: readonly TextEdit[] | ChangeEdits): void {
    const lazy = Array.isArray(change) ? undefined : (change as ChangeEdits)
    const edits = lazy ? undefined : (change as readonly TextEdit[])
    if (this.pending && this.base?.documentId === documentId) {
      const inserted = lazy ? lazy.inserted : edits!.reduce((sum, edit) => sum + edit[2].length, 0)
      this.pendingCharacters += inserted
      // Past a limit the whole text goes instead, and a lazy change's edits are never joined.
      if ((lazy && inserted > MAX_LAZY_CHARACTERS) || this.pendingCharacters > MAX_PENDING_CHARACTERS) this.forget()
      else {
        for (const edit of lazy ? lazy.edits() : edits!) this.pending.push(edit)
        if (this.pending.length > MAX_PENDING_EDITS) this.forget()
      }
    }
    this.length = lazy ? lazy.length : editedLength(this.length, edits!)
  }

  /** About how many characters the next request for the document carries: its pending edits, or its whole text. */
  sendSize(documentId: string): number {
    return this.pending && this.base?.documentId === documentId ? this.pendingCharacters : this.length
  }

  /**
   * A new revision, and what brings the worker's text to it: the pending edits when it holds
   * the base, else the whole text (`read` is called only then).
   */
  request(documentId: string, read: () => string): { revision: number; sync: TextSync } {
    const revision = this.nextRevision++
    const base = this.base
    let sync: TextSync
    if (base && base.documentId === documentId && this.pending) sync = { after: base.revision, edits: this.pending }
    else {
      const whole = read()
      this.length = whole.length
      sync = { text: whole }
    }
    this.base = { documentId, revision }
    this.pending = []
    this.pendingCharacters = 0
    return { revision, sync }
  }

  /** A text given outright (not read from the editor): it replaces whatever the worker holds. */
  give(text: string): void {
    this.forget()
    this.length = text.length
  }

  /** The worker's copy of the text can no longer be trusted: the next request sends the whole text. */
  forget(): void {
    this.base = undefined
    this.pending = undefined
    this.pendingCharacters = 0
  }
}
