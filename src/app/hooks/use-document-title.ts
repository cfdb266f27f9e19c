/**
 * The browser tab's title: the document's title (front matter), else its name.
 */
import { useEffect } from 'react'

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} — markdocx`
  }, [title])
}
