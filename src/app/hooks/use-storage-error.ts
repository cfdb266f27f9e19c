/**
 * The browser's storage failing (quota, private mode, no IndexedDB): one banner with the
 * reason; the app goes on in memory.
 */
import { useCallback, useState } from 'react'
import { describeStorageError } from '../../storage/db.js'

export interface StorageErrorState {
  storageError: string | null
  /** Records a storage failure for the banner. Stable. */
  storageFailed: (error: unknown) => void
  dismissStorageError: () => void
}

export function useStorageError(): StorageErrorState {
  const [storageError, setStorageError] = useState<string | null>(null)
  const storageFailed = useCallback((error: unknown) => setStorageError(describeStorageError(error)), [])
  const dismissStorageError = useCallback(() => setStorageError(null), [])
  return { storageError, storageFailed, dismissStorageError }
}
