/**
 * The part of the outline the worker sends the page (src/markdown/preview/outline-limit.ts):
 * every list the page draws from it (the outline panel, the contents list at each depth) shows
 * the same first entries and the same count as from the whole outline.
 */
import { describe, expect, it } from 'vitest'
import type { OutlineEntry } from '../../src/markdown/preview-hast.js'
import { headingsUpTo, limitOutline, samePageOutline, topDepth } from '../../src/markdown/preview-hast.js'

const entry = (index: number, depth: number): OutlineEntry => ({ depth, text: `H${index}`, slug: `h${index}`, line: index + 1 })

/** A deterministic pseudo-random sequence of heading levels (mostly deep, some shallow). */
function levels(count: number, seed: number): number[] {
  let state = seed
  return Array.from({ length: count }, () => {
    state = (state * 1103515245 + 12345) % 2147483648
    const roll = state % 100
    return roll < 2 ? 1 : roll < 10 ? 2 : roll < 40 ? 3 : 4 + (roll % 3)
  })
}

describe('limitOutline', () => {
  it('keeps an outline of at most the limit whole, without counts', () => {
    const entries = [entry(0, 1), entry(1, 2), entry(2, 2)]
    const limited = limitOutline(entries, 3)
    expect(limited.entries).toBe(entries)
    expect(limited.totals).toBeUndefined()
    expect(headingsUpTo(limited, 1)).toBe(1)
    expect(headingsUpTo(limited, 6)).toBe(3)
  })

  it('keeps the first headings and the shallow ones a contents list needs, with the counts', () => {
    // 3 000 headings, levels 1 and 2 in turn: the first 1 000, then level-1 ones up to the 1 000th of them.
    const entries = Array.from({ length: 3000 }, (_, index) => entry(index, 1 + (index % 2)))
    const limited = limitOutline(entries, 1000)
    expect(limited.totals).toEqual([1500, 1500, 0, 0, 0, 0])
    expect(limited.entries).toHaveLength(1500)
    expect(limited.entries.slice(0, 1000)).toEqual(entries.slice(0, 1000))
    expect(limited.entries.slice(1000).every((kept) => kept.depth === 1)).toBe(true)
    expect(limited.entries.at(-1)).toEqual(entries[1998])
    expect(headingsUpTo(limited, 1)).toBe(1500)
    expect(headingsUpTo(limited, 3)).toBe(3000)
  })

  it('gives every list the page draws the same first entries and count as the whole outline', () => {
    for (const [count, limit, seed] of [
      [5000, 1000, 1],
      [20000, 1000, 7],
      [2500, 100, 3],
      [101, 100, 11],
    ] as const) {
      const entries = levels(count, seed).map((depth, index) => entry(index, depth))
      const limited = limitOutline(entries, limit)
      expect(limited.entries.length).toBeLessThanOrEqual(6 * limit)
      for (let depth = 1; depth <= 6; depth++) {
        const whole = entries.filter((kept) => kept.depth <= depth)
        const part = limited.entries.filter((kept) => kept.depth <= depth)
        expect(part.slice(0, limit)).toEqual(whole.slice(0, limit))
        expect(headingsUpTo(limited, depth)).toBe(whole.length)
      }
    }
  })

  it('reads 100 000 headings in one pass', () => {
    const entries = Array.from({ length: 100_000 }, (_, index) => entry(index, 2))
    const limited = limitOutline(entries)
    expect(limited.entries).toHaveLength(1000)
    expect(limited.totals).toEqual([0, 100_000, 0, 0, 0, 0])
    expect(topDepth(limited.entries)).toBe(2)
  })
})

describe('samePageOutline', () => {
  it('compares entries and counts', () => {
    const a = limitOutline([entry(0, 1), entry(1, 1), entry(2, 1)], 2)
    expect(samePageOutline(a, limitOutline([entry(0, 1), entry(1, 1), entry(2, 1)], 2))).toBe(true)
    // A heading added past the limit: the entries are the same, the count is not.
    expect(samePageOutline(a, limitOutline([entry(0, 1), entry(1, 1), entry(2, 1), entry(3, 1)], 2))).toBe(false)
    expect(samePageOutline(a, limitOutline([entry(0, 1), { ...entry(1, 1), line: 9 }, entry(2, 1)], 2))).toBe(false)
    expect(samePageOutline({ entries: [entry(0, 1)] }, { entries: [entry(0, 1)], totals: [1, 0, 0, 0, 0, 0] })).toBe(false)
  })
})
