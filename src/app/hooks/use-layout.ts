/**
 * The layout: whether the sidebar (documents and outline) shows, and which panes — editor,
 * preview, or both. Wide screens keep the sidebar as a column (collapsible); at 900 px and
 * below it is a drawer over the page, closed until asked for. At 640 px and below there is
 * room for one pane: the editor or the preview, never both. The choices are remembered in
 * this browser.
 */
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react'

export type ViewMode = 'editor' | 'both' | 'preview'

/** Below this the sidebar is a drawer (app.css / layout.css use the same widths). */
export const NARROW_QUERY = '(max-width: 900px)'
/** Below this one pane at a time. */
export const PHONE_QUERY = '(max-width: 640px)'

const SIDEBAR_KEY = 'markdocx:sidebar'
const VIEW_KEY = 'markdocx:view'
const WORD_PAGE_KEY = 'markdocx:word-page'

function useMedia(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {}
      const list = window.matchMedia(query)
      list.addEventListener?.('change', onChange)
      return () => list.removeEventListener?.('change', onChange)
    },
    [query],
  )
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  )
}

function remembered(key: string): string | null {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}

function remember(key: string, value: string): void {
  try {
    localStorage.setItem(key, value)
  } catch {
    // Private mode or storage off: the choice lasts for this visit.
  }
}

export interface LayoutState {
  /** 900 px or less: the sidebar is a drawer. */
  narrow: boolean
  /** 640 px or less: one pane at a time. */
  phone: boolean
  /** The sidebar shows: as a column (wide) or as the open drawer (narrow). */
  sidebarOpen: boolean
  toggleSidebar: () => void
  closeSidebar: () => void
  /** The panes shown (on a phone, never both). */
  view: ViewMode
  setView: (view: ViewMode) => void
  /** Preview on or off: on a phone it swaps the panes; elsewhere both, or the editor alone. */
  togglePreview: () => void
  /** The preview laid out as Word's pages (word-pages.ts) rather than one long page. */
  wordPage: boolean
  toggleWordPage: () => void
}

export function useLayout(): LayoutState {
  const narrow = useMedia(NARROW_QUERY)
  const phone = useMedia(PHONE_QUERY)
  const [pinned, setPinned] = useState(() => remembered(SIDEBAR_KEY) !== 'closed')
  const [drawer, setDrawer] = useState(false)
  const [chosen, setChosen] = useState<ViewMode>(() => {
    const stored = remembered(VIEW_KEY)
    return stored === 'editor' || stored === 'preview' || stored === 'both' ? stored : 'both'
  })
  const [wordPage, setWordPage] = useState(() => remembered(WORD_PAGE_KEY) === 'on')
  const view: ViewMode = phone && chosen === 'both' ? 'editor' : chosen
  // A drawer left open on a narrow window is not open again when the window narrows later.
  useEffect(() => {
    if (!narrow) setDrawer(false)
  }, [narrow])

  const toggleSidebar = useCallback(() => {
    if (narrow) setDrawer((open) => !open)
    else
      setPinned((open) => {
        remember(SIDEBAR_KEY, open ? 'closed' : 'open')
        return !open
      })
  }, [narrow])
  const closeSidebar = useCallback(() => {
    if (narrow) setDrawer(false)
  }, [narrow])
  const setView = useCallback((next: ViewMode) => {
    remember(VIEW_KEY, next)
    setChosen(next)
  }, [])
  const togglePreview = useCallback(() => {
    if (phone) setView(view === 'preview' ? 'editor' : 'preview')
    else setView(view === 'both' ? 'editor' : 'both')
  }, [phone, setView, view])

  const toggleWordPage = useCallback(() => {
    setWordPage((on) => {
      remember(WORD_PAGE_KEY, on ? 'off' : 'on')
      return !on
    })
  }, [])

  return useMemo(
    () => ({ narrow, phone, sidebarOpen: narrow ? drawer : pinned, toggleSidebar, closeSidebar, view, setView, togglePreview, wordPage, toggleWordPage }),
    [closeSidebar, drawer, narrow, phone, pinned, setView, toggleSidebar, togglePreview, view, wordPage, toggleWordPage],
  )
}
