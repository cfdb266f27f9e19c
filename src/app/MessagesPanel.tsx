/**
 * "What will not survive into Word": the compiler's messages for the document, each with its
 * line; choosing one puts the cursor there.
 */
import { memo } from 'react'
import type { Message } from '../markdown/messages.js'

export interface MessagesPanelProps {
  messages: readonly Message[]
  /** False for large documents, which are checked on export or on request only. */
  checkedLive: boolean
  onJump: (line: number) => void
  onCheck: () => void
}

function MessagesList({ messages, checkedLive, onJump, onCheck }: MessagesPanelProps) {
  return (
    <section className="messages" data-testid="messages" aria-label="What will not survive into Word">
      <h2>
        What will not survive into Word <span className="count">{messages.length}</span>
        {!checkedLive && (
          <button type="button" className="link-button" onClick={onCheck}>
            Check now
          </button>
        )}
      </h2>
      {messages.length === 0 ? (
        <p className="muted">{checkedLive ? 'Nothing: everything in this document has a faithful Word form.' : 'Large document: checked when you export, or with “Check now”.'}</p>
      ) : (
        <ul>
          {messages.map((message, i) => (
            <li key={i} className={`message message-${message.severity}`} data-rule={message.ruleId}>
              <button type="button" onClick={() => message.line !== undefined && onJump(message.line)} disabled={message.line === undefined}>
                <span className="where">{message.line !== undefined ? `Line ${message.line}` : 'Document'}</span>
                <span className="reason">{message.reason}</span>
                <span className="rule">{message.ruleId}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

export const MessagesPanel = memo(MessagesList)
