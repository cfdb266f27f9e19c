/**
 * "What will not survive into Word": the messages of the last check or export, listed in the
 * panel and marked in the editor (also in a view mounted after they came), after the preview's
 * own notes (blocks too large to preview whole, which the export keeps: they come with every
 * render, not with checks).
 */
import type { EditorView } from '@codemirror/view'
import { useCallback, useMemo, useRef, useState, type RefObject } from 'react'
import { showMessages } from '../../editor/diagnostics.js'
import type { Message } from '../../markdown/messages.js'
import { AUTO_CHECK_LIMIT } from '../../worker/limits.js'

export interface MessagesState {
  messages: Message[]
  /** False for large documents, which are checked on export or on request only. */
  checkedLive: boolean
  /** New messages: listed, and marked in `editor` (the view they were made for; by default the current one). Stable. */
  show: (messages: Message[], editor?: EditorView | null) => void
  /** The preview's notes of the latest render (kept, not re-rendered, when they are the same). Stable. */
  showNotes: (notes: readonly Message[]) => void
  /** Another document is shown: no messages until it is checked. Stable. */
  reset: (text: string) => void
  /** A newly mounted view marks the messages already listed. Stable. */
  markIn: (editor: EditorView) => void
}

export function useMessages(view: RefObject<EditorView | null>): MessagesState {
  const [checked, setChecked] = useState<Message[]>([])
  const [notes, setNotes] = useState<readonly Message[]>([])
  const [large, setLarge] = useState(false)
  const latest = useRef<{ checked: readonly Message[]; notes: readonly Message[] }>({ checked: [], notes: [] })
  const all = () => [...latest.current.notes, ...latest.current.checked]

  const show = useCallback(
    (list: Message[], editor: EditorView | null = view.current) => {
      latest.current = { ...latest.current, checked: list }
      setChecked(list)
      if (editor) showMessages(editor, all())
    },
    [view],
  )
  const showNotes = useCallback(
    (list: readonly Message[]) => {
      if (sameMessages(list, latest.current.notes)) return
      latest.current = { ...latest.current, notes: list }
      setNotes(list)
      if (view.current) showMessages(view.current, all())
    },
    [view],
  )
  const reset = useCallback((text: string) => {
    setChecked([])
    latest.current = { ...latest.current, checked: [] }
    setLarge(text.length > AUTO_CHECK_LIMIT)
  }, [])
  const markIn = useCallback((editor: EditorView) => showMessages(editor, all()), [])
  const messages = useMemo(() => [...notes, ...checked], [notes, checked])

  return { messages, checkedLive: !large, show, showNotes, reset, markIn }
}

function sameMessages(a: readonly Message[], b: readonly Message[]): boolean {
  return a.length === b.length && a.every((m, i) => m.reason === b[i]!.reason && m.line === b[i]!.line && m.column === b[i]!.column && m.ruleId === b[i]!.ruleId)
}
