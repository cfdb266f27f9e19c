/**
 * A task check (`[x]`) that micromark's task list extension finds outside a list item — in the
 * paragraph after an empty item — stays text (src/markdown/syntax/gfm.ts): it was lost, and
 * mdast-util-gfm's development build asserted on it.
 */
import type { List, Paragraph, Text } from 'mdast'
import { describe, expect, it } from 'vitest'
import { parseMarkdown } from '../../src/markdown/parse.js'

describe('a task check outside a list item', () => {
  it('keeps its text and position, after an empty item', () => {
    for (const check of ['[x]', '[X]', '[ ]']) {
      const { tree } = parseMarkdown(`-\n${check} text\n`)
      expect(tree.children.map((node) => node.type)).toEqual(['list', 'paragraph'])
      const text = (tree.children[1] as Paragraph).children[0] as Text
      expect(text.value).toBe(`${check} text`)
      expect(text.position?.start).toEqual({ line: 2, column: 1, offset: 2 })
      expect(text.position?.end).toEqual({ line: 2, column: 9, offset: 10 })
      expect('checked' in tree).toBe(false)
    }
  })

  it('leaves real task items as they were', () => {
    const { tree } = parseMarkdown('- [x] done\n- [ ] todo\n-\n[X] after\n')
    const list = tree.children[0] as List
    expect(list.children.map((item) => item.checked)).toEqual([true, false, null])
    expect(((list.children[0]!.children[0] as Paragraph).children[0] as Text).value).toBe('done')
    expect(((tree.children[1] as Paragraph).children[0] as Text).value).toBe('[X] after')
  })
})
