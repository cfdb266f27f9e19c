/**
 * The outline panel and the preview's contents list draw from the part of the outline the
 * worker sends (markdown/preview/outline-limit.ts): the first OUTLINE_LIMIT entries they show,
 * and the count of the rest from the whole document's counts.
 */
import { cleanup, render } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { Outline } from '../../src/app/Outline.js'
import { parseMarkdown } from '../../src/markdown/parse.js'
import { layoutPreview, limitOutline, OUTLINE_LIMIT, PreviewCache, type OutlineEntry } from '../../src/markdown/preview-hast.js'
import { Preview } from '../../src/preview/Preview.js'
import { PreviewStore } from '../../src/preview/store.js'
import { installLayoutStubs } from './setup.js'

beforeAll(installLayoutStubs)
afterEach(cleanup)

/** 3 000 headings, levels 1 and 2 in turn, as the worker sends them. */
const whole: OutlineEntry[] = Array.from({ length: 3000 }, (_, index) => ({ depth: 1 + (index % 2), text: `H${index}`, slug: `h${index}`, line: 2 * index + 1 }))
const outline = limitOutline(whole)

describe('the outline panel', () => {
  it('lists the first headings and counts the rest of the document', () => {
    const { container } = render(<Outline outline={outline} onJump={() => {}} />)
    const items = [...container.querySelectorAll('li')]
    expect(items).toHaveLength(OUTLINE_LIMIT + 1)
    expect(items[OUTLINE_LIMIT - 1]?.textContent).toBe(`H${OUTLINE_LIMIT - 1}`)
    expect(items.at(-1)?.textContent).toBe('… 2\u00a0000 more headings')
  })
})

describe('the contents list', () => {
  it('lists the first headings down to its depth and counts the rest of the document', () => {
    const text = '# H0\n'
    const cache = new PreviewCache()
    const { blocks } = layoutPreview(parseMarkdown(text).tree, text, cache)
    const store = new PreviewStore()
    store.set(blocks, new Map(blocks.map((block) => [block.key, cache.get(block.key)!.hast])))
    const { container } = render(<Preview store={store} onLineClick={() => {}} toc={{ depth: 1, outline }} />)
    const entries = [...container.querySelectorAll('.toc-entry')]
    expect(entries).toHaveLength(OUTLINE_LIMIT + 1)
    // Level-1 headings are every other one: the 1 000th is H1998, past the first 1 000 of the outline.
    expect(entries[OUTLINE_LIMIT - 1]?.textContent).toBe('H1998')
    expect(entries.at(-1)?.textContent).toBe('… 500 more headings — shown in the export')
  })
})
