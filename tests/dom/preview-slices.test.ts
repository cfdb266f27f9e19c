/**
 * Time-sliced drawing (src/preview/Preview.tsx): blocks new to the page are mounted a slice at
 * a time, blocks already mounted cost nothing, blocks whose rendering is still coming from the
 * worker wait for it; the store takes renderings sent after the patch only for its blocks.
 */
import type { Element, Root as HastRoot } from 'hast'
import { describe, expect, it, vi } from 'vitest'
import type { PreviewBlock } from '../../src/markdown/preview-hast.js'
import { drawKeys, pendingBlocks, SLICE_COST } from '../../src/preview/Preview.js'
import { PreviewStore } from '../../src/preview/store.js'
import { INPUT_WEIGHT, summarize } from '../../src/markdown/preview/summary.js'

const block = (key: string, elements: number, line = 1): PreviewBlock => ({ key, line, endLine: line, kind: 'block', rows: 1, elements })
const tree = (text: string): HastRoot => ({ type: 'root', children: [{ type: 'element', tagName: 'p', properties: {}, children: [{ type: 'text', value: text }] }] })

describe('pendingBlocks', () => {
  it('draws new blocks up to the slice cost, in order, the first always', () => {
    const blocks = [block('a', SLICE_COST * 2), block('b', 10), block('c', 10)]
    expect([...pendingBlocks(blocks, 0, 3, new Set())]).toEqual([1, 2])
    const small = Array.from({ length: 10 }, (_, i) => block(`k${i}`, SLICE_COST / 4))
    expect([...pendingBlocks(small, 0, 10, new Set())]).toEqual([4, 5, 6, 7, 8, 9])
  })

  it('counts nothing for blocks already mounted', () => {
    const blocks = [block('a', SLICE_COST), block('b', SLICE_COST), block('c', 10)]
    expect([...pendingBlocks(blocks, 0, 3, new Set(['a']))]).toEqual([2])
    expect(pendingBlocks(blocks, 0, 3, new Set(['a', 'b', 'c'])).size).toBe(0)
  })

  it('counts the footnotes section’s elements twice (ids, back links and labels cost the page more)', () => {
    const notes = (key: string, elements: number): PreviewBlock => ({ ...block(key, elements), kind: 'footnotes' })
    // Four parts of a quarter slice: two fit, where four blocks of a list would.
    expect([...pendingBlocks([notes('n0', SLICE_COST / 4), notes('n1', SLICE_COST / 4), notes('n2', SLICE_COST / 4), notes('n3', SLICE_COST / 4)], 0, 4, new Set())]).toEqual([2, 3])
    expect(pendingBlocks([block('b0', SLICE_COST / 4), block('b1', SLICE_COST / 4), block('b2', SLICE_COST / 4), block('b3', SLICE_COST / 4)], 0, 4, new Set()).size).toBe(0)
  })

  it('counts a task item’s box as INPUT_WEIGHT elements (a form control costs the page more)', () => {
    const item = (checked: boolean): Element => ({ type: 'element', tagName: 'li', properties: {}, children: [{ type: 'element', tagName: 'input', properties: { type: 'checkbox', checked }, children: [] }, { type: 'text', value: ' task' }] })
    const list: HastRoot = { type: 'root', children: [{ type: 'element', tagName: 'ul', properties: {}, children: [item(true), item(false), item(false)] }] }
    expect(summarize(list).elements).toBe(1 + 3 * (1 + INPUT_WEIGHT))
    expect(summarize(tree('plain')).elements).toBe(1)
  })

  it('counts equal blocks one by one: one on the page does not make the others drawn', () => {
    // Headings sharing one {#id} render alike and share a content key; each still costs its draw.
    const equal = Array.from({ length: 10 }, () => block('same', SLICE_COST / 4))
    expect(drawKeys(equal, 0, 3)).toEqual(['same', 'same~1', 'same~2'])
    expect([...pendingBlocks(equal, 0, 10, new Set())]).toEqual([4, 5, 6, 7, 8, 9])
    expect([...pendingBlocks(equal, 0, 10, new Set(['same', 'same~1', 'same~2', 'same~3']))]).toEqual([8, 9])
  })

  it('keeps blocks waiting whose rendering has not come', () => {
    const blocks = [block('a', 1), block('b', 1)]
    expect([...pendingBlocks(blocks, 0, 2, new Set(), (key) => key === 'a')]).toEqual([1])
  })
})

describe('PreviewStore.addHast', () => {
  it('takes the renderings of later parts, and drops those of blocks gone once they outnumber the blocks', () => {
    const store = new PreviewStore()
    store.apply({ head: 0, tail: 0, lineDelta: 0, blocks: [block('a', 1), block('b', 1, 3)] }, { a: tree('A') })
    const version = store.getVersion()
    store.addHast({ b: tree('B') })
    expect(store.hastOf('b')).toEqual(tree('B'))
    expect(store.getVersion()).toBe(version + 1)
    store.addHast({})
    expect(store.getVersion()).toBe(version + 1)
    // Renderings of blocks no longer in the list: kept a while (harmless: a key is its content), then swept.
    const gone: Record<string, ReturnType<typeof tree>> = {}
    for (let i = 0; i < 300; i++) gone[`gone${i}`] = tree(String(i))
    store.addHast(gone)
    expect(store.hasHast('gone0')).toBe(false)
    expect(store.hastOf('a')).toEqual(tree('A'))
    expect(store.hastOf('b')).toEqual(tree('B'))
    // A patch that removes a block: its rendering goes at a sweep, the others stay.
    store.apply({ head: 1, tail: 0, lineDelta: 0, blocks: [] }, {})
    expect(store.hastOf('a')).toEqual(tree('A'))
  })

  it('takes renderings as JSON (as the worker sends them) and parses one only when it is asked for, once', () => {
    const store = new PreviewStore()
    store.apply({ head: 0, tail: 0, lineDelta: 0, blocks: [block('a', 1), block('b', 1, 3)] }, { a: JSON.stringify(tree('A')) })
    store.addHast({ b: JSON.stringify(tree('B')) })
    const parse = vi.spyOn(JSON, 'parse')
    expect(store.hasHast('b')).toBe(true)
    expect(store.hasHast('c')).toBe(false)
    expect(parse).not.toHaveBeenCalled()
    const first = store.hastOf('b')
    expect(first).toEqual(tree('B'))
    // The same object on every draw (the block's memo compares it), parsed once.
    expect(store.hastOf('b')).toBe(first)
    expect(parse).toHaveBeenCalledTimes(1)
    parse.mockRestore()
  })
})
