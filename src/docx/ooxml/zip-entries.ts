/**
 * The entries of a zip as fflate writes it (docx zips with fflate): entries one after another
 * from the start, then the central directory, then the end record, without a comment or ZIP64
 * records. Each entry's parts are views into the zip, so writing to them edits it in place.
 */

const EOCD = 0x06054b50
const CENTRAL = 0x02014b50
const LOCAL = 0x04034b50

export interface ZipEntry {
  name: string
  /** The local header and the compressed data. */
  local: Uint8Array
  /** The central directory record. */
  central: Uint8Array
}

export function readZip(zip: Uint8Array): { entries: ZipEntry[]; end: Uint8Array } {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength)
  const eocd = zip.length - 22
  if (eocd < 0 || view.getUint32(eocd, true) !== EOCD) throw new Error('markdocx: not a zip as fflate writes one')
  const count = view.getUint16(eocd + 10, true)
  let offset = view.getUint32(eocd + 16, true)
  const entries: ZipEntry[] = []
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
