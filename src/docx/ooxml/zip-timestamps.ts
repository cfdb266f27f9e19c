/**
 * Makes a zip's bytes reproducible: fflate (inside docx) stamps every entry with the current
 * time. This sets each entry's DOS date/time, in the central directory and the local headers,
 * to 1980-01-01 00:00 — in place, without recompressing (the CRCs cover data only).
 */

const EOCD = 0x06054b50
const CENTRAL = 0x02014b50
const LOCAL = 0x04034b50
/** 1980-01-01 in DOS date format: year 0, month 1, day 1. */
const DOS_DATE = (1 << 5) | 1

export function normalizeZipTimestamps(zip: Uint8Array): Uint8Array {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength)
  let eocd = -1
  // The end record is at least 22 bytes and may be followed by a comment of up to 64 KiB.
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === EOCD) {
      eocd = i
      break
    }
  }
  if (eocd < 0) return zip
  const entries = view.getUint16(eocd + 10, true)
  let offset = view.getUint32(eocd + 16, true)
  for (let n = 0; n < entries && offset + 46 <= zip.length; n++) {
    if (view.getUint32(offset, true) !== CENTRAL) break
    view.setUint16(offset + 12, 0, true)
    view.setUint16(offset + 14, DOS_DATE, true)
    const local = view.getUint32(offset + 42, true)
    if (local + 30 <= zip.length && view.getUint32(local, true) === LOCAL) {
      view.setUint16(local + 10, 0, true)
      view.setUint16(local + 12, DOS_DATE, true)
    }
    offset += 46 + view.getUint16(offset + 28, true) + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true)
  }
  return zip
}
