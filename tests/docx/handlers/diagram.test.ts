/**
 * Diagram blocks (```` ```mermaid ````) in the code handler, with a fake renderer written here:
 * the picture, its size and alt text, the SVG part on request, and what stays code (with which
 * message) when a diagram fails or nothing can draw it.
 */
import { u } from 'unist-builder'
import type { Root } from 'mdast'
import { describe, expect, it } from 'vitest'
import { markdownToDocx } from '../../../src/convert.js'
import { NO_RENDERER, resolveDiagrams, type DiagramRenderer, type DiagramResult } from '../../../src/docx/media/diagrams.js'
import { diagramKey } from '../../../src/mdast/diagrams.js'
import { openDocx } from '../../support/docx-package.js'
import { at, checkProducedWithOracle, fromMarkdown, fromTree, styleOf, textOf } from '../../support/docx.js'
import { png } from '../../support/images.js'
import { attr, elements } from '../../support/xml.js'

checkProducedWithOracle('diagram handler')

const EMU_PER_PX = 9525
const TEXT_WIDTH_EMU = (11906 - 2 * 1440) * 635

/** Draws any source as a 2× PNG of the size the source asks for (`%% size 300x120`), fails on `BROKEN`. */
function fakeRenderer(calls: string[] = []): DiagramRenderer {
  return async (source) => {
    calls.push(source)
    if (source.includes('BROKEN')) return { ok: false, error: "Parse error on line 2:\n...A --> BROKEN\n-------^\nExpecting 'SEMI', got 'NODE_STRING'" }
    const size = /size (\d+)x(\d+)/.exec(source)
    const [width, height] = size ? [Number(size[1]), Number(size[2])] : [300, 120]
    return { ok: true, svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="10" height="10"/></svg>`, png: png(width * 2, height * 2), width, height }
  }
}

const extent = (root: import('@xmldom/xmldom').Element) => {
  const e = elements(root, 'wp:extent')[0]!
  return [Number(attr(e, 'cx')), Number(attr(e, 'cy'))]
}

describe('diagram blocks', () => {
  it('become a centred picture at the size the renderer gives (not the PNG’s 2× pixels)', async () => {
    const { blocks, messages } = await fromMarkdown('Before.\n\n```mermaid\nflowchart LR\n  A --> B\n```\n\nAfter.\n', { renderDiagram: fakeRenderer() })
    expect(messages).toEqual([])
    expect(blocks.map(styleOf)).toEqual(['FirstParagraph', 'Figure', 'FirstParagraph'])
    expect(extent(blocks[1]!)).toEqual([300 * EMU_PER_PX, 120 * EMU_PER_PX])
    expect(elements(blocks[1]!, 'w:t')).toHaveLength(0)
  })

  it('shrinks a wide diagram to the text width, keeping its proportions', async () => {
    const { blocks } = await fromMarkdown('```mermaid\n%% size 2000x400\nflowchart LR\n```\n', { renderDiagram: fakeRenderer() })
    const [cx, cy] = extent(blocks[0]!)
    expect(cx).toBeLessThanOrEqual(TEXT_WIDTH_EMU)
    expect(cx).toBeGreaterThan(TEXT_WIDTH_EMU - 2 * EMU_PER_PX)
    expect(Math.abs(cx! / cy! - 5)).toBeLessThan(0.02)
  })

  it('says what the diagram is in its alt text — its title or first line — and keeps its code there', async () => {
    const titled = '---\ntitle: Order flow\n---\nflowchart LR\n  accDescr: Orders go from the shop to the store\n  A --> B'
    const plain = 'sequenceDiagram\n  Alice->>Bob: Hi'
    const { blocks } = await fromMarkdown(`\`\`\`mermaid\n${titled}\n\`\`\`\n\n\`\`\`mermaid\n${plain}\n\`\`\`\n`, { renderDiagram: fakeRenderer() })
    const docPr = blocks.map((block) => elements(block, 'wp:docPr')[0]!)
    expect(attr(docPr[0], 'title')).toBe('Order flow')
    expect(attr(docPr[0], 'descr')).toBe(`Order flow: Orders go from the shop to the store\n\n${titled}`)
    expect(attr(docPr[1], 'title')).toBeUndefined()
    expect(attr(docPr[1], 'descr')).toBe(plain)
    expect(attr(docPr[0], 'name')).toMatch(/^Diagram \d+$/)
  })

  it('draws each distinct diagram once, and embeds a repeated one again', async () => {
    const calls: string[] = []
    const block = '```mermaid\ngraph TD\n  A --> B\n```\n\n'
    const { blocks } = await fromMarkdown(block + block + '```Mermaid\ngraph TD\n  C\n```\n', { renderDiagram: fakeRenderer(calls) })
    expect(calls).toEqual(['graph TD\n  A --> B', 'graph TD\n  C'])
    expect(blocks.map(styleOf)).toEqual(['Figure', 'Figure', 'Figure'])
  })

  it('keeps a diagram that does not draw as code, with mermaid’s error on the line it names', async () => {
    const markdown = 'Intro.\n\n```mermaid\nflowchart LR\n  A --> BROKEN\n```\n'
    const { blocks, messages } = await fromMarkdown(markdown, { renderDiagram: fakeRenderer() })
    expect(blocks.map(styleOf)).toEqual(['FirstParagraph', 'SourceCode'])
    expect(textOf(blocks[1]!)).toContain('A --> BROKEN')
    expect(messages).toEqual([
      expect.objectContaining({ ruleId: 'diagram-not-rendered', severity: 'warning', line: 5, reason: "Mermaid diagram not drawn (Parse error: Expecting 'SEMI', got 'NODE_STRING'); its code is kept" }),
    ])
  })

  it('without a renderer keeps every diagram as code, with one note for the document', async () => {
    const { blocks, messages } = await fromMarkdown('```mermaid\ngraph TD\n  A\n```\n\n```mermaid\ngraph TD\n  B\n```\n\n```js\nx\n```\n')
    expect(blocks.map(styleOf)).toEqual(['SourceCode', 'BodyText', 'SourceCode', 'BodyText', 'SourceCode'])
    expect(messages).toEqual([expect.objectContaining({ ruleId: 'diagram-no-renderer', severity: 'info', line: 1, reason: `2 diagrams stay code blocks: ${NO_RENDERER}` })])
  })

  it('reports a renderer that cannot draw anything (no browser) once, in its words', async () => {
    const unavailable: DiagramRenderer = async () => ({ ok: false, error: 'no Chromium was found', unavailable: true })
    const { messages } = await fromMarkdown('```mermaid\ngraph TD\n  A\n```\n', { renderDiagram: unavailable })
    expect(messages.map((m) => [m.ruleId, m.reason])).toEqual([['diagram-no-renderer', 'The Mermaid diagram stays a code block: no Chromium was found']])
  })

  it('counts a renderer that throws, or answers nonsense, as that diagram failing', async () => {
    const throwing: DiagramRenderer = async () => {
      throw new Error('page crashed')
    }
    const nonsense = (async () => ({ ok: true, svg: '', png: new Uint8Array([1, 2, 3]), width: 10, height: 10 })) as DiagramRenderer
    for (const [renderer, reason] of [
      [throwing, 'page crashed'],
      [nonsense, 'the renderer returned no PNG picture'],
    ] as const) {
      const { blocks, messages } = await fromMarkdown('```mermaid\ngraph TD\n  A\n```\n', { renderDiagram: renderer })
      expect(blocks.map(styleOf)).toEqual(['SourceCode'])
      expect(messages.map((m) => [m.ruleId, m.reason])).toEqual([['diagram-not-rendered', `Mermaid diagram not drawn (${reason}); its code is kept`]])
    }
  })

  it('leaves other code alone: no renderer call, no message', async () => {
    const calls: string[] = []
    const { messages } = await fromMarkdown('```js\ngraph TD\n```\n\n    indented mermaid\n', { renderDiagram: fakeRenderer(calls) })
    expect(calls).toEqual([])
    expect(messages).toEqual([])
  })

  it('in a list item and a quote, the figure is indented with the item’s or quote’s text', async () => {
    const { blocks } = await fromMarkdown('1. ```mermaid\n   graph TD\n   ```\n\n> ```mermaid\n> graph LR\n> ```\n', { renderDiagram: fakeRenderer() })
    // The item's number goes on a paragraph of its own before a block that is not a paragraph (as for code).
    expect(elements(blocks[0]!, 'w:numPr')).toHaveLength(1)
    expect(blocks.slice(1).map(styleOf)).toEqual(['Figure', 'Figure'])
    for (const block of blocks.slice(1)) {
      expect(elements(block, 'w:drawing')).toHaveLength(1)
      expect(attr(elements(block, 'w:ind')[0], 'w:left')).toBe('720')
    }
  })

  it('works in a footnote', async () => {
    const { footnotes, footnoteRels, messages } = await fromMarkdown('Text.[^1]\n\n[^1]: A note.\n\n    ```mermaid\n    graph TD\n    ```\n', { renderDiagram: fakeRenderer() })
    expect(messages).toEqual([])
    const drawing = elements(footnotes, 'w:drawing')
    expect(drawing).toHaveLength(1)
    const embed = attr(elements(drawing[0]!, 'a:blip')[0], 'r:embed')!
    expect(footnoteRels.get(embed)?.type).toBe('image')
  })

  it('with svg: vector, embeds the SVG with the PNG as its fallback', async () => {
    const { data } = await markdownToDocx('```mermaid\ngraph TD\n```\n', { renderDiagram: fakeRenderer(), svg: 'vector' })
    const docx = openDocx(data)
    expect(docx.paths.filter((path) => path.startsWith('word/media/')).map((path) => path.replace(/^.*\./, '')).sort()).toEqual(['png', 'svg'])
    expect(docx.text('word/document.xml')).toContain('asvg:svgBlip')
  })

  it('the compiler alone (toDocx without resolveDiagrams) keeps the code, with a note', async () => {
    const tree = u('root', [u('code', { lang: 'mermaid', ...at(3, 1) }, 'graph TD')]) as Root
    const { blocks, messages } = await fromTree(tree)
    expect(blocks.map(styleOf)).toEqual(['SourceCode'])
    expect(messages.map((m) => [m.ruleId, m.line])).toEqual([['diagram-no-renderer', 3]])
  })

  it('resolveDiagrams keys results by kind and source, drawing equal sources once', async () => {
    const calls: string[] = []
    const tree = u('root', [u('code', { lang: 'mermaid' }, 'graph TD\r\n  A'), u('code', { lang: 'mermaid' }, 'graph TD\n  A'), u('code', { lang: 'python' }, 'x')]) as Root
    const results = await resolveDiagrams(tree, { renderDiagram: fakeRenderer(calls) })
    expect(calls).toEqual(['graph TD\n  A'])
    expect([...results.keys()]).toEqual([diagramKey('mermaid', 'graph TD\n  A')])
    expect((results.get(diagramKey('mermaid', 'graph TD\n  A')) as DiagramResult).ok).toBe(true)
  })
})

describe('code that is not a fenced diagram', () => {
  it('a <pre><code class="language-mermaid"> in raw HTML stays code, with no message (the preview shows it as code too)', async () => {
    const calls: string[] = []
    const { blocks, messages } = await fromMarkdown('<pre><code class="language-mermaid">graph TD\n  A --> B\n</code></pre>\n', { renderDiagram: fakeRenderer(calls) })
    expect(calls).toEqual([])
    expect(messages).toEqual([])
    expect(blocks.map(styleOf)).toEqual(['SourceCode'])
  })
})

describe('pandoc’s attribute form', () => {
  it('``` {.mermaid} and ```{.mermaid #id} are diagrams too', async () => {
    const calls: string[] = []
    const { blocks } = await fromMarkdown('``` {.mermaid}\ngraph TD\n  A\n```\n\n```{#flow .mermaid}\ngraph TD\n  B\n```\n', { renderDiagram: fakeRenderer(calls) })
    expect(calls).toEqual(['graph TD\n  A', 'graph TD\n  B'])
    expect(blocks.map(styleOf)).toEqual(['Figure', 'Figure'])
  })
})
