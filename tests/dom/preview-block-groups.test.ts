/**
 * Past GROUP_FROM blocks, runs of small blocks are laid out as one block each
 * (markdown/preview/block-groups.ts): every heading is still there with its id and its line,
 * a group's boundaries depend on content only (an edit near the top regroups little), and large
 * blocks stay on their own.
 */
import type { Element } from 'hast'
import { describe, expect, it } from 'vitest'
import { PreviewCache, PreviewLayouter } from '../../src/markdown/preview-hast.js'
import { parseMarkdown } from '../../src/markdown/parse.js'
import { GROUP_ELEMENTS, GROUP_FROM, GROUP_MEMBERS, MEMBER_CLASS } from '../../src/markdown/preview/block-groups.js'
import { elementsNamed, layout } from '../support/preview-layout.js'

const classes = (element: Element) => (Array.isArray(element.properties.className) ? element.properties.className.map(String) : [])
const headings = (count: number, from = 0) => Array.from({ length: count }, (_, i) => `# Heading ${i + from}`).join('\n\n')

describe('groups of small blocks', () => {
  it('leaves a document of fewer blocks alone', () => {
    const { blocks } = layout(`${headings(100)}\n`)
    expect(blocks).toHaveLength(100)
  })

  it('groups 12 000 headings into far fewer blocks, each heading kept with its id and line', () => {
    const count = GROUP_FROM + 2000
    const { blocks, hast } = layout(`${headings(count)}\n`)
    expect(blocks.length).toBeLessThan(count / 3)
    const h1 = hast.flatMap((tree) => elementsNamed(tree, 'h1'))
    expect(h1).toHaveLength(count)
    expect(blocks.flatMap((block) => block.ids ?? [])).toHaveLength(count)
    // Heading i is on line 2i + 1: each block's first line plus its element's dataRel.
    const lines: number[] = []
    blocks.forEach((block, index) => {
      for (const member of hast[index]!.children) {
        if (member.type !== 'element') continue
        // A grouped block's elements sit in a member element of their own; a block alone's at the top.
        const elements = classes(member).includes(MEMBER_CLASS) ? member.children : [member]
        for (const element of elements) if (element.type === 'element') lines.push(block.line + Number((element as Element).properties.dataRel))
      }
    })
    expect(lines).toEqual(Array.from({ length: count }, (_, i) => 2 * i + 1))
    for (const block of blocks) expect(block.elements).toBeLessThanOrEqual(GROUP_ELEMENTS + GROUP_MEMBERS)
    expect(Math.max(...hast.map((tree) => tree.children.length))).toBeLessThanOrEqual(GROUP_MEMBERS)
  })

  it('regroups only around an edit: the groups after it keep their keys', () => {
    const cache = new PreviewCache()
    const layouter = new PreviewLayouter(cache)
    const text = `${headings(GROUP_FROM + 1000)}\n`
    const before = layouter.update(parseMarkdown(text).tree, text).blocks
    const edited = `# Inserted\n\n${text}`
    const after = layouter.update(parseMarkdown(edited).tree, edited).blocks
    const keys = new Set(before.map((block) => block.key))
    const kept = after.filter((block) => keys.has(block.key)).length
    expect(kept).toBeGreaterThan(after.length - 5)
    // Every rendering the blocks need is in the cache.
    for (const block of after) expect(cache.get(block.key)).toBeDefined()
  })

  it('keeps a large block on its own between groups', () => {
    const table = `| a | b |\n| - | - |\n${Array.from({ length: 60 }, (_, i) => `| ${i} | x |`).join('\n')}`
    const { blocks, hast } = layout(`${headings(GROUP_FROM)}\n\n${table}\n\n${headings(500, GROUP_FROM)}\n`)
    const index = hast.findIndex((tree) => elementsNamed(tree, 'table').length > 0)
    expect(hast[index]!.children.filter((child) => child.type === 'element').map((child) => (child as Element).tagName)).toEqual(['table'])
    expect(blocks[index]!.line).toBe(2 * GROUP_FROM + 1)
  })
})
