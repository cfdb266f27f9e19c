/**
 * A long top-level list is laid out in parts, each a preview block (markdown/preview/list-parts.ts):
 * the parts together show every item, numbered, loose or tight, as the whole list would be.
 */
import type { Element, Root as HastRoot } from 'hast'
import { describe, expect, it } from 'vitest'
import { PreviewCache, PreviewLayouter } from '../../src/markdown/preview-hast.js'
import { parseMarkdown } from '../../src/markdown/parse.js'
import { elementsNamed, layout } from '../support/preview-layout.js'
import { LIST_PART_MORE, LIST_PART_NODES } from '../../src/markdown/preview/list-parts.js'

const lists = (hast: HastRoot[]) => hast.flatMap((tree) => tree.children.filter((child): child is Element => child.type === 'element' && (child.tagName === 'ul' || child.tagName === 'ol')))
const classes = (element: Element) => (Array.isArray(element.properties.className) ? element.properties.className.map(String) : [])

describe('long lists in parts', () => {
  it('keeps a short list one block', () => {
    const { blocks } = layout('- a\n- b\n- c\n')
    expect(blocks).toHaveLength(1)
  })

  it('splits a tight list of 2 500 links into blocks of whole items, every item kept, no cut', () => {
    const text = `${Array.from({ length: 2500 }, (_, i) => `- [link ${i}](https://example.org/${i}) text`).join('\n')}\n`
    const { blocks, hast, notes } = layout(text)
    expect(notes).toEqual([])
    expect(blocks.length).toBeGreaterThan(10)
    const parts = lists(hast)
    expect(parts).toHaveLength(blocks.length)
    expect(parts.reduce((sum, list) => sum + elementsNamed(list, 'li').length, 0)).toBe(2500)
    // Tight, as the list is; no gap but after the last part.
    expect(elementsNamed(hast[0]!, 'p')).toHaveLength(0)
    expect(parts.slice(0, -1).every((list) => classes(list).includes(LIST_PART_MORE))).toBe(true)
    expect(classes(parts[parts.length - 1]!)).not.toContain(LIST_PART_MORE)
    // Each block's lines are its items' lines, in order, together the whole list.
    expect(blocks[0]!.line).toBe(1)
    expect(blocks[blocks.length - 1]!.endLine).toBe(2500)
    for (let i = 1; i < blocks.length; i++) expect(blocks[i]!.line).toBe(blocks[i - 1]!.endLine + 1)
  })

  it('numbers an ordered list on across parts, from its own start', () => {
    const text = `${Array.from({ length: 400 }, (_, i) => `${i + 3}. item *${i}*`).join('\n')}\n`
    const parts = lists(layout(text).hast)
    expect(parts.length).toBeGreaterThan(1)
    expect(parts[0]!.properties.start).toBe(3)
    let next = 3
    for (const part of parts) {
      expect(part.properties.start ?? 1).toBe(next)
      next += elementsNamed(part, 'li').length
    }
    expect(next).toBe(403)
  })

  it('numbers and closes parts of equal items as their place in the list says (equal source, not equal blocks)', () => {
    const { blocks, hast } = layout('1. a\n'.repeat(1000))
    const parts = lists(hast)
    expect(parts.length).toBeGreaterThan(2)
    expect(new Set(blocks.map((block) => block.key)).size).toBe(blocks.length)
    let next = 1
    for (const part of parts) {
      expect(part.properties.start ?? 1).toBe(next)
      next += elementsNamed(part, 'li').length
    }
    expect(next).toBe(1001)
    const bullets = lists(layout('- a\n'.repeat(1000)).hast)
    expect(bullets.slice(0, -1).every((list) => classes(list).includes(LIST_PART_MORE))).toBe(true)
    expect(classes(bullets[bullets.length - 1]!)).not.toContain(LIST_PART_MORE)
  })

  it('makes every part loose when one item of the list is', () => {
    const text = `${Array.from({ length: LIST_PART_NODES }, (_, i) => `- item ${i}`).join('\n')}\n\n- spread\n\n  second paragraph\n`
    const parts = lists(layout(text).hast)
    expect(parts.length).toBeGreaterThan(1)
    for (const part of parts) for (const item of elementsNamed(part, 'li')) expect(elementsNamed(item, 'p').length).toBeGreaterThan(0)
  })

  it('keeps task lists marked in every part', () => {
    const text = `${Array.from({ length: 400 }, (_, i) => `- [${i % 2 ? 'x' : ' '}] task ${i}`).join('\n')}\n`
    const parts = lists(layout(text).hast)
    expect(parts.length).toBeGreaterThan(1)
    for (const part of parts) expect(classes(part)).toContain('contains-task-list')
  })

  it('splits a list once: an edit elsewhere looks at no part again', () => {
    const list = `${Array.from({ length: 2000 }, (_, i) => `- item ${i}`).join('\n')}\n`
    const layouter = new PreviewLayouter(new PreviewCache())
    const first = `Intro.\n\n${list}`
    const { tree } = parseMarkdown(first)
    const before = layouter.update(tree, first)
    // The same list node (as the chunked parser hands back unchanged nodes), a new paragraph before it.
    const second = `Intro, edited.\n\n${list}`
    const next = parseMarkdown(second).tree
    next.children[1] = tree.children[1]!
    const after = layouter.update(next, second)
    expect(layouter.stats.visited).toBe(1)
    expect(after.blocks.slice(1).map((block) => block.key)).toEqual(before.blocks.slice(1).map((block) => block.key))
  })
})
