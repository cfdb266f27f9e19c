/**
 * `markdocx in.docx -o out.md`: a Word document read back into Markdown (src/import), its
 * pictures written beside the Markdown in the folder its links name (`images/image1.png`).
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { docxToMarkdown } from '../import/docx-to-markdown.js'

/** Extensions of Word documents (and templates) the CLI imports. */
const WORD_EXTENSIONS = /\.(docx|docm|dotx|dotm)$/i

/** Whether an input is a Word document: by its name, or (standard input, odd names) by its bytes. */
export function isWordDocument(name: string, bytes?: Uint8Array): boolean {
  if (WORD_EXTENSIONS.test(name)) return true
  if (!bytes || bytes.length < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b || bytes[2] !== 3 || bytes[3] !== 4) return false
  // A zip: a Word document names its main part near the start of its directory or first entries.
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, Math.min(bytes.length, 1 << 16)))
  const tail = new TextDecoder('latin1').decode(bytes.subarray(Math.max(0, bytes.length - (1 << 16))))
  return head.includes('word/') || tail.includes('word/document.xml')
}

export function isWordName(name: string): boolean {
  return WORD_EXTENSIONS.test(name)
}

export interface ImportOutcome {
  ok: boolean
  /** Lines for stderr (messages, and what was not written). */
  notes: string[]
}

/**
 * Imports `bytes` and writes the Markdown to `target` (and its pictures under `imageFolder`
 * beside it), or to `stdout` when target is '-' (pictures then not written, with a note).
 */
export async function importDocx(
  bytes: Uint8Array,
  name: string,
  target: string,
  options: { imageFolder: string; quiet: boolean; stdout: { write(chunk: Uint8Array | string): unknown }; write: (path: string, data: Uint8Array) => Promise<void> },
): Promise<ImportOutcome> {
  const result = await docxToMarkdown(bytes, { imageFolder: options.imageFolder })
  const notes = options.quiet ? result.messages.filter((message) => message.severity === 'error') : result.messages
  const lines = notes.map((message) => `${name}: ${message.severity === 'error' ? 'error: ' : ''}${message.reason} [${message.ruleId}]`)
  if (result.messages.some((message) => message.severity === 'error') && result.markdown === '') return { ok: false, notes: lines }
  if (target === '-') {
    options.stdout.write(result.markdown)
    if (result.images.length > 0) lines.push(`${name}: ${result.images.length} picture${result.images.length === 1 ? ' was' : 's were'} not written (the Markdown went to standard output); give -o out.md to write them to ${options.imageFolder}/ [import-images-not-written]`)
    return { ok: true, notes: lines }
  }
  const folder = dirname(target)
  for (const image of result.images) {
    const path = join(folder, image.path)
    await mkdir(dirname(path), { recursive: true })
    await writeFile(path, image.bytes)
  }
  await options.write(target, new TextEncoder().encode(result.markdown))
  return { ok: true, notes: lines }
}
