/**
 * Opening a Word document: the conversion to Markdown runs in a worker of its own, started for
 * the file and ended after it (../importer.ts). Where workers are unavailable (tests, old
 * browsers) the importer is loaded into the page on first use instead — either way mammoth
 * (~300 kB) is fetched only when a .docx is opened.
 */
import type { DocxToMarkdownResult } from '../../import/docx-to-markdown.js'

/** What the page needs of an import: the tree stays behind. */
export type ImportedDocx = Omit<DocxToMarkdownResult, 'tree'>

export interface ImportRequest {
  bytes: Uint8Array
}

export type ImportReply = { ok: true; result: ImportedDocx } | { ok: false; error: string }

/** Converts a .docx to Markdown off the page's thread. Rejects only when the worker itself fails. */
export function importDocx(bytes: Uint8Array): Promise<ImportedDocx> {
  if (typeof Worker === 'undefined') return importInThread(bytes)
  let worker: Worker
  try {
    worker = new Worker(new URL('../importer.ts', import.meta.url), { type: 'module', name: 'markdocx-import' })
  } catch {
    return importInThread(bytes)
  }
  return new Promise<ImportedDocx>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<ImportReply>) => {
      worker.terminate()
      if (event.data.ok) resolve(event.data.result)
      else reject(new Error(event.data.error))
    }
    worker.onerror = (event) => {
      event.preventDefault()
      worker.terminate()
      reject(new Error(event.message || 'the import worker failed'))
    }
    // Transferred when the bytes are the whole of their buffer (a file read for this): no copy.
    const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
    const request: ImportRequest = { bytes }
    worker.postMessage(request, whole ? [bytes.buffer] : [])
  })
}

async function importInThread(bytes: Uint8Array): Promise<ImportedDocx> {
  const { docxToMarkdown } = await import('../../import/docx-to-markdown.js')
  const { markdown, images, messages } = await docxToMarkdown(bytes)
  return { markdown, images, messages }
}
