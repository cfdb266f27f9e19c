/**
 * The app's export dialog settings for issue 4's features reach the compiler: a reference
 * template, contents, page numbers, title page, wide tables.
 */
import { describe, expect, it } from 'vitest'
import { docxOptionsFor } from '../../../src/worker/engine.js'
import { DEFAULT_EXPORT_SETTINGS } from '../../../src/model/export-settings.js'

describe('export settings → compiler options', () => {
  it('leaves the features to the front matter by default', () => {
    const options = docxOptionsFor(DEFAULT_EXPORT_SETTINGS)
    expect(options).not.toHaveProperty('toc')
    expect(options).not.toHaveProperty('pageNumbers')
    expect(options).not.toHaveProperty('referenceDoc')
  })

  it('passes what the dialog set', () => {
    const bytes = new Uint8Array([1, 2, 3])
    const options = docxOptionsFor({ ...DEFAULT_EXPORT_SETTINGS, referenceDoc: { name: 'house.docx', bytes }, toc: true, pageNumbers: 'page-of-pages', titlePage: true, wideTables: 'landscape' })
    expect(options).toMatchObject({ referenceDoc: bytes, toc: true, pageNumbers: 'page-of-pages', titlePage: true, wideTables: 'landscape' })
    expect(docxOptionsFor({ ...DEFAULT_EXPORT_SETTINGS, pageNumbers: 'page' }).pageNumbers).toBe(true)
  })

  it('turns a feature off when the dialog did, over the front matter', () => {
    // Page setup shows `toc: true` from the front matter as ticked; unticked, there is none.
    const options = docxOptionsFor({ ...DEFAULT_EXPORT_SETTINGS, toc: false, pageNumbers: 'none', titlePage: false, wideTables: 'shrink' })
    expect(options).toMatchObject({ toc: false, pageNumbers: false, titlePage: false, wideTables: 'shrink' })
  })
})
