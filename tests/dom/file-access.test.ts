/**
 * Save as .zip and open a .zip: the Markdown and the images its links name travel together,
 * and a zip without Markdown is refused rather than half-opened.
 */
import { strFromU8, strToU8, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { unzipBundle, zipBundle } from '../../src/app/file-access.js'
import { downloadName, docxOptionsFor } from '../../src/worker/engine.js'
import { DEFAULT_EXPORT_SETTINGS } from '../../src/model/export-settings.js'

/** jsdom's Blob has no arrayBuffer(); FileReader it has. */
function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer))
    reader.onerror = () => reject(reader.error)
    reader.readAsArrayBuffer(blob)
  })
}

describe('zip bundles', () => {
  it('round-trips the Markdown and its images', async () => {
    const blob = zipBundle({ markdownName: 'report.md', text: '# R\n\n![a](images/a.png)\n', images: [{ path: 'images/a.png', bytes: new Uint8Array([137, 80, 78, 71]) }] })
    expect(blob.type).toBe('application/zip')
    const bundle = unzipBundle(await bytesOf(blob))
    expect(bundle?.markdownName).toBe('report.md')
    expect(bundle?.text).toBe('# R\n\n![a](images/a.png)\n')
    expect(bundle?.images.map((image) => [image.path, [...image.bytes]])).toEqual([['images/a.png', [137, 80, 78, 71]]])
  })

  it('reads a bundle whose files sit in a folder, and refuses one without Markdown', () => {
    const nested = zipSync({ 'proj/notes.md': strToU8('hi'), 'proj/images/x.jpg': new Uint8Array([1]), '__MACOSX/proj/._notes.md': new Uint8Array([0]) })
    const bundle = unzipBundle(nested)
    expect(bundle?.markdownName).toBe('notes.md')
    expect(bundle?.images.map((image) => image.path)).toEqual(['images/x.jpg'])
    expect(unzipBundle(zipSync({ 'a.txt': strToU8('x') }))).toBeUndefined()
    // Any extension of the one Markdown list (src/model/markdown-files.ts) but .txt.
    expect(unzipBundle(zipSync({ 'notes.txt': strToU8('x'), 'draft.mkd': strToU8('# D') }))?.markdownName).toBe('draft.mkd')
    expect(unzipBundle(new Uint8Array([1, 2, 3]))).toBeUndefined()
  })

  it('keeps the bibliographies and styles beside the Markdown (as its front matter names them), not those in subfolders', () => {
    const zipped = zipSync({ 'p/paper.md': strToU8('---\nbibliography: refs.bib\n---\n'), 'p/refs.bib': strToU8('@book{k}'), 'p/apa.csl': strToU8('<style/>'), 'p/old/refs.bib': strToU8('x'), 'p/images/a.png': new Uint8Array([1]) })
    const bundle = unzipBundle(zipped)
    expect(bundle?.files?.map((file) => [file.path, strFromU8(file.bytes)])).toEqual([
      ['refs.bib', '@book{k}'],
      ['apa.csl', '<style/>'],
    ])
    expect(bundle?.images.map((image) => image.path)).toEqual(['images/a.png'])
  })
})

describe('export naming and settings', () => {
  it('names the download after the title, else the file, without characters file systems refuse', () => {
    expect(downloadName('Q3: Plan / Draft?', 'x.md')).toBe('Q3 Plan Draft.docx')
    expect(downloadName(undefined, 'notes.markdown')).toBe('notes.docx')
    expect(downloadName('   ', '')).toBe('document.docx')
  })

  it('turns millimetre margins into twips', () => {
    const options = docxOptionsFor({ ...DEFAULT_EXPORT_SETTINGS, margins: { top: 25.4, right: 10, bottom: 0, left: 20 } })
    expect(options.margins).toEqual({ top: 1440, right: 567, bottom: 0, left: 1134 })
    expect(options.pageSize).toBe('A4')
  })
})
