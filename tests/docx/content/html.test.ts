import { describe, expect, it } from 'vitest'
import { markdownToDocx, treeToDocx } from '../../../src/convert.js'
import { parseMarkdown } from '../../../src/markdown/parse.js'
import { openDocx } from '../../support/docx-package.js'
import { png } from '../../support/images.js'
import { checkStructure } from '../../support/structure.js'

async function convert(markdown: string, images: Record<string, Uint8Array> = {}) {
  const { data, messages } = await markdownToDocx(markdown, { loadImage: async (url) => images[url] })
  expect(checkStructure(data)).toEqual([])
  const xml = openDocx(data).text('word/document.xml')!
  const body = xml.slice(xml.indexOf('<w:body>'), xml.indexOf('<w:sectPr'))
  return { body, messages: messages.map((m) => [m.ruleId, m.line, m.column]), reasons: messages.map((m) => m.reason) }
}

const run = (props: string, text: string) => `<w:r><w:rPr>${props}</w:rPr><w:t xml:space="preserve">${text}</w:t></w:r>`

describe('inline HTML', () => {
  it('joins tags split over nodes into formatting', async () => {
    const { body, messages } = await convert('H<sub>2</sub>O, x<sup>2</sup>, <u>u</u>, <ins>i</ins>, <del>d</del>, <s>s</s>, <mark>m</mark>, <kbd>K</kbd>, <b>b</b>, <i>i</i>, <code>c</code>.')
    expect(messages).toEqual([])
    expect(body).toContain(run('<w:vertAlign w:val="subscript"/>', '2'))
    expect(body).toContain(run('<w:vertAlign w:val="superscript"/>', '2'))
    expect(body).toContain(run('<w:u w:val="single"/>', 'u'))
    expect(body).toContain(run('<w:u w:val="single"/>', 'i'))
    expect(body).toContain(run('<w:strike/>', 'd'))
    expect(body).toContain(run('<w:strike/>', 's'))
    expect(body).toContain(run('<w:highlight w:val="yellow"/>', 'm'))
    expect(body).toContain(run('<w:rStyle w:val="Keyboard"/>', 'K'))
    expect(body).toContain(run('<w:b/><w:bCs/>', 'b'))
    expect(body).toContain(run('<w:i/><w:iCs/>', 'i'))
    expect(body).toContain(run('<w:rStyle w:val="VerbatimChar"/>', 'c'))
  })

  it('nests tags and keeps links', async () => {
    const { body } = await convert('<b>bold <i>both</i></b> and <a href="https://example.com">site</a>')
    expect(body).toContain(run('<w:b/><w:bCs/><w:i/><w:iCs/>', 'both'))
    expect(body).toMatch(/<w:hyperlink [^>]*r:id="[^"]+"[^>]*>.*site.*<\/w:hyperlink>/)
  })

  it('breaks the line at <br>', async () => {
    const { body } = await convert('one<br>two<br/>three')
    expect(body.match(/<w:br\/>/g)).toHaveLength(2)
  })

  it('drops an unclosed tag with a message, keeping the text', async () => {
    const { body, messages } = await convert('a <sub>b c')
    expect(body).toContain('b c')
    expect(body).not.toContain('subscript')
    expect(messages).toEqual([['html-unclosed', 1, 3]])
  })

  it('keeps the text of unknown tags and names them', async () => {
    const { body, reasons } = await convert('a <blink>b</blink> <foo-bar x="1">c</foo-bar>')
    expect(body).toContain('b')
    expect(body).toContain('c')
    expect(reasons).toEqual(['HTML <blink> is not converted to Word; its text is kept', 'HTML <foo-bar> is not converted to Word; its text is kept'])
  })

  it('quotes <q>', async () => {
    const { body } = await convert('<q>hi</q>')
    expect(body).toContain('\u201C')
    expect(body).toContain('\u201D')
  })
})

describe('block HTML', () => {
  it('aligns the blocks between <div align="center"> and </div>', async () => {
    const { body } = await convert('<div align="center">\n\n# Title\n\nText\n\n</div>\n\nAfter\n')
    const paragraphs = body.split('</w:p>')
    expect(paragraphs[0]).toContain('<w:jc w:val="center"/>')
    expect(paragraphs[1]).toContain('<w:jc w:val="center"/>')
    expect(paragraphs[2]).toContain('After')
    expect(paragraphs[2]).not.toContain('<w:jc')
  })

  it('aligns everything up to a closing tag that follows other HTML, as READMEs write it (<br />\\n</div>)', async () => {
    const markdown = '<div align="center">\n<h1>Title</h1>\n\n<p>In a p.</p>\n\n[**Docs**](https://example.org) | [Edit](https://example.com)\n\n<br />\n</div>\n\nAfter\n\n<div align="right">\n\nRight\n\n</div> tail\n'
    const { body } = await convert(markdown)
    const paragraphs = body.split('</w:p>').filter((paragraph) => paragraph.includes('<w:p'))
    const aligned = (text: string) => paragraphs.find((paragraph) => paragraph.includes(text))?.match(/<w:jc w:val="(\w+)"/)?.[1]
    expect(aligned('Title')).toBe('center')
    expect(aligned('In a p.')).toBe('center')
    expect(aligned('Docs')).toBe('center')
    expect(aligned('After')).toBeUndefined()
    expect(aligned('Right')).toBe('right')
    // What follows the closing tag in its block stays, outside the element.
    expect(aligned('tail')).toBeUndefined()
  })

  it('never lets an unclosed <div align> swallow the document', async () => {
    const { body } = await convert('<div align="center">\nInside\n\nOutside\n\n# Heading\n')
    const paragraphs = body.split('</w:p>')
    expect(paragraphs[0]).toContain('<w:jc w:val="center"/>')
    expect(paragraphs[1]).not.toContain('<w:jc')
    expect(paragraphs[2]).not.toContain('<w:jc')
  })

  it('aligns <p align> and <center> within one block', async () => {
    const { body } = await convert('<p align="right">Right</p>\n\n<center>Middle</center>\n')
    expect(body).toMatch(/<w:jc w:val="right"\/><\/w:pPr><w:r><w:t xml:space="preserve">Right/)
    expect(body).toMatch(/<w:jc w:val="center"\/><\/w:pPr><w:r><w:t xml:space="preserve">Middle/)
  })

  it('shows <details> as its bold summary and its content', async () => {
    const { body } = await convert('<details>\n<summary>More</summary>\n\nHidden *text*.\n\n</details>\n')
    expect(body).toContain(run('<w:b/><w:bCs/>', 'More'))
    expect(body).toContain('Hidden ')
  })

  it('converts headings, lists, quotes, code and rules inside HTML blocks', async () => {
    const { body } = await convert('<div>\n<h2>Head</h2>\n<ul><li>one</li><li>two</li></ul>\n<blockquote>quoted</blockquote>\n<pre><code class="language-js">let x</code></pre>\n<hr>\n</div>\n')
    expect(body).toContain('<w:pStyle w:val="Heading2"/>')
    expect(body.match(/<w:numPr>/g)).toHaveLength(2)
    expect(body).toContain('<w:pStyle w:val="BlockText"/>')
    expect(body).toContain('<w:rStyle w:val="KeywordTok"/>')
    expect(body).toContain('<w:pStyle w:val="HorizontalRule"/>')
  })

  it('drops scripts and styles with their content', async () => {
    const { body } = await convert('<script>alert(1)</script>\n\n<style>p{}</style>\n\nText\n')
    expect(body).not.toContain('alert')
    expect(body).not.toContain('p{}')
  })
})

describe('HTML tables', () => {
  const table = '<table>\n<thead><tr><th>A</th><th colspan="2">B</th></tr></thead>\n<tbody>\n<tr><td rowspan="2">x</td><td>1</td><td>2</td></tr>\n<tr><td>3</td><td>4</td></tr>\n<tr><td>y</td><td colspan="2" align="center">z</td></tr>\n</tbody>\n</table>\n'

  it('writes colspan as gridSpan and rowspan as vMerge, on a whole grid', async () => {
    const { body } = await convert(table)
    expect(body.match(/<w:gridCol /g)).toHaveLength(3)
    expect(body.match(/<w:gridSpan w:val="2"\/>/g)).toHaveLength(2)
    expect(body).toContain('<w:vMerge w:val="restart"/>')
    expect(body.match(/<w:vMerge\/>|<w:vMerge w:val="continue"\/>/g)).toHaveLength(1)
    expect(body.match(/<w:tr>/g) ?? body.match(/<w:tr /g)).toHaveLength(4)
  })

  it('repeats header rows and bolds th cells', async () => {
    const { body } = await convert(table)
    expect(body.match(/<w:tblHeader\/>/g)).toHaveLength(1)
    expect(body).toContain(run('<w:b/><w:bCs/>', 'A'))
    expect(body).toContain('<w:tblLook w:firstRow="true"')
  })

  it('aligns cells and does not style a headerless table as having a header', async () => {
    const { body } = await convert('<table><tr><td align="right">r</td></tr></table>\n')
    expect(body).toMatch(/<w:jc w:val="right"\/><\/w:pPr><w:r><w:t xml:space="preserve">r/)
    expect(body).toContain('<w:tblLook w:firstRow="false"')
    expect(body).not.toContain('<w:tblHeader/>')
  })

  it('survives absurd spans', async () => {
    const { body, messages } = await convert('<table><tr><td colspan="5000" rowspan="99">a</td><td>b</td></tr><tr><td rowspan="0">c</td></tr></table>\n')
    expect(body.match(/<w:gridCol /g)).toHaveLength(63)
    expect(messages).toEqual([['table-too-wide', 1, 1]])
  })

  it('keeps every row on the grid when a cell overlaps a rowspan from above', async () => {
    // Row 2's first cell spans columns 0-1, over the start of row 1's rowspan at column 1.
    const { body } = await convert('<table><tr><td>a</td><td rowspan="2" colspan="2">b</td></tr><tr><td colspan="2">c</td></tr><tr><td>d</td><td>e</td><td>f</td></tr></table>\n')
    expect(body.match(/<w:gridCol /g)).toHaveLength(3)
    const rows = body.split('<w:tr>').slice(1)
    const width = (row: string) => [...row.matchAll(/<w:tc>(.*?)<\/w:tc>/g)].reduce((sum, cell) => sum + Number(/<w:gridSpan w:val="(\d+)"/.exec(cell[1]!)?.[1] ?? 1), 0)
    expect(rows.map(width)).toEqual([3, 3, 3])
  })

  it('writes a table over the cell budget as lines of text, with a message', async () => {
    const row = `<tr>${'<td>x</td>'.repeat(40)}</tr>`
    const { body, messages } = await convert(`<table>${row.repeat(2501)}</table>\n`)
    expect(body).not.toContain('<w:tbl>')
    expect(body.match(/<w:p>|<w:p /g)?.length).toBeGreaterThanOrEqual(2501)
    expect(body).toContain('| x | x | x')
    expect(messages).toEqual([['table-too-large', 1, 1]])
  })

  it('writes a table in a footnote as lines of text', async () => {
    const { messages } = await convert('Note[^1]\n\n[^1]: <table><tr><td>a</td><td>b</td></tr></table>\n')
    expect(messages.map((m) => m[0])).toContain('table-in-footnote')
  })
})

describe('images with explicit sizes', () => {
  const image = png(400, 200)
  const extent = (body: string) => /<wp:extent cx="(\d+)" cy="(\d+)"\/>/.exec(body)!.slice(1).map(Number)
  const EMU_PER_PIXEL = 9525

  it('honours <img width height>', async () => {
    const { body } = await convert('<img src="a.png" width="100" alt="A">', { 'a.png': image })
    expect(extent(body)).toEqual([100 * EMU_PER_PIXEL, 50 * EMU_PER_PIXEL])
    expect(body).toContain('descr="A"')
  })

  it('takes both sides when both are given, and style widths', async () => {
    expect(extent((await convert('<img src="a.png" width="100" height="100">', { 'a.png': image })).body)).toEqual([100 * EMU_PER_PIXEL, 100 * EMU_PER_PIXEL])
    expect(extent((await convert('<img src="a.png" style="width: 1in">', { 'a.png': image })).body)).toEqual([96 * EMU_PER_PIXEL, 48 * EMU_PER_PIXEL])
  })

  it("reads pandoc's {width=…} after an image and removes it from the text", async () => {
    const { body } = await convert('![A](a.png){width=50%} after', { 'a.png': image })
    // A4 with 1in margins: 9026 twips of text width = 601.7 px; half of it.
    expect(extent(body)[0]).toBe(Math.round(601.7333 / 2) * EMU_PER_PIXEL)
    // Not in the text; noted after the drawing's name only, for an import (media/picture.ts).
    expect(body.replace(/<wp:docPr [^>]*>/g, '')).not.toContain('{width')
    expect(body).toContain('name="Picture 1 {width=50%}"')
    expect(body).toContain(' after')
    const cm = await convert('![A](a.png){width=5cm height=1in}', { 'a.png': image })
    expect(extent(cm.body)).toEqual([Math.round((5 * 96) / 2.54) * EMU_PER_PIXEL, 96 * EMU_PER_PIXEL])
  })

  it('never makes an image wider than the text', async () => {
    const { body } = await convert('<img src="a.png" width="5000">', { 'a.png': image })
    expect(extent(body)[0]).toBeLessThanOrEqual(Math.ceil(601.74 * EMU_PER_PIXEL))
  })

  it('keeps an image the HTML cannot load as a placeholder with a message', async () => {
    const { body, messages } = await convert('<img src="missing.png" alt="Missing">')
    expect(body).toContain('[image: Missing]')
    expect(messages.map((m) => m[0])).toEqual(['image-missing'])
  })

  it('refuses javascript: image sources', async () => {
    const { body } = await convert('<img src="javascript:alert(1)" alt="x">')
    expect(body).not.toContain('javascript')
  })
})

describe('one parse of each HTML node', () => {
  it('serves the image scan and every export of the same tree alike', async () => {
    // The image scan and the compiler share a node's parse (kept by node): exporting the
    // same tree again, as the app does, must not see anything the first export changed.
    const markdown = '<p align="center"><img src="a.png" width="50" alt="A"> <b>bold</b></p>\n\n<table><tr><th>h</th></tr><tr><td><img src="a.png"> <i>x</i></td></tr></table>\n\n<details><summary>S</summary>\n\nbody\n\n</details>\n\n<div align="center">\n\n*md*\n\n</div>\n'
    const { tree, file } = parseMarkdown(markdown)
    const options = { loadImage: async (url: string) => (url === 'a.png' ? png(400, 200) : undefined) }
    const first = await treeToDocx(tree, file, options)
    const second = await treeToDocx(tree, file, options)
    expect(openDocx(second.data).text('word/document.xml')).toBe(openDocx(first.data).text('word/document.xml'))
    expect(openDocx(first.data).text('word/document.xml')).toContain('descr="A"')
  })
})

describe('hostile HTML', () => {
  it('handles thousands of nested or unclosed tags quickly', async () => {
    const started = Date.now()
    const { messages } = await convert(`${'<div>\n\n'.repeat(500)}text\n\n${'<b>'.repeat(2000)}x${'</b>'.repeat(2000)}\n`)
    expect(messages).toEqual([['html-too-deep', 1003, 97]])
    expect(Date.now() - started).toBeLessThan(20_000)
  })
})

describe('spacing around HTML tables', () => {
  it('gives the paragraph after an HTML table the space Word leaves out below tables', async () => {
    const { body } = await convert('<table><tr><td>a</td></tr></table>\n\nAfter\n')
    expect(body).toMatch(/<w:spacing w:before="200"\/><\/w:pPr><w:r><w:t xml:space="preserve">After/)
  })
})
