/**
 * Two tabs on one document: the tab that holds the document's lock journals it; the other must
 * not write into the same journal (the entries would interleave) and must not lose what is typed
 * in it either. So the first edit in the other tab copies the document — its text as that tab
 * has it, its images, its export settings — and that tab goes on in the copy. Both versions
 * stay in the document list; neither tab overwrites the other.
 */
import type { OpenDocument } from './session.js'
import { openById } from './session.js'
import { copyAssets } from '../storage/assets.js'
import type { Cursor } from '../storage/db.js'
import { createDocument } from '../storage/documents.js'
import { markdownExtension, withoutMarkdownExtension } from '../model/markdown-files.js'

/** "notes.md" → "notes (copy).md", "Minutes" → "Minutes (copy)". */
export function copyName(name: string): string {
  return `${withoutMarkdownExtension(name)} (copy)${markdownExtension(name)}`
}

/** Stores `text` as a copy of `source` (with its images) and opens the copy. */
export async function forkDocument(source: OpenDocument, text: string, cursor: Cursor): Promise<OpenDocument> {
  // No file handle: saving the copy must not overwrite the file the original came from.
  const record = await createDocument(copyName(source.name), text, { cursor, exportSettings: source.exportSettings })
  await copyAssets(source.id, record.id)
  const opened = await openById(record.id)
  if (!opened) throw new Error('the copy could not be opened')
  return opened
}
