/**
 * Placeholder shell until the editor lands (issue 3): converts a sample document in the
 * browser and offers the .docx, proving the compiler runs client-side.
 */
import { StrictMode, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { markdownToDocx } from '../convert.js'

const SAMPLE = `# markdocx\n\nWrite **Markdown**, export *Word*.\n\n- real lists\n- real footnotes[^1]\n\n[^1]: Like this one.\n`

function App() {
  const [status, setStatus] = useState('')
  const exportDocx = async () => {
    setStatus('Exporting…')
    const { data } = await markdownToDocx(SAMPLE, { output: 'blob' })
    const url = URL.createObjectURL(data)
    const a = document.createElement('a')
    a.href = url
    a.download = 'markdocx.docx'
    a.click()
    URL.revokeObjectURL(url)
    setStatus('Done')
  }
  return (
    <main>
      <pre data-testid="editor">{SAMPLE}</pre>
      <button type="button" data-testid="export-docx" onClick={() => void exportDocx()}>
        Export .docx
      </button>
      <p role="status">{status}</p>
    </main>
  )
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
