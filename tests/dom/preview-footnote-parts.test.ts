/**
 * The footnotes section in parts, each a block (markdown/preview/footnote-parts.ts): numbered on,
 * one rule and heading, links to notes in later parts found by id; patches replace the parts.
 */
import type { Element, Root as HastRoot } from 'hast'
import { describe, expect, it } from 'vitest'
import { applyBlockPatch, bodyLength, diffBlocks } from '../../src/markdown/preview-hast.js'
import { elementsNamed, layout } from '../support/preview-layout.js'
import { FOOTNOTES_MORE } from '../../src/markdown/preview/footnote-parts.js'

const notes = (n: number, from = 0) => `${Array.from({ length: n }, (_, i) => `Text${i + from}[^n${i + from}].`).join('\n\n')}\n\n${Array.from({ length: n }, (_, i) => `[^n${i + from}]: Note ${i + from} with *some* text.`).join('\n')}\n`

describe('the footnotes section in parts', () => {
  it('keeps a few notes one block, as before', () => {
    const { blocks } = layout(notes(3))
    expect(blocks.filter((block) => block.kind === 'footnotes')).toHaveLength(1)
  })

  it('splits 600 notes into parts numbered on, the first with the heading and rule, the ids of each in its block', () => {
    const { blocks, hast } = layout(notes(600))
    const first = bodyLength(blocks)
    expect(first).toBe(600)
    const parts = hast.slice(first)
    expect(parts.length).toBeGreaterThan(3)
    const sections = parts.map((tree) => elementsNamed(tree, 'section')[0]!)
    expect(elementsNamed(parts[0]!, 'h2')).toHaveLength(1)
    expect(sections[0]!.properties.className).not.toContain(FOOTNOTES_MORE)
    for (const section of sections.slice(1)) {
      expect(section.properties.className).toContain(FOOTNOTES_MORE)
      expect(elementsNamed(section, 'h2')).toHaveLength(0)
    }
    let next = 1
    for (const tree of parts) {
      const list = elementsNamed(tree, 'ol')[0]!
      expect(list.properties.start ?? 1).toBe(next)
      next += elementsNamed(list, 'li').length
    }
    expect(next).toBe(601)
    // A link to note 599 finds the part that holds it.
    const holder = blocks.findIndex((block) => block.ids?.includes('user-content-fn-n599'))
    expect(holder).toBeGreaterThan(first)
  })

  it('patches the parts as a whole: an edit in a note replaces them, one in the text before keeps them', () => {
    const text = notes(600)
    const before = layout(text).blocks
    const edited = layout(text.replace('Note 300 with', 'Note 300, edited, with')).blocks
    const patch = diffBlocks(before, edited)
    expect(patch.footnotes?.length).toBe(edited.length - bodyLength(edited))
    expect(applyBlockPatch(before, patch).map((block) => block.key)).toEqual(edited.map((block) => block.key))
    const same = diffBlocks(before, layout(text.replace('Text5[', 'Text five[')).blocks)
    expect(same.footnotes).toBeUndefined()
  })
})
