/**
 * The status line: what the last file action (open, save, export, images) did or why it failed.
 */
import { useState } from 'react'

export type Status = { kind: 'idle' } | { kind: 'busy'; text: string } | { kind: 'done'; text: string } | { kind: 'failed'; text: string }

export type SetStatus = (status: Status) => void

const IDLE: Status = { kind: 'idle' }

export function useStatus(): { status: Status; setStatus: SetStatus } {
  const [status, setStatus] = useState<Status>(IDLE)
  return { status, setStatus }
}

/** An error's message as the status line shows it. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
