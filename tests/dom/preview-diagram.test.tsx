/**
 * Diagrams in the preview: the worker's hast (a sanitised `<div class="diagram">` around the
 * code) drawn by the page — here a stand-in for mermaid's drawing, which jsdom cannot lay out —
 * as an image of its SVG, its code shown until then, mermaid's error with the code when it
 * fails, and equal diagrams drawn once.
 */
import { act, cleanup, render } from '@testing-library/react'
import type { Root as HastRoot } from 'hast'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { parseMarkdown } from '../../src/markdown/parse.js'
import { layoutPreview, PreviewCache } from '../../src/markdown/preview-hast.js'
import { Preview } from '../../src/preview/Preview.js'
import { PreviewStore } from '../../src/preview/store.js'
import { installLayoutStubs } from './setup.js'

const drawn = vi.hoisted(() => ({ calls: [] as string[] }))

vi.mock('../../src/diagrams/draw-mermaid.js', () => ({
  drawMermaid: async (_mermaid: unknown, source: string) => {
    drawn.calls.push(source)
    if (source.includes('BROKEN')) return { ok: false, error: "Parse error on line 2:\n...\n---^\nExpecting 'SEMI', got 'EOF'" }
    return { ok: true, svg: '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"/>', png: 'data:image/png;base64,iVBORw0KGgo=', width: 120, height: 40 }
  },
}))
vi.mock('mermaid', () => ({ default: { initialize: () => undefined, render: async () => ({ svg: '' }) } }))

beforeAll(installLayoutStubs)
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
  drawn.calls.length = 0
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

function store(text: string): PreviewStore {
  const { tree } = parseMarkdown(text)
  const cache = new PreviewCache()
  const { blocks } = layoutPreview(tree, text, cache)
  const hast = new Map<string, HastRoot>(blocks.map((block) => [block.key, cache.get(block.key)!.hast]))
  const result = new PreviewStore()
  result.set(blocks, hast)
  return result
}

async function settle(): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(1000)
  })
}

describe('diagrams in the preview', () => {
  it('shows the code until the diagram is drawn, then its picture (an image of the SVG), with its title as alt text', async () => {
    const { getByTestId } = render(<Preview store={store('Intro.\n\n```mermaid\ngraph TD\n  accTitle: Two boxes\n  A --> B\n```\n')} onLineClick={() => {}} />)
    const preview = getByTestId('preview')
    const pending = preview.querySelector('.diagram-pending')!
    expect(pending.getAttribute('data-line')).toBe('3')
    expect(pending.querySelector('pre code.language-mermaid')?.textContent).toBe('graph TD\n  accTitle: Two boxes\n  A --> B')
    await settle()
    const image = preview.querySelector<HTMLImageElement>('.diagram-drawn img.diagram-picture')!
    expect(image.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/)
    expect([image.alt, image.getAttribute('width'), image.getAttribute('height')]).toEqual(['Two boxes', '120', '40'])
    expect(preview.querySelector('.diagram-drawn')?.getAttribute('data-line')).toBe('3')
    expect(drawn.calls).toEqual(['graph TD\n  accTitle: Two boxes\n  A --> B'])
  })

  it('shows mermaid’s error, on the diagram’s own line, above the code it keeps', async () => {
    const { getByTestId } = render(<Preview store={store('```mermaid\ngraph TD\n  BROKEN -->\n```\n')} onLineClick={() => {}} />)
    await settle()
    const failed = getByTestId('preview').querySelector('.diagram-failed')!
    expect(failed.querySelector('.diagram-error')?.textContent).toBe("Mermaid could not draw this diagram (line 2 of the diagram): Parse error: Expecting 'SEMI', got 'EOF'. The export keeps its code.")
    expect(failed.querySelector('pre code')?.textContent).toBe('graph TD\n  BROKEN -->')
  })

  it('draws a diagram once however often it appears or is shown again', async () => {
    const text = '```mermaid\ngraph LR\n  X --> Y\n```\n\nText.\n\n```mermaid\ngraph LR\n  X --> Y\n```\n'
    const first = render(<Preview store={store(text)} onLineClick={() => {}} />)
    await settle()
    expect(first.getByTestId('preview').querySelectorAll('img.diagram-picture')).toHaveLength(2)
    first.unmount()
    // Shown again (another document, then this one): drawn at once from what the page kept.
    const again = render(<Preview store={store(text)} onLineClick={() => {}} />)
    expect(again.getByTestId('preview').querySelectorAll('img.diagram-picture')).toHaveLength(2)
    expect(drawn.calls).toEqual(['graph LR\n  X --> Y'])
  })

  it('leaves other code and other divs as they are', async () => {
    const { getByTestId } = render(<Preview store={store('```js\nlet x\n```\n\n<div align="center">centred</div>\n')} onLineClick={() => {}} />)
    await settle()
    const preview = getByTestId('preview')
    expect(preview.querySelector('.diagram')).toBeNull()
    expect(preview.querySelector('pre code.language-js')).not.toBeNull()
    expect(preview.querySelector('div[align="center"]')?.textContent).toBe('centred')
    expect(drawn.calls).toEqual([])
  })
})
