/**
 * "What will not survive into Word": the messages of the last check or export, listed in the
 * panel and marked in the editor (also in a view mounted after they came).
 */
import type { EditorView } from '@codemirror/view'
import { useCallback, useRef, useState, type RefObject } from 'react'
import { showMessages } from '../../editor/diagnostics.js'
import type { Message } from '../../markdown/messages.js'
import { AUTO_CHECK_LIMIT } from '../../worker/limits.js'

export interface MessagesState {
  messages: Message[]
  /** False for large documents, which are checked on export or on request only. */
  checkedLive: boolean
  /** New messages: listed, and marked in `editor` (the view they were made for; by default the current one). Stable. */
  show: (messages: Message[], editor?: EditorView | null) => void
  /** Another document is shown: no messages until it is checked. Stable. */
  reset: (text: string) => void
  /** A newly mounted view marks the messages already listed. Stable. */
  markIn: (editor: EditorView) => void
}

export function useMessages(view: RefObject<EditorView | null>): MessagesState {
  const [messages, setMessages] = useState<Message[]>([])
  const [large, setLarge] = useState(false)
  const latest = useRef<Message[]>([])

  const show = useCallback(
    (list: Message[], editor: EditorView | null = view.current) => {
      latest.current = list
      setMessages(list)
      if (editor) showMessages(editor, list)
    },
    [view],
  )
  const reset = useCallback((text: string) => {
    setMessages([])
    latest.current = []
    setLarge(text.length > AUTO_CHECK_LIMIT)
  }, [])
  const markIn = useCallback((editor: EditorView) => showMessages(editor, latest.current), [])

  return { messages, checkedLive: !large, show, reset, markIn }
}
