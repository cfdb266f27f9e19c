/**
 * The preview's block geometry: offsets from measured heights and estimates, the same array
 * while nothing changed (scrolling asks for it on every step), and a measured height counted
 * for every block of the same content at once.
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

  it('gives a block the height its twin measured, and both a changed height', () => {
    const geometry = new BlockGeometry()
    geometry.setWidth(600)
    const blocks = [block('same'), block('other'), block('same'), block('same')]
    geometry.offsets(blocks)
    // Equal blocks are equally tall: one measured, all are (the offsets do not wait for a reindex).
    expect(geometry.record(blocks[0]!, 30, 0)).toBe(true)
    expect([...geometry.offsets(blocks)]).toEqual([0, 30, 47, 77, 107])
    expect(geometry.record(blocks[2]!, 30, 2)).toBe(false)
    expect(geometry.record(blocks[0]!, 50, 0)).toBe(true)
    expect([...geometry.offsets(blocks)]).toEqual([0, 50, 67, 117, 167])
    // Measured by key before a new list was indexed: counted at once.
    expect([...geometry.offsets([block('same'), block('same')])]).toEqual([0, 50, 100])
  })

  it('counts a twin drawn after a reindex at the height measured before it', () => {
    const geometry = new BlockGeometry()
    geometry.setWidth(600)
    const blocks = [block('same'), block('other'), block('same')]
    expect(geometry.record(blocks[0]!, 30)).toBe(true)
    expect([...geometry.offsets(blocks)]).toEqual([0, 30, 47, 77])
    expect(geometry.record(blocks[2]!, 30, 2)).toBe(false)
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
