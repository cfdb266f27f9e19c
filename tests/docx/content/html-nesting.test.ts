/**
 * Raw HTML nested deeper than the compiler recurses (issue 14): one piece of HTML 100 000
 * `<div>` deep, and 5 000 `<div>` blocks nested across Markdown blocks, convert with their text,
 * a message, and no stack overflow; html-depth.ts keeps shallow HTML exactly as written.
 */
import { describe, expect, it } from 'vitest'
import { limitHtmlDepth, MAX_HTML_DEPTH } from '../../../src/mdast/html-depth.js'
import { checkProducedWithOracle, fromMarkdown, ruleIds, textOf } from '../../support/docx.js'

checkProducedWithOracle('html-nesting')

describe('limitHtmlDepth', () => {
  it('leaves HTML within the bound as it is', () => {
    const html = `${'<div class="a">'.repeat(MAX_HTML_DEPTH)}x<br><img src="a.png"/>${'</div>'.repeat(MAX_HTML_DEPTH)}`
    expect(limitHtmlDepth(html)).toEqual({ html, cut: false })
  })

  it('drops the tags that open past the bound, and their end tags, and keeps the text', () => {
    const html = `<div>${'<span>'.repeat(5)}deep${'</span>'.repeat(5)} after</div>`
    expect(limitHtmlDepth(html, 3)).toEqual({ html: '<div><span><span>deep</span></span> after</div>', cut: true })
  })

  it('counts neither void elements nor self-closing tags as levels', () => {
    const html = `${'<br>'.repeat(10)}${'<x/>'.repeat(10)}<p>text</p>`
    expect(limitHtmlDepth(html, 2)).toEqual({ html, cut: false })
  })
})

describe('deeply nested raw HTML', () => {
  it('100 000 nested <div> in one block: the text, a message, a valid document', async () => {
    const { document, messages } = await fromMarkdown(`before\n\n${'<div>'.repeat(100_000)}inside${'</div>'.repeat(100_000)}\n\nafter\n`)
    expect(textOf(document)).toMatch(/before[\s\S]*inside[\s\S]*after/)
    expect(ruleIds(messages)).toContain('html-too-deep')
  })

  it('5 000 <div> blocks nested across Markdown blocks: the text, a message, a valid document', async () => {
    const { document, messages } = await fromMarkdown(`${'<div>\n\n'.repeat(5000)}inside${'\n\n</div>'.repeat(5000)}\n\nafter\n`)
    expect(textOf(document)).toMatch(/inside[\s\S]*after/)
    expect(ruleIds(messages)).toContain('html-too-deep')
  })
})
