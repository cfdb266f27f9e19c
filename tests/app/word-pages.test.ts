import { describe, expect, it } from 'vitest'
import { PAGE_GAP, pageNumberText, paginate, type PageGeometry } from '../../src/app/word-pages.js'

// A page of 100 × 200 with 20 above and below: 160 of content.
const GEOMETRY: PageGeometry = { width: 100, height: 200, margins: { top: 20, right: 10, bottom: 20, left: 10 } }
const STRIDE = 200 + PAGE_GAP

describe('paginate', () => {
  it('keeps blocks that fit on one page', () => {
    const layout = paginate([{ height: 50 }, { height: 50 }, { height: 60 }], GEOMETRY)
    expect(layout.pages).toHaveLength(1)
    expect(layout.shifts).toEqual([0, 0, 0])
    expect(layout.height).toBe(200)
  })

  it('moves a block that does not fit to the next page, by the space left', () => {
    const layout = paginate([{ height: 100 }, { height: 100 }], GEOMETRY)
    expect(layout.pages.map((page) => page.top)).toEqual([0, STRIDE])
    expect(layout.shifts).toEqual([0, STRIDE - 100])
  })

  it('starts a new page after a page break, and gives a title page no furniture', () => {
    const layout = paginate([{ height: 30, breakAfter: true }, { height: 10, breakAfter: true }, { height: 10 }], GEOMETRY, true)
    expect(layout.pages).toHaveLength(3)
    expect(layout.pages.map((page) => page.plain)).toEqual([true, false, false])
    expect(layout.shifts).toEqual([0, STRIDE - 30, STRIDE - 10])
  })

  it('two page breaks in a row leave an empty page, as in Word', () => {
    const layout = paginate([{ height: 10 }, { height: 0, breakAfter: true }, { height: 0, breakAfter: true }, { height: 10 }], GEOMETRY)
    expect(layout.pages).toHaveLength(3)
  })

  it('runs a block taller than a page over the pages below it', () => {
    const layout = paginate([{ height: 10 }, { height: 400 }, { height: 10 }], GEOMETRY)
    // The tall block starts page 2 and needs two more pages; the last block follows it there.
    expect(layout.shifts[1]).toBe(STRIDE - 10)
    expect(layout.pages.length).toBeGreaterThanOrEqual(4)
  })

  it('puts turned blocks on landscape pages of their own', () => {
    const layout = paginate([{ height: 10 }, { height: 10, turned: true }, { height: 10, turned: true }, { height: 10 }], GEOMETRY)
    expect(layout.pages.map((page) => page.turned)).toEqual([false, true, false])
    // A landscape page is 100 high: the third page starts after it.
    expect(layout.pages[2]!.top).toBe(STRIDE + 100 + PAGE_GAP)
  })

  it('survives nonsense heights', () => {
    const layout = paginate([{ height: Number.NaN }, { height: -5 }, { height: Infinity }], GEOMETRY)
    expect(layout.shifts).toHaveLength(3)
    expect(Number.isFinite(layout.height)).toBe(true)
  })

  it('numbers pages as the footer field does', () => {
    expect(pageNumberText('page', 3, 9, { page: 'Page', of: 'of' })).toBe('3')
    expect(pageNumberText('page-of-pages', 3, 9, { page: 'Seite', of: 'von' })).toBe('Seite 3 von 9')
  })
})
