/**
 * The document the app shows: as state (what the page draws) and as a ref (what callbacks read
 * when they run, which may be after the render they closed over).
 */
import { useRef, useState, type RefObject } from 'react'
import type { OpenDocument } from '../session.js'

export interface OpenDocumentState {
  doc: OpenDocument | null
  setDoc: (doc: OpenDocument) => void
  /** The document as of the last render, for callbacks. */
  current: RefObject<OpenDocument | null>
}

export function useOpenDocument(): OpenDocumentState {
  const [doc, setDoc] = useState<OpenDocument | null>(null)
  const current = useRef<OpenDocument | null>(null)
  current.current = doc
  return { doc, setDoc, current }
}
