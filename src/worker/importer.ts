/**
 * The Word import worker's entry: a .docx's bytes in, its Markdown, pictures and messages out
 * (import/docx-to-markdown.ts). Started for one file and ended after it (client/import-client.ts),
 * so mammoth's time (about a second for a few pages) never blocks typing, and its memory goes with it.
 */
/// <reference lib="webworker" />
import { docxToMarkdown } from '../import/docx-to-markdown.js'
import type { ImportReply, ImportRequest } from './client/import-client.js'

declare const self: DedicatedWorkerGlobalScope

self.onmessage = async (event: MessageEvent<ImportRequest>) => {
  try {
    const { markdown, images, messages } = await docxToMarkdown(event.data.bytes)
    const reply: ImportReply = { ok: true, result: { markdown, images, messages } }
    self.postMessage(reply)
  } catch (error) {
    // docxToMarkdown reports problems as messages; this is for what it could not catch (out of memory).
    const reply: ImportReply = { ok: false, error: error instanceof Error ? error.message : String(error) }
    self.postMessage(reply)
  }
}
