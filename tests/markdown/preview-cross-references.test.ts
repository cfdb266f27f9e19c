/**
 * Cross-references in the preview: the numbers and reference text the export writes (the same
 * rule, mdast/cross-references.ts), links to the targets' ids, and blocks drawn again when
 * a number they show changes.
 */
import type { Element, Root as HastRoot } from 'hast'
import { toText } from 'hast-util-to-text'
import { describe, expect, it } from 'vitest'
import { createChunkedParser } from '../../src/markdown/chunked/chunked.js'
import { parseMarkdown } from '../../src/markdown/parse.js'
import { PreviewCache, PreviewLayouter, toPreviewHast } from '../../src/markdown/preview-hast.js'

const find = (root: HastRoot | Element, test: (element: Element) => boolean): Element[] => {
  const out: Element[] = []
  const visit = (node: HastRoot | Element) => {
    for (const child of node.children) {
      if (child.type !== 'element') continue
      if (test(child)) out.push(child)
      visit(child)
    }
  }
  visit(root)
  return out
}
const hasClass = (name: string) => (element: Element) => Array.isArray(element.properties.className) && element.properties.className.includes(name)
const preview = (text: string) => toPreviewHast(parseMarkdown(text).tree, text)

const DOCUMENT = [
  '---\nnumber-sections: true\nfigPrefix: [Figure, Figures]\n---',
  '# Intro {#sec:intro}',
  'See @fig:b, [@fig:a; @fig:b], [-@tbl:t], @eq:e, @lst:l, @sec:intro and @fig:none.',
  '![Untitled](u.png)',
  '![A](a.png){#fig:a}',
  '![Figure 9: B](b.png){#fig:b}',
  '| a |\n|---|\n| 1 |\n\nTable: Table 4. Data {#tbl:t}',
  '$$ x = 1 $$ {#eq:e}',
  '```{#lst:l .python caption="Code"}\nx = 1\n```',
].join('\n\n')

describe('cross-references in the preview', () => {
  it('shows the reference text the export writes, each number a link to its target', () => {
    const root = preview(DOCUMENT)
    const references = find(root, hasClass('cross-reference'))
    expect(references.map((element) => toText(element))).toEqual(['Figure\u00a02', 'Figures\u00a01, 2', '1', 'eq.\u00a01', 'lst.\u00a01', 'sec.\u00a01', 'Figure\u00a0??'])
    expect(find(references[1]!, (element) => element.tagName === 'a').map((link) => link.properties.href)).toEqual(['#fig:a', '#fig:b'])
    expect(find(references[6]!, (element) => element.tagName === 'strong')).toHaveLength(1)
  })

  it('numbers captions, equations and listings, and gives the targets their labels as ids', () => {
    const root = preview(DOCUMENT)
    expect(find(root, hasClass('figure-caption')).map((element) => toText(element))).toEqual(['Figure 1: A', 'Figure 2: B'])
    expect(find(root, hasClass('table-caption')).map((element) => toText(element))).toEqual(['Table 1: Data'])
    expect(find(root, hasClass('equation-number')).map((element) => toText(element))).toEqual(['(1)'])
    expect(find(root, hasClass('listing-caption')).map((element) => toText(element))).toEqual(['Listing 1: Code'])
    const ids = find(root, (element) => typeof element.properties.id === 'string').map((element) => element.properties.id)
    expect(ids).toEqual(['user-content-sec:intro', 'user-content-fig:a', 'user-content-fig:b', 'user-content-tbl:t', 'user-content-eq:e', 'user-content-lst:l'])
  })

  it('draws again the blocks whose numbers change when a figure is put before them', () => {
    const cache = new PreviewCache()
    const layouter = new PreviewLayouter(cache)
    const parser = createChunkedParser({ minChunk: 0, every: 1, maxChunk: 0 })
    const render = (text: string) => {
      const { blocks } = layouter.update(parser.parse(text).tree, text)
      const root: HastRoot = { type: 'root', children: blocks.flatMap((block) => cache.get(block.key)!.hast.children) }
      return [...find(root, hasClass('cross-reference')), ...find(root, hasClass('figure-caption'))].map((element) => toText(element))
    }
    const tail = 'See @fig:x.\n\n![X](x.png){#fig:x}\n'
    expect(render(tail)).toEqual(['fig.\u00a01', 'Figure 1: X'])
    expect(render(`![W](w.png "W")\n\n${tail}`)).toEqual(['fig.\u00a02', 'Figure 1: W', 'Figure 2: X'])
    expect(render(`---\nfigPrefix: Fig.\n---\n\n![W](w.png "W")\n\n${tail}`)).toEqual(['Fig.\u00a02', 'Figure 1: W', 'Figure 2: X'])
    expect(render(tail)).toEqual(['fig.\u00a01', 'Figure 1: X'])
  })
})
