/**
 * Reading a .docx in tests: its parts as text, by path.
 */
import { strFromU8, unzipSync } from 'fflate'

export interface DocxPackage {
  /** Every entry's path. */
  paths: string[]
  /** A part as text (XML), or undefined. */
  text(path: string): string | undefined
  /** A part's bytes, or undefined. */
  bytes(path: string): Uint8Array | undefined
}

export function openDocx(data: Uint8Array): DocxPackage {
  const files = unzipSync(data)
  return {
    paths: Object.keys(files),
    text: (path) => (files[path] ? strFromU8(files[path]!) : undefined),
    bytes: (path) => files[path],
  }
}
