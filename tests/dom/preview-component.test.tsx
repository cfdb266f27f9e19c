/**
 * The Preview component: hast → React without HTML strings, absolute source lines on every
 * block element, unchanged blocks not rendered again when they move, click-to-source, and
 * fragment links that find the prefixed ids.
 */
import { act, cleanup, fireEvent, render } from '@testing-library/react'
import type { Root as HastRoot } from 'hast'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { parseMarkdown } from '../../src/markdown/parse.js'
import { layoutPreview, PreviewCache, type PreviewBlock } from '../../src/markdown/preview-hast.js'
import { Preview } from '../../src/preview/Preview.js'
import { PreviewStore } from '../../src/preview/store.js'
import { installLayoutStubs } from './setup.js'

beforeAll(installLayoutStubs)
afterEach(cleanup)

function rendered(text: string, cache = new PreviewCache()): { blocks: PreviewBlock[]; hast: Map<string, HastRoot>; store: PreviewStore } {
  const { tree } = parseMarkdown(text)
  const { blocks } = layoutPreview(tree, text, cache)
  const hast = new Map(blocks.map((block) => [block.key, cache.get(block.key)!.hast]))
  const store = new PreviewStore()
  store.set(blocks, hast)
  return { blocks, hast, store }
}

describe('Preview', () => {
  it('renders the document with data-line on every block element', () => {
    const { store } = rendered('# Title\n\n- one\n- two\n\n> quote\n')
    const { getByTestId } = render(<Preview store={store} onLineClick={() => {}} />)
    const preview = getByTestId('preview')
    expect(preview.querySelector('h1')?.getAttribute('data-line')).toBe('1')
    expect([...preview.querySelectorAll('li')].map((li) => li.getAttribute('data-line'))).toEqual(['3', '4'])
    expect(preview.querySelector('blockquote')?.getAttribute('data-line')).toBe('6')
    expect(preview.querySelector('h1')?.id).toBe('user-content-title')
  })

  it('moves a block without rendering it again, updating its lines', () => {
    const cache = new PreviewCache()
    const first = rendered('- a\n- b\n', cache)
    const { getByTestId } = render(<Preview store={first.store} onLineClick={() => {}} />)
    const list = getByTestId('preview').querySelector('ul')!
    const second = rendered('Intro\n\n- a\n- b\n', cache)
    act(() => first.store.set(second.blocks, second.hast))
    const after = getByTestId('preview').querySelector('ul')!
    expect(after).toBe(list)
    expect([...after.querySelectorAll('li')].map((li) => li.getAttribute('data-line'))).toEqual(['3', '4'])
  })

  it('reports the source line of a clicked block, not of a clicked link', () => {
    const onLineClick = vi.fn()
    const { store } = rendered('# T\n\nSome [link](https://example.com) text.\n')
    const { getByTestId } = render(<Preview store={store} onLineClick={onLineClick} />)
    const paragraph = getByTestId('preview').querySelector('p')!
    fireEvent.click(paragraph)
    expect(onLineClick).toHaveBeenCalledWith(3)
    onLineClick.mockClear()
    const link = paragraph.querySelector('a')!
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
    fireEvent.click(link)
    expect(onLineClick).not.toHaveBeenCalled()
  })

  it('follows #slug links to the prefixed heading id', () => {
    const { store } = rendered('[go](#the-end)\n\n# The End\n')
    const { getByTestId } = render(<Preview store={store} onLineClick={() => {}} />)
    const heading = getByTestId('preview').querySelector('h1')!
    const scrolled = vi.fn()
    heading.scrollIntoView = scrolled
    const event = new MouseEvent('click', { bubbles: true, cancelable: true })
    act(() => {
      getByTestId('preview').querySelector('a')!.dispatchEvent(event)
    })
    expect(event.defaultPrevented).toBe(true)
    expect(scrolled).toHaveBeenCalled()
  })

  it('shows a missing stored image as a visible placeholder', () => {
    const { store } = rendered('![chart](images/chart.png)\n')
    const { getByTestId } = render(<Preview store={store} onLineClick={() => {}} />)
    expect(getByTestId('preview').querySelector('.missing-image')?.textContent).toContain('images/chart.png')
  })
})
