import { describe, expect, it } from 'vitest'
import { resolveOptions, textArea } from '../../src/docx/options.js'
import { PAGE_SIZES, parseLength } from '../../src/docx/ooxml/units.js'
import { fromMarkdown } from '../support/docx.js'
import { attr, elements } from '../support/xml.js'

describe('lengths', () => {
  it('reads inches, centimetres, millimetres, points and twips', () => {
    expect(parseLength('1in')).toBe(1440)
    expect(parseLength('2.54cm')).toBe(1440)
    expect(parseLength('25.4 mm')).toBe(1440)
    expect(parseLength('72pt')).toBe(1440)
    expect(parseLength('720')).toBe(720)
    expect(parseLength('.5in')).toBe(720)
    expect(parseLength(100)).toBe(100)
  })

  it('refuses anything else', () => {
    for (const bad of ['', 'abc', '-1in', '1 parsec', '1in2', NaN, -5, Infinity]) expect(parseLength(bad as string)).toBeUndefined()
  })
})

describe('options', () => {
  it('defaults to A4 portrait, one-inch margins, Calibri 11, Consolas', () => {
    const options = resolveOptions({})
    expect(options).toMatchObject({ page: PAGE_SIZES.A4, margins: { top: 1440, right: 1440, bottom: 1440, left: 1440 }, font: 'Calibri', fontSize: 11, codeFont: 'Consolas' })
    expect(textArea(options)).toEqual({ width: 11906 - 2880, height: 16838 - 2880 })
  })

  it('turns the page for landscape and takes Letter and Legal', () => {
    expect(resolveOptions({ pageSize: 'Letter', orientation: 'landscape' }).page).toEqual({ width: 15840, height: 12240 })
    expect(resolveOptions({ pageSize: 'Legal' }).page).toEqual({ width: 12240, height: 20160 })
  })

  it('keeps at least an inch of text area whatever the margins, and sane font sizes', () => {
    const options = resolveOptions({ margins: 10_000 })
    expect(textArea(options).width).toBeGreaterThanOrEqual(1440)
    expect(textArea(options).height).toBeGreaterThanOrEqual(1440)
    expect(resolveOptions({ margins: { left: -5 } }).margins.left).toBe(1440)
    expect(resolveOptions({ fontSize: 500 }).fontSize).toBe(72)
    expect(resolveOptions({ fontSize: 1 }).fontSize).toBe(6)
    expect(resolveOptions({ font: '  ' }).font).toBe('Calibri')
  })

  it('writes page size, orientation, margins and fonts into the document', async () => {
    const { document, styles } = await fromMarkdown('text', { pageSize: 'Letter', orientation: 'landscape', margins: { top: 720, right: 1080, bottom: 720, left: 1080 }, font: 'Georgia', fontSize: 12 })
    const pgSz = elements(document, 'w:pgSz')[0]!
    expect([attr(pgSz, 'w:w'), attr(pgSz, 'w:h'), attr(pgSz, 'w:orient')]).toEqual(['15840', '12240', 'landscape'])
    const pgMar = elements(document, 'w:pgMar')[0]!
    expect([attr(pgMar, 'w:top'), attr(pgMar, 'w:right'), attr(pgMar, 'w:bottom'), attr(pgMar, 'w:left')]).toEqual(['720', '1080', '720', '1080'])
    const fonts = elements(styles, 'w:rFonts').map((f) => attr(f, 'w:ascii'))
    expect(fonts).toContain('Georgia')
    expect(elements(styles, 'w:sz').map((s) => attr(s, 'w:val'))).toContain('24')
  })
})
