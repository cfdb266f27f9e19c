/**
 * The body written block by block (src/docx/ooxml/streamed-body.ts) must give the very bytes
 * docx gives when it writes the body whole: lists and their restarts, images, links, notes,
 * sections (a title page, a landscape table), text holding braces like docx's own
 * placeholders — indented or not.
 */
import { describe, expect, it } from 'vitest'
import type { DocxOptions } from '../../src/docx/options.js'
import { resolveImages } from '../../src/docx/media/images.js'
import { packDocx, readPart } from '../../src/docx/ooxml/pack.js'
import { streamedPartsOf } from '../../src/docx/ooxml/streamed-body.js'
import { compileSteps } from '../../src/docx/to-docx.js'
import { runSteps } from '../../src/docx/steps.js'
import { parseMarkdown } from '../../src/markdown/parse.js'

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABgAAAAMAQMAAABC/u82AAAABlBMVEXy8vIvVJYXDHMwAAAAE0lEQVR42mNYtWoVQ2hoKAORNAC6gxHv8qDT9gAAAABJRU5ErkJggg=='

const MARKDOWN = `---
title: Streamed
author: Someone
date: 2024-01-01
---

# Heading {#top}

A [link](https://example.com), a [second](https://example.org) and a note[^1].
Text in braces: {1}, {rId1}, {bullet-0}, {a|b}, {x}{y}, and a lone { brace.

- one
- two
  - nested ![tiny](${PNG})
- [ ] a task
- [x] done

5. five
6. six

Between.

1. again

![alone](${PNG})

| Identifier | Description of the item | Manufacturer | Country of origin | Wholesale price | Retail price | Stock level | Warehouse location | Supplier contact |
|---|---|---|---|---|---|---|---|---|
| ABC-123456 | Extraordinarily comprehensive widget | Internationalisation Ltd | Liechtenstein | 1234567.89 | 2345678.90 | 1234567 | Northamptonshire | procurement@example.com |

\`\`\`js
const o = { a: 1, b: {c} }
\`\`\`

$$x^{2} + {y}_{1}$$

> A quote with **bold** and a [link](https://example.com).

A comment{>>on this, with a [link](https://example.net) and {braces}<<} and another{>>second<<}, and a second note[^2].

[^1]: The note, with ![img](${PNG}) and {braces}.

[^2]: A note with a [link](https://example.com/note) and a list:

    - one
    - two
`

async function packed(streamed: boolean, pretty: boolean, markdown = MARKDOWN): Promise<Uint8Array> {
  const { tree, file } = parseMarkdown(markdown)
  const images = await resolveImages(tree)
  const options: DocxOptions = { images, file, wideTables: 'landscape', parseMarkdown: (text: string) => parseMarkdown(text).tree }
  const { document } = runSteps(compileSteps(tree, options, streamed))
  // The comparison means something only if one side really is streamed (a body of one paragraph keeps it as docx's: nothing to stream).
  if (markdown === MARKDOWN) expect(streamedPartsOf(document) !== undefined).toBe(streamed)
  return packDocx(document, { pretty })
}

describe('a body written block by block', () => {
  for (const pretty of [false, true]) {
    it(`gives the bytes docx gives writing it whole${pretty ? ', indented' : ''}`, async () => {
      const whole = await packed(false, pretty)
      const streamed = await packed(true, pretty)
      const xml = readPart(streamed, 'word/document.xml') ?? ''
      // The document has what the comparison is about.
      expect(xml).toContain('<w:numId')
      expect(xml).toMatch(/r:embed="rId\d+"/)
      expect(xml).toContain('w:orient="landscape"')
      expect(xml).toContain('{rId1}')
      expect(xml).not.toContain('markdocx-streamed')
      // Footnotes and comments are streamed too, and read as docx writes them whole.
      const notes = readPart(streamed, 'word/footnotes.xml') ?? ''
      const comments = readPart(streamed, 'word/comments.xml') ?? ''
      expect(notes).toMatch(/<w:footnote w:id="2">/)
      expect(notes).toMatch(/<w:hyperlink [^>]*r:id="rId/)
      expect(comments).toContain('second')
      for (const part of [notes, comments]) expect(part).not.toContain('markdocx-streamed')
      expect(readPart(streamed, 'word/document.xml')).toBe(readPart(whole, 'word/document.xml'))
      expect(Buffer.from(streamed).equals(Buffer.from(whole))).toBe(true)
    })
  }

  it('gives the same bytes for a document of one paragraph, and of none', async () => {
    for (const markdown of ['Just this.\n', '', '- a\n- b\n', '| a |\n|---|\n| 1 |\n']) {
      expect(Buffer.from(await packed(true, false, markdown)).equals(Buffer.from(await packed(false, false, markdown))), JSON.stringify(markdown)).toBe(true)
    }
  })

  it('gives the same bytes for paragraphs of thousands of runs, written child by child', async () => {
    // Hard breaks, links, comments, tracked changes, footnote calls and math in one paragraph
    // each of over LONG_PARAGRAPH_CHILDREN children; one in a list and one in a quote.
    const line = (i: number) => `line ${i} *em* [link](https://example.com/${i % 7}) {>>c<<} {++in++} {--out--} $x^${i % 5}$ note[^1]  `
    const long = Array.from({ length: 400 }, (_, i) => line(i)).join('\n')
    const markdown = `# Long\n\n${long}\n\n- ${long.replace(/\n/g, '\n  ')}\n\n> ${long.replace(/\n/g, '\n> ')}\n\nEnd.\n\n[^1]: The note.\n`
    for (const pretty of [false, true]) {
      const streamed = await packed(true, pretty, markdown)
      const xml = readPart(streamed, 'word/document.xml') ?? ''
      expect(xml.match(/<w:br\/>/g)?.length).toBeGreaterThan(1000)
      expect(Buffer.from(streamed).equals(Buffer.from(await packed(false, pretty, markdown))), pretty ? 'indented' : 'not indented').toBe(true)
    }
  })

  it('gives the same bytes for tables of thousands of rows, written row by row', async () => {
    const rows = Array.from({ length: 1200 }, (_, i) => `| ${i} | *em* [link](https://example.com/${i % 3}) | ${'x'.repeat(i % 9)} |`).join('\n')
    const html = `<table>${Array.from({ length: 1100 }, (_, i) => `<tr><td>${i}</td><td colspan="2">wide</td></tr>`).join('')}</table>`
    const markdown = `# Tables\n\n| a | b | c |\n|:--|:-:|--:|\n${rows}\n\nTable: A long table\n\n${html}\n\n> | q |\n> |---|\n${Array.from({ length: 1100 }, (_, i) => `> | ${i} |`).join('\n')}\n\nEnd.\n`
    for (const pretty of [false, true]) {
      const streamed = await packed(true, pretty, markdown)
      expect(readPart(streamed, 'word/document.xml')?.match(/<w:tr>/g)?.length).toBeGreaterThan(3000)
      expect(Buffer.from(streamed).equals(Buffer.from(await packed(false, pretty, markdown))), pretty ? 'indented' : 'not indented').toBe(true)
    }
  })

  it('is packed once: its blocks are let go as they are written', async () => {
    const { tree, file } = parseMarkdown('- a\n- b\n\nText.\n')
    const { document } = runSteps(compileSteps(tree, { file }, true))
    await packDocx(document)
    await expect(packDocx(document)).rejects.toThrow(/packed once/)
  })
})
