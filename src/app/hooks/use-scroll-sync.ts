/**
 * Editor and preview scrolled together: whichever pane the user last moved (typing counts as the
 * editor) leads, the other follows it on the next frame; the preview also follows after each
 * draw and each image load. Jumps (an outline entry, a message, a click in the preview) move
 * the cursor and, for headings, the preview. The on/off setting is kept in the browser.
 */
import type { EditorView } from '@codemirror/view'
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react'
import { goToLine, scrollToLine, topLine } from '../../editor/scroll.js'
import type { OutlineEntry } from '../../markdown/preview-hast.js'
import type { PreviewHandle } from '../../preview/Preview.js'
import { lineForPreviewTop, previewTopForLine } from '../../preview/scroll-sync.js'
import { getSetting, setSetting } from '../../storage/documents.js'

export type Pane = 'editor' | 'preview'

export interface ScrollSyncState {
  scrollSync: boolean
  toggleSync: () => void
  /** The preview pane's scrolling box and the preview's handle, for the preview pane to attach. */
  scroller: RefObject<HTMLDivElement | null>
  previewHandle: RefObject<PreviewHandle | null>
  /** A pane scrolled (by the user or by us). Stable. */
  onScroll: (source: Pane) => void
  /** The preview drew blocks. Stable. */
  onDrawn: () => void
  /** The user typed: the editor leads. Stable. */
  editorLeads: () => void
  jumpToLine: (line: number) => void
  jumpToHeading: (entry: OutlineEntry) => void
}

const SETTING = 'scroll-sync'

/** A preview scroll this soon after the reader's wheel, touch, key or pointer on it is theirs, even right after a draw. */
const READER_INPUT_MS = 1000

export function useScrollSync(view: RefObject<EditorView | null>): ScrollSyncState {
  const [scrollSync, setScrollSync] = useState(true)
  const syncEnabled = useRef(scrollSync)
  syncEnabled.current = scrollSync
  const scroller = useRef<HTMLDivElement>(null)
  const previewHandle = useRef<PreviewHandle>(null)
  /** Which pane the user last moved: the other one follows it. */
  const leader = useRef<Pane>('editor')
  /** The scroll position we set last, so its scroll event is not taken for the user's. */
  const expectedScroll = useRef<{ target: Pane; top: number } | null>(null)
  const frame = useRef(0)
  /** A draw of the preview was committed and its frame has not run yet: the layout may move the preview on its own. */
  const justDrawn = useRef(false)
  /** The frame callback that follows a draw (onDrawn). */
  const drawnFrame = useRef(0)
  /** When the reader last used the wheel, a touch, a key or the pointer on the preview (its scrollbar too). */
  const lastInput = useRef(-Infinity)

  useEffect(() => {
    let cancelled = false
    getSetting<boolean>(SETTING).then((value) => !cancelled && value === false && setScrollSync(false), () => undefined)
    return () => {
      cancelled = true
    }
  }, [])

  const syncPreviewToEditor = useCallback(() => {
    const editor = view.current
    const box = scroller.current
    const page = previewHandle.current?.view()
    if (!editor || !box || !page || !syncEnabled.current) return
    // The ends map to the ends, whatever the block geometry says.
    const scrollDOM = editor.scrollDOM
    const top =
      scrollDOM.scrollTop <= 0
        ? 0
        : scrollDOM.scrollTop + scrollDOM.clientHeight >= scrollDOM.scrollHeight - 1
          ? box.scrollHeight - box.clientHeight
          : previewTopForLine(box, page, topLine(editor))
    if (Math.abs(box.scrollTop - top) < 1) return
    box.scrollTop = top
    expectedScroll.current = { target: 'preview', top: box.scrollTop }
  }, [view])

  const syncEditorToPreview = useCallback(() => {
    const editor = view.current
    const box = scroller.current
    const page = previewHandle.current?.view()
    if (!editor || !box || !page || !syncEnabled.current) return
    const scrollDOM = editor.scrollDOM
    if (box.scrollTop <= 0) scrollDOM.scrollTop = 0
    else if (box.scrollTop + box.clientHeight >= box.scrollHeight - 1) scrollDOM.scrollTop = scrollDOM.scrollHeight - scrollDOM.clientHeight
    else scrollToLine(editor, lineForPreviewTop(box, page, box.scrollTop))
    expectedScroll.current = { target: 'editor', top: scrollDOM.scrollTop }
  }, [view])

  const onScroll = useCallback(
    (source: Pane) => {
      const expected = expectedScroll.current
      const element = source === 'editor' ? view.current?.scrollDOM : scroller.current
      // Only the pane we scrolled answers for it: an event of the other pane in between (the
      // editor adjusting its own scroll as it measures its lines) used to clear the
      // expectation, and our own scroll of the preview then made the preview lead — and drift.
      if (expected && expected.target === source) {
        expectedScroll.current = null
        if (element && Math.abs(element.scrollTop - expected.top) < 2) return
      }
      // A scroll the layout made right after a draw (scroll anchoring keeps the visible block in
      // place when a banner or the empty-page hint above it goes) is not the reader's: the
      // preview does not lead, or the editor would jump after it. Measured: a paste of 20 000
      // footnotes into an empty document moved the preview to its top this way, and the editor
      // jumped to its first line, a task of 124 ms.
      if (source === 'preview' && justDrawn.current && performance.now() - lastInput.current > READER_INPUT_MS) return
      leader.current = source
      cancelAnimationFrame(frame.current)
      frame.current = requestAnimationFrame(() => (source === 'editor' ? syncPreviewToEditor() : syncEditorToPreview()))
    },
    [syncEditorToPreview, syncPreviewToEditor, view],
  )

  // After each draw of the preview (an edit rendered, blocks drawn as it scrolled), keep it
  // where the editor is — unless the reader is scrolling the preview itself.
  // In the next frame's callback, before it paints, so the preview never shows out of step. Why
  // not at once: reading the preview's geometry here forced its layout inside React's commit, so
  // a heavy draw (a cut 200 × 200 table) was one task of React and layout, 90–110 ms; in the
  // frame callback the layout is the frame's own.
  const onDrawn = useCallback(() => {
    justDrawn.current = true
    cancelAnimationFrame(drawnFrame.current)
    drawnFrame.current = requestAnimationFrame(() => {
      if (leader.current === 'editor') syncPreviewToEditor()
      // A scroll this frame's layout makes (scroll anchoring) is dispatched in the next frame.
      drawnFrame.current = requestAnimationFrame(() => {
        justDrawn.current = false
      })
    })
  }, [syncPreviewToEditor])
  useEffect(() => () => cancelAnimationFrame(drawnFrame.current), [])

  // The reader's own scrolling of the preview starts with one of these.
  useEffect(() => {
    const box = scroller.current
    if (!box) return
    const input = () => {
      lastInput.current = performance.now()
    }
    const kinds = ['wheel', 'touchstart', 'touchmove', 'keydown', 'pointerdown'] as const
    for (const kind of kinds) box.addEventListener(kind, input, { capture: true, passive: true })
    return () => {
      for (const kind of kinds) box.removeEventListener(kind, input, { capture: true })
    }
  }, [])

  // Images change the preview's height after it rendered: keep it where the editor is.
  useEffect(() => {
    const box = scroller.current
    if (!box) return
    const loaded = (event: Event) => {
      if (event.target instanceof HTMLImageElement) syncPreviewToEditor()
    }
    box.addEventListener('load', loaded, true)
    return () => box.removeEventListener('load', loaded, true)
  }, [syncPreviewToEditor])

  const toggleSync = useCallback(() => {
    setScrollSync((on) => {
      setSetting(SETTING, !on).catch(() => undefined)
      return !on
    })
  }, [])

  const editorLeads = useCallback(() => {
    leader.current = 'editor'
  }, [])

  const jumpToLine = useCallback(
    (line: number) => {
      if (view.current) goToLine(view.current, line)
    },
    [view],
  )

  const jumpToHeading = useCallback(
    (entry: OutlineEntry) => {
      if (view.current) goToLine(view.current, entry.line)
      const box = scroller.current
      // The heading's block may not be drawn yet (long documents): the preview scrolls to its place and draws it.
      if (previewHandle.current?.revealId(entry.slug) && box) {
        leader.current = 'preview'
        expectedScroll.current = { target: 'preview', top: box.scrollTop }
      }
    },
    [view],
  )

  return { scrollSync, toggleSync, scroller, previewHandle, onScroll, onDrawn, editorLeads, jumpToLine, jumpToHeading }
}
