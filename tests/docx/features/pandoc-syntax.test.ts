/**
 * Issue 12's pandoc Markdown pasted in, each rule in both outputs: the preview (sanitised
 * HTML) and the .docx. (The parser's side is in tests/markdown/pandoc-inline.test.ts and
 * fenced-divs.test.ts; fixtures/pandoc-syntax holds them together.)
 */
import type { Element, Root as HastRoot, RootContent as HastContent } from 'hast'
import { describe, expect, it } from 'vitest'
import { parseMarkdown } from '../../../src/markdown/parse.js'
import { toPreviewHast } from '../../../src/markdown/preview-hast.js'
import { checkProducedWithOracle, fromMarkdown } from '../../support/docx.js'
import { attr, elements } from '../../support/xml.js'

checkProducedWithOracle('pandoc syntax')

/** The preview as compact HTML with ids, classes and hrefs (data-line left out). */
function preview(text: string): string {
  const out = (node: HastRoot | HastContent): string => {
    if (node.type === 'text') return node.value
    if (node.type === 'element') {
      const element: Element = node
      const attributes = (['id', 'className', 'href'] as const)
        .filter((name) => element.properties[name] !== undefined)
        .map((name) => ` ${name === 'className' ? 'class' : name}="${[element.properties[name]].flat().join(' ')}"`)
        .join('')
      return `<${element.tagName}${attributes}>${element.children.map(out).join('')}</${element.tagName}>`
    }
    if (node.type === 'root') return node.children.map(out).join('')
    return ''
  }
  return out(toPreviewHast(parseMarkdown(text).tree, text)).replace(/\n/g, '')
}

describe('pandoc Markdown in the preview and in Word', () => {
  it('heading attributes {#id .class}: the id is the heading’s anchor in both', async () => {
    expect(preview('# Intro {#sec:intro .big}\n')).toBe('<h1 id="user-content-sec:intro">Intro</h1>')
    const { document } = await fromMarkdown('# Intro {#sec:intro .big}\n\nSee [it](#sec:intro).\n')
    // Word's bookmark names take no colon: the link follows the name the heading got.
    expect(elements(document, 'w:bookmarkStart').map((b) => attr(b, 'w:name'))).toEqual(['sec_intro'])
    expect(elements(document, 'w:hyperlink').map((h) => attr(h, 'w:anchor'))).toEqual(['sec_intro'])
  })

  it('fenced divs ::: — a div in the preview, its blocks (here a callout box) in Word', async () => {
    expect(preview('::: {#box}\ninside\n:::\n')).toBe('<div id="user-content-box"><p>inside</p></div>')
    const { blocks } = await fromMarkdown('::: warning\ninside\n:::\n')
    expect(blocks.map((p) => elements(p, 'w:pStyle').map((s) => attr(s, 'w:val'))[0])).toEqual(['CalloutWarningTitle', 'CalloutWarning'])
  })

  it('bracketed spans [text]{.smallcaps}: a classed span in the preview, small capitals in Word', async () => {
    expect(preview('[Name]{.smallcaps}\n')).toBe('<p><span class="smallcaps">Name</span></p>')
    const { blocks } = await fromMarkdown('[Name]{.smallcaps}\n')
    expect(elements(blocks[0]!, 'w:smallCaps')).toHaveLength(1)
  })

  it('implicit heading links [Heading name]: a link to the heading in both', async () => {
    expect(preview('# Results\n\nSee [Results].\n')).toBe('<h1 id="user-content-results">Results</h1><p>See <a href="#results">Results</a>.</p>')
    const { document } = await fromMarkdown('# Results\n\nSee [Results].\n')
    expect(elements(document, 'w:hyperlink').map((h) => attr(h, 'w:anchor'))).toEqual(['results'])
  })

  it('\\newpage: a marked rule in the preview, a page break in Word', async () => {
    expect(preview('a\n\n\\newpage\n\nb\n')).toBe('<p>a</p><hr class="page-break"></hr><p>b</p>')
    const { document } = await fromMarkdown('a\n\n\\newpage\n\nb\n')
    expect(elements(document, 'w:br').map((br) => attr(br, 'w:type'))).toEqual(['page'])
  })

  it('^sup^ and ~sub~: sup and sub in the preview, raised and lowered runs in Word', async () => {
    expect(preview('2^10^ H~2~O\n')).toBe('<p>2<sup>10</sup> H<sub>2</sub>O</p>')
    const { blocks } = await fromMarkdown('2^10^ H~2~O\n')
    expect(elements(blocks[0]!, 'w:vertAlign').map((v) => attr(v, 'w:val'))).toEqual(['superscript', 'subscript'])
  })
})
