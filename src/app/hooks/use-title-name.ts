/**
 * A new document is named after its title — the front matter's `title:`, else its first
 * heading — for as long as the user has not renamed it (then `nameFollowsTitle` is dropped:
 * use-session.ts). So "Untitled 3" becomes "Quarterly report" once that heading is typed, in
 * the list, the top bar, and the names of the files made from it (.md, .docx).
 */
import { useEffect, type RefObject } from 'react'
import { updateDocument } from '../../storage/documents.js'
import type { OpenDocument } from '../session.js'

/** A name is written once typing in the title has rested this long. */
const TITLE_PAUSE_MS = 300
/** Longest name taken from a title. */
const MAX_NAME = 80

export interface TitleNameOptions {
  doc: OpenDocument | null
  current: RefObject<OpenDocument | null>
  /** The shown document's title as last rendered: front matter, else the first heading. */
  title: string | undefined
  setDoc: (doc: OpenDocument) => void
  refreshList: () => void
  storageFailed: (error: unknown) => void
}

/** The name a title gives: one line, trimmed, not too long. */
export function nameFromTitle(title: string | undefined): string {
  const line = (title ?? '').replace(/\s+/g, ' ').trim()
  return line.length > MAX_NAME ? `${line.slice(0, MAX_NAME - 1).trimEnd()}…` : line
}

export function useTitleName({ doc, current, title, setDoc, refreshList, storageFailed }: TitleNameOptions): void {
  const docId = doc?.id
  const follows = doc?.nameFollowsTitle === true
  const docName = doc?.name
  useEffect(() => {
    const name = nameFromTitle(title)
    // No title (yet, or any more): the last name stays.
    if (!follows || name === '' || name === docName) return
    const timer = setTimeout(() => {
      const opened = current.current
      if (!opened || opened.id !== docId || !opened.nameFollowsTitle) return
      setDoc({ ...opened, name })
      if (opened.persisted) updateDocument(opened.id, { name }).then(refreshList, storageFailed)
    }, TITLE_PAUSE_MS)
    return () => clearTimeout(timer)
  }, [current, docId, docName, follows, refreshList, setDoc, storageFailed, title])
}
