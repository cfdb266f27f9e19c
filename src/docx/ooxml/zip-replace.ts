/**
 * One entry of a zip replaced, every other entry copied as it is compressed. Unzipping a
 * .docx and zipping it again deflates its images a second time: three 8 MB photos took 1–2.5 s
 * more. The new entry is deflated by fflate's `zipSync`, as docx zips (fflate's defaults), so
 * the result is byte for byte the zip `zipSync` would give for the changed files.
 *
 * Only for zips as fflate writes them: entries one after another from the start, then the
 * central directory, then the end record, without a comment or ZIP64 records.
 */
import { zipSync } from 'fflate'

const EOCD = 0x06054b50
const CENTRAL = 0x02014b50
const LOCAL = 0x04034b50

interface Entry {
  name: string
  /** The local header and the compressed data. */
  local: Uint8Array
  /** The central directory record. */
  central: Uint8Array
}

/** The zip with `path`'s content replaced by `data` (the entry keeps its place). */
export function replaceZipEntry(zip: Uint8Array, path: string, data: Uint8Array): Uint8Array {
  const { entries, end } = readZip(zip)
  const index = entries.findIndex((entry) => entry.name === path)
  if (index < 0) throw new Error(`markdocx: ${path} is not in the package`)
  entries[index] = readZip(zipSync({ [path]: data })).entries[0]!
  const localSize = entries.reduce((sum, entry) => sum + entry.local.length, 0)
  const centralSize = entries.reduce((sum, entry) => sum + entry.central.length, 0)
  const out = new Uint8Array(localSize + centralSize + end.length)
  const view = new DataView(out.buffer)
  let offset = 0
  const offsets: number[] = []
  for (const entry of entries) {
    offsets.push(offset)
    out.set(entry.local, offset)
    offset += entry.local.length
  }
  const centralStart = offset
  entries.forEach((entry, n) => {
    out.set(entry.central, offset)
    view.setUint32(offset + 42, offsets[n]!, true)
    offset += entry.central.length
  })
  out.set(end, offset)
  view.setUint32(offset + 12, centralSize, true)
  view.setUint32(offset + 16, centralStart, true)
  return out
}

function readZip(zip: Uint8Array): { entries: Entry[]; end: Uint8Array } {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength)
  const eocd = zip.length - 22
  if (eocd < 0 || view.getUint32(eocd, true) !== EOCD) throw new Error('markdocx: not a zip as fflate writes one')
  const count = view.getUint16(eocd + 10, true)
  let offset = view.getUint32(eocd + 16, true)
  const entries: Entry[] = []
  const decoder = new TextDecoder()
  for (let n = 0; n < count; n++) {
    if (view.getUint32(offset, true) !== CENTRAL) throw new Error('markdocx: a broken central directory')
    const compressed = view.getUint32(offset + 20, true)
    const nameLength = view.getUint16(offset + 28, true)
    const centralLength = 46 + nameLength + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true)
    const local = view.getUint32(offset + 42, true)
    if (view.getUint32(local, true) !== LOCAL) throw new Error('markdocx: a broken local header')
    const localLength = 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true) + compressed
    entries.push({
      name: decoder.decode(zip.subarray(offset + 46, offset + 46 + nameLength)),
      local: zip.subarray(local, local + localLength),
      central: zip.subarray(offset, offset + centralLength),
    })
    offset += centralLength
  }
  return { entries, end: zip.subarray(eocd) }
}
