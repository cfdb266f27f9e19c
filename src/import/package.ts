/**
 * A .docx's zip package read with limits: what is not a zip (an old .doc, an encrypted file,
 * anything else) is named, a zip bomb is refused by the sizes its directory declares before
 * anything is inflated (fflate inflates an entry into a buffer of its declared size, never more),
 * and broken entries become a message instead of an exception.
 */
import { strFromU8, unzipSync, zipSync, type Zippable } from 'fflate'

export interface PackageLimits {
  /** Bytes all the entries read may take once inflated (default 256 MiB). */
  maxUnzippedBytes?: number
  /** Bytes one XML part may take (default 64 MiB). */
  maxPartBytes?: number
}

export type ReadPackage = { ok: true; files: Map<string, Uint8Array> } | { ok: false; reason: string }

const DEFAULT_TOTAL = 256 * 1024 * 1024
const DEFAULT_PART = 64 * 1024 * 1024

/** The package's entries, or why it cannot be read. */
export function readPackage(bytes: Uint8Array, limits: PackageLimits = {}): ReadPackage {
  const kind = sniff(bytes)
  if (kind !== 'zip') return { ok: false, reason: kind }
  const maxTotal = limits.maxUnzippedBytes ?? DEFAULT_TOTAL
  const maxPart = limits.maxPartBytes ?? DEFAULT_PART
  let total = 0
  let refused: string | undefined
  let entries: Record<string, Uint8Array>
  try {
    entries = unzipSync(bytes, {
      filter(file) {
        if (file.name.endsWith('/')) return false
        const isXml = /\.(xml|rels)$/i.test(file.name)
        if (isXml && file.originalSize > maxPart) {
          refused ??= `its part ${file.name} would take ${megabytes(file.originalSize)} unpacked (the limit is ${megabytes(maxPart)})`
          return false
        }
        total += file.originalSize
        if (total > maxTotal) {
          refused ??= `it would take more than ${megabytes(maxTotal)} unpacked`
          return false
        }
        return true
      },
    })
  } catch (error) {
    return { ok: false, reason: `it is a damaged zip package (${error instanceof Error ? error.message : String(error)})` }
  }
  if (refused !== undefined) return { ok: false, reason: `not opened: ${refused}` }
  const files = new Map<string, Uint8Array>()
  for (const name of Object.keys(entries).sort()) files.set(name.replace(/^\/+/, ''), entries[name]!)
  if (!files.has('word/document.xml') && !findMainPart(files)) return { ok: false, reason: 'it is a zip package without a Word document in it (no word/document.xml)' }
  return { ok: true, files }
}

/** The main document part a package's relationships name, when it is not word/document.xml. */
export function findMainPart(files: Map<string, Uint8Array>): string | undefined {
  const rels = files.get('_rels/.rels')
  if (!rels) return undefined
  const text = decodeXml(rels)
  const match = /Type="[^"]*\/officeDocument"[^>]*?Target="\/?([^"]+)"|Target="\/?([^"]+)"[^>]*?Type="[^"]*\/officeDocument"/.exec(text)
  const target = match?.[1] ?? match?.[2]
  return target !== undefined && files.has(target) ? target : undefined
}

/** What the bytes are: 'zip', or a sentence saying what else. */
function sniff(bytes: Uint8Array): 'zip' | string {
  if (bytes.length === 0) return 'the file is empty'
  if (bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5 || bytes[2] === 7)) return 'zip'
  if (bytes.length >= 8 && bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0) {
    return 'it is an old Word .doc or an encrypted (password-protected) document, not a .docx: open it in Word or LibreOffice and save it as .docx'
  }
  if (bytes[0] === 0x7b && bytes[1] === 0x5c && bytes[2] === 0x72 && bytes[3] === 0x74 && bytes[4] === 0x66) return 'it is an RTF file, not a .docx'
  if (bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46) return 'it is a PDF, not a .docx'
  return 'it is not a .docx (a .docx is a zip package; this file does not start like one)'
}

function megabytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MiB`
}

/** UTF-8 (or UTF-16 with its byte order mark) XML as text. */
export function decodeXml(bytes: Uint8Array): string {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2))
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2))
  const text = strFromU8(bytes)
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
}

/** The entries as a zip again (stored, not compressed: it is read back at once). */
export function writePackage(files: Map<string, Uint8Array>): Uint8Array {
  const zippable: Zippable = {}
  for (const [name, data] of files) zippable[name] = [data, { level: 0 }]
  return zipSync(zippable, { level: 0, mtime: new Date(1980, 0, 1) })
}
