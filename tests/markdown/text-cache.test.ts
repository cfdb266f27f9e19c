import { describe, expect, it } from 'vitest'
import { highlightTokens } from '../../src/mdast/highlight.js'
import { TextCache } from '../../src/mdast/text-cache.js'

describe('TextCache', () => {
  it('gives back what was set for a text', () => {
    const cache = new TextCache<number>(100)
    cache.set('abc', 1)
    expect(cache.get('abc')).toBe(1)
    expect(cache.get('abd')).toBeUndefined()
  })

  it('holds at most its limit of key characters, dropping the least recently used', () => {
    const cache = new TextCache<string>(40)
    cache.set('a'.repeat(10), 'a')
    cache.set('b'.repeat(10), 'b')
    cache.set('c'.repeat(10), 'c')
    cache.get('a'.repeat(10))
    cache.set('d'.repeat(10), 'd')
    cache.set('e'.repeat(10), 'e')
    expect(cache.get('b'.repeat(10))).toBeUndefined()
    expect(cache.get('a'.repeat(10))).toBe('a')
    expect(cache.get('e'.repeat(10))).toBe('e')
  })

  it('does not take a text over a quarter of its limit', () => {
    const cache = new TextCache<string>(40)
    cache.set('x'.repeat(11), 'x')
    expect(cache.get('x'.repeat(11))).toBeUndefined()
  })
})

describe('highlightTokens with its cache', () => {
  it('hands out frozen tokens, the same for the same code and language', () => {
    const first = highlightTokens('const a = "b"', 'js')
    const second = highlightTokens('const a = "b"', 'js')
    expect(second).toBe(first)
    expect(Object.isFrozen(first)).toBe(true)
    expect(Object.isFrozen(first[0])).toBe(true)
    expect(highlightTokens('const a = "b"', 'python')).not.toBe(first)
  })
})
