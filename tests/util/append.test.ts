/** append and extent (src/util/append.ts, src/util/extent.ts): what spreads did, for any number of items. */
import { describe, expect, it } from 'vitest'
import { append } from '../../src/util/append.js'
import { extent } from '../../src/util/extent.js'

describe('append', () => {
  it('appends in order and returns the list', () => {
    const list = [1]
    expect(append(list, [2, 3])).toBe(list)
    expect(list).toEqual([1, 2, 3])
  })

  it('takes 500 000 items, which a spread into push cannot', () => {
    const many = Array.from({ length: 500_000 }, (_, i) => i)
    expect(() => [].push(...(many as never[]))).toThrow(RangeError)
    expect(append([], many)).toHaveLength(500_000)
  })
})

describe('extent', () => {
  it('gives the least and greatest, or undefined for none', () => {
    expect(extent([3, -1, 7])).toEqual({ min: -1, max: 7 })
    expect(extent([])).toBeUndefined()
    expect(extent(Array.from({ length: 500_000 }, (_, i) => i))).toEqual({ min: 0, max: 499_999 })
  })
})
