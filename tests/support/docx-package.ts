/**
 * Reading a .docx in tests: its parts as text, by path; and writing a changed copy (for
 * testing the structural checker on broken packages).
 */
import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from 'fflate'
import type { Document } from '@xmldom/xmldom'
import { parseXml } from './xml.js'

export interface DocxPackage {
  /** Every entry's path. */
  paths: string[]
  /** A part as text (XML), or undefined. */
  text(path: string): string | undefined
  /** A part's bytes, or undefined. */
  bytes(path: string): Uint8Array | undefined
  /** A part parsed as XML (throws when it is absent or not well-formed). */
  xml(path: string): Document
}

export function openDocx(data: Uint8Array): DocxPackage {
  const files = unzipSync(data)
  const text = (path: string) => (files[path] ? strFromU8(files[path]!) : undefined)
  return {
    paths: Object.keys(files),
    text,
    bytes: (path) => files[path],
    xml: (path) => {
      const source = text(path)
      if (source === undefined) throw new Error(`${path} is not in the package`)
      return parseXml(source)
    },
  }
}

/** A part's new content: text, bytes, a function of the old text, or null to remove it. */
export type PartEdit = string | Uint8Array | ((old: string) => string) | null

/** A copy of the package with some parts replaced, changed, added or removed. */
export function editDocx(data: Uint8Array, edits: Record<string, PartEdit>): Uint8Array {
  const files = unzipSync(data)
  const out: Zippable = {}
  for (const [path, content] of Object.entries(files)) out[path] = content
  for (const [path, edit] of Object.entries(edits)) {
    if (edit === null) delete out[path]
    else if (typeof edit === 'string') out[path] = strToU8(edit)
    else if (edit instanceof Uint8Array) out[path] = edit
    else {
      const old = files[path]
      if (!old) throw new Error(`${path} is not in the package`)
      out[path] = strToU8(edit(strFromU8(old)))
    }
  }
  return zipSync(out)
}
