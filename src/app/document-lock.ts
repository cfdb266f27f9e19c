/**
 * One tab journals a document at a time. Two tabs writing the same journal would interleave
 * their entries and corrupt the replay, so a tab takes an exclusive Web Lock on the document
 * it shows; a second tab showing the same document is told and does not write.
 */

export interface DocumentLock {
  /** False when another tab holds the document. */
  held: boolean
  release(): void
}

interface LockManagerLike {
  request(name: string, options: { ifAvailable: boolean }, callback: (lock: unknown) => Promise<void>): Promise<void>
}

/** Takes the lock if it is free; where the browser has no Web Locks, every tab holds it. */
export async function lockDocument(id: string): Promise<DocumentLock> {
  const locks = (typeof navigator !== 'undefined' ? (navigator as unknown as { locks?: LockManagerLike }).locks : undefined) ?? undefined
  if (!locks) return { held: true, release: () => {} }
  return new Promise<DocumentLock>((resolve) => {
    let release: () => void = () => {}
    const released = new Promise<void>((done) => {
      release = done
    })
    locks
      .request(`markdocx-document:${id}`, { ifAvailable: true }, async (lock) => {
        if (lock === null) {
          resolve({ held: false, release: () => {} })
          return
        }
        resolve({ held: true, release })
        await released
      })
      .catch(() => resolve({ held: true, release: () => {} }))
  })
}
