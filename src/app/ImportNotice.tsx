/**
 * After a Word document is opened: what its import to Markdown could not carry over as it was
 * (the importer's messages have no line: a .docx has none), until dismissed.
 */
import type { ImportedWord } from './hooks/use-open-files.js'

export function ImportNotice({ imported, onDismiss }: { imported: ImportedWord | null; onDismiss: () => void }) {
  if (!imported) return null
  const { fileName, messages } = imported
  return (
    <div className="banner" role="status" data-testid="import-notice">
      Opened the Word document “{fileName}” as Markdown{messages.length === 0 ? ', with nothing left behind.' : ':'}
      {messages.length > 0 && (
        <ul className="import-messages">
          {messages.map((message, i) => (
            <li key={i} className={`message-${message.severity}`} data-rule={message.ruleId}>
              {message.reason} <span className="rule">{message.ruleId}</span>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="link-button" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  )
}
