/**
 * One entry of a zip replaced, every other entry copied as it is compressed. Unzipping a
 * .docx and zipping it again deflates its images a second time: three 8 MB photos took 1–2.5 s
 * more. The new entry is deflated by fflate's `zipSync`, as docx zips (fflate's defaults), so
 * the result is byte for byte the zip `zipSync` would give for the changed files.
 * Only for zips as fflate writes them (zip-entries.ts).
 */
import { zipSync } from 'fflate'
import { readZip } from './zip-entries.js'

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
