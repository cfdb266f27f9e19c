/**
 * The preview's block geometry: offsets from measured heights and estimates, the same array
 * while nothing changed (scrolling asks for it on every step), and a measured height counted
 * for every block of the same content.
 */
import { describe, expect, it } from 'vitest'
import type { PreviewBlock } from '../../src/markdown/preview-hast.js'
import { BlockGeometry } from '../../src/preview/geometry.js'

const block = (key: string, rows = 1): PreviewBlock => ({ key, rows }) as unknown as PreviewBlock

describe('block geometry', () => {
  it('sums measured heights and estimates, and keeps the array while nothing changes', () => {
    const geometry = new BlockGeometry()
    geometry.setWidth(600)
    const blocks = [block('a', 2), block('b', 1), block('c', 3)]
    const first = geometry.offsets(blocks)
    expect([...first]).toEqual([0, 34, 51, 102])
    expect(geometry.offsets(blocks)).toBe(first)
    expect(geometry.record(blocks[1]!, 40, 1)).toBe(true)
    const second = geometry.offsets(blocks)
    expect(second).not.toBe(first)
    expect([...second]).toEqual([0, 34, 74, 125])
    expect(geometry.record(blocks[1]!, 40.2, 1)).toBe(false)
    expect(geometry.offsets(blocks)).toBe(second)
  })

  it('gives a block the height its twin measured once it is drawn, and both a changed height', () => {
    const geometry = new BlockGeometry()
    geometry.setWidth(600)
    const blocks = [block('same'), block('other'), block('same')]
    geometry.offsets(blocks)
    expect(geometry.record(blocks[0]!, 30, 0)).toBe(true)
    expect([...geometry.offsets(blocks)]).toEqual([0, 30, 47, 64])
    // Drawn later: already measured by key, but not yet counted at its index.
    expect(geometry.record(blocks[2]!, 30, 2)).toBe(true)
    expect([...geometry.offsets(blocks)]).toEqual([0, 30, 47, 77])
    expect(geometry.record(blocks[0]!, 50, 0)).toBe(true)
    expect([...geometry.offsets(blocks)]).toEqual([0, 50, 67, 117])
    // A new list of blocks reads every height by key.
    expect([...geometry.offsets([block('same'), block('same')])]).toEqual([0, 50, 100])
  })

  it('forgets heights at another width', () => {
    const geometry = new BlockGeometry()
    geometry.setWidth(600)
    const blocks = [block('a')]
    geometry.record(blocks[0]!, 90, 0)
    expect([...geometry.offsets(blocks)]).toEqual([0, 90])
    expect(geometry.setWidth(300)).toBe(true)
    expect([...geometry.offsets(blocks)]).toEqual([0, 17])
  })
})
