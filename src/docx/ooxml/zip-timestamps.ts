/**
 * Makes a zip's bytes reproducible: fflate (inside docx) stamps every entry with the current
 * time. This sets each entry's DOS date/time, in the central directory and the local headers,
 * to 1980-01-01 00:00 — in place, without recompressing (the CRCs cover data only).
 */

import { readZip } from './zip-entries.js'

/** 1980-01-01 in DOS date format: year 0, month 1, day 1. */
const DOS_DATE = (1 << 5) | 1

export function normalizeZipTimestamps(zip: Uint8Array): Uint8Array {
  for (const { local, central } of readZip(zip).entries) {
    const centralView = new DataView(central.buffer, central.byteOffset, central.byteLength)
    centralView.setUint16(12, 0, true)
    centralView.setUint16(14, DOS_DATE, true)
    const localView = new DataView(local.buffer, local.byteOffset, local.byteLength)
    localView.setUint16(10, 0, true)
    localView.setUint16(12, DOS_DATE, true)
  }
  return zip
}
