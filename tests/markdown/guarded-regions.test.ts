/**
 * The chunked parser cuts inside a paragraph or a table only where the parser's guard leaves
 * the region alone. `mayTouch` spares running the guard on text it cannot touch: it must say
 * "may" for every text the guard does touch.
 */
import { describe, expect, it } from 'vitest'
import { STRESS_FAMILIES } from '../../src/bench/stress-families.js'
import { GuardedRegions, mayTouch } from '../../src/markdown/chunked/guarded-regions.js'
import { guardMarkdown } from '../../src/markdown/guards/guard.js'

describe('mayTouch', () => {
  it('is true for every stress family the guard touches, and false for plain lines', () => {
    let touched = 0
    for (const family of STRESS_FAMILIES) {
      const text = family.make(0.2)
      const guarded = guardMarkdown(text)
      if (guarded.findings.length === 0 && guarded.text === text) continue
      touched++
      expect(mayTouch(text), family.name).toBe(true)
    }
    expect(touched).toBeGreaterThan(10)
    // Deep indentation and markers with no other guarded character.
    for (const text of [`${' '.repeat(140)}x`, `${'\t'.repeat(40)}x`, `${'- '.repeat(40)}x`, `${'1. '.repeat(40)}x`]) {
      expect(guardMarkdown(text).text === text && guardMarkdown(text).findings.length === 0, text.slice(0, 8)).toBe(false)
      expect(mayTouch(text)).toBe(true)
    }
    expect(mayTouch(Array.from({ length: 1000 }, (_, i) => `line ${i} &amp; more  `).join('\n'))).toBe(false)
  })
})

describe('GuardedRegions', () => {
  it('says whether the guard touches the lines between the blank lines around an offset', () => {
    const colons = `Term\n${Array.from({ length: 600 }, () => ': x').join('\n')}\n`
    const text = `plain\nlines\n\n${colons}\nmore plain\n`
    const regions = new GuardedRegions(text)
    expect(regions.touched(0)).toBe(false)
    expect(regions.touched(text.indexOf('Term') + 5)).toBe(true)
    expect(regions.touched(text.indexOf('more plain'))).toBe(false)
  })
})
