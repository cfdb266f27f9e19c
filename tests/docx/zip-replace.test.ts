/**
 * replaceZipEntry (src/docx/ooxml/zip-replace.ts): one entry replaced, the others copied as
 * compressed — the very bytes fflate's zipSync gives for the changed files.
 */
import { strToU8, unzipSync, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { replaceZipEntry } from '../../src/docx/ooxml/zip-replace.js'
import { normalizeZipTimestamps } from '../../src/docx/ooxml/zip-timestamps.js'

const noise = (length: number, seed: number) => Uint8Array.from({ length }, (_, i) => (i * 2654435761 + seed) >>> 24)

describe('replaceZipEntry', () => {
  const files = {
    '[Content_Types].xml': strToU8('<Types/>'),
    'word/document.xml': strToU8('<w:document>old</w:document>'),
    'word/media/ä-image.png': noise(200_000, 7),
    'word/styles.xml': strToU8('<w:styles/>'.repeat(1000)),
  }

  it('gives the bytes zipSync gives for the changed files, wherever the entry is', () => {
    for (const path of Object.keys(files)) {
      const replacement = strToU8(`<w:document>${'new text '.repeat(5000)}</w:document>`)
      const replaced = normalizeZipTimestamps(replaceZipEntry(zipSync(files), path, replacement))
      const expected = normalizeZipTimestamps(zipSync({ ...files, [path]: replacement }))
      expect(Buffer.from(replaced).equals(Buffer.from(expected)), path).toBe(true)
      expect(unzipSync(replaced)[path]).toEqual(replacement)
    }
  })

  it('refuses an entry the zip does not have', () => {
    expect(() => replaceZipEntry(zipSync(files), 'word/missing.xml', new Uint8Array())).toThrow(/not in the package/)
  })
})
