import type { Element } from 'hast'
import { toText } from 'hast-util-to-text'
import type { Heading } from 'mdast'
import { parseMarkdown } from '../../src/markdown/parse.js'
import { PreviewCache, PreviewLayouter, toPreviewHast } from '../../src/markdown/preview-hast.js'
import { describe, expect, it } from 'vitest'
import { sectionNumbers } from '../../src/mdast/section-numbers.js'

const heading = (depth: 1 | 2 | 3 | 4 | 5 | 6, unnumbered = false): Heading => ({
  type: 'heading',
  depth,
  children: [],
  ...(unnumbered ? { data: { attributes: { classes: ['unnumbered'], pairs: [] } } } : {}),
})

describe('sectionNumbers (pandoc’s counting)', () => {
  it('numbers 1, 1.1, 1.2, 2, 2.1.1 and resets deeper levels', () => {
    const headings = [heading(1), heading(2), heading(2), heading(1), heading(2), heading(3), heading(2)]
    expect([...sectionNumbers(headings).values()]).toEqual(['1', '1.1', '1.2', '2', '2.1', '2.1.1', '2.2'])
  })

  it('counts a level never used as 0, as pandoc does', () => {
    expect([...sectionNumbers([heading(2), heading(3), heading(1), heading(3)]).values()]).toEqual(['0.1', '0.1.1', '1', '1.0.1'])
  })

  it('leaves unnumbered headings out, without raising any counter', () => {
    const headings = [heading(1, true), heading(1), heading(2, true), heading(2), heading(1, true), heading(1)]
    const numbers = sectionNumbers(headings)
    expect(headings.map((h) => numbers.get(h))).toEqual([undefined, '1', undefined, '1.1', undefined, '2'])
  })
})

describe('numbered headings in the preview', () => {
  const numbersShown = (text: string) =>
    toPreviewHast(parseMarkdown(text).tree, text)
      .children.filter((node): node is Element => node.type === 'element' && /^h\d$/.test(node.tagName))
      .map((node) => toText(node))

  it('shows the numbers the export gives when the front matter asks for number-sections', () => {
    const text = '---\nnumber-sections: true\n---\n\n# One\n\n## Two\n\n[^n]\n\n[^n]: A note\n\n    # not a heading\n\n# Three\n'
    expect(numbersShown(text)).toEqual(['1 One', '1.1 Two', '2 Three'])
  })

  it('shows none otherwise', () => {
    expect(numbersShown('# One\n\n## Two\n')).toEqual(['One', 'Two'])
    expect(numbersShown('---\nnumber-sections: false\n---\n\n# One\n')).toEqual(['One'])
  })

  it('renumbers every heading after an edit that changes the count (the cached blocks are re-keyed)', () => {
    const cache = new PreviewCache()
    const layouter = new PreviewLayouter(cache)
    const render = (text: string) => {
      const { blocks } = layouter.update(parseMarkdown(text).tree, text)
      return blocks.flatMap((block) => cache.get(block.key)!.hast.children).filter((node): node is Element => node.type === 'element' && /^h\d$/.test(node.tagName)).map((node) => toText(node))
    }
    const head = '---\nnumber-sections: true\n---\n\n'
    expect(render(`${head}# A\n\n# B\n\n# C\n`)).toEqual(['1 A', '2 B', '3 C'])
    expect(render(`${head}# A\n\n## B\n\n# C\n`)).toEqual(['1 A', '1.1 B', '2 C'])
    expect(render(`---\nnumber-sections: false\n---\n\n# A\n\n## B\n\n# C\n`)).toEqual(['A', 'B', 'C'])
  })
})
