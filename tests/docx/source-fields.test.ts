/**
 * What the export keeps for an import (docx/source-fields.ts, ooxml/markdocx-properties.ts):
 * each citation and cross-reference inside an ADDIN field holding its Markdown, the formatted
 * text still its result; the reference list's marks; the front matter's citation settings and
 * renamed bookmarks in docProps/custom.xml — and the whole comes back through the import.
 */
import type { Document } from '@xmldom/xmldom'
import { strFromU8, unzipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { markdownToDocx } from '../../src/convert.js'
import { docxToMarkdown } from '../../src/import/docx-to-markdown.js'
import { checkProducedWithOracle, fromMarkdown } from '../support/docx.js'
import { elements, wordText } from '../support/xml.js'

checkProducedWithOracle('source fields')

const BIB = '@book{doe99, author={Doe, John}, title={Things}, year=1999, publisher={Acme}}\n@article{smith04, author={Smith, Anna}, title={Stuff}, journal={J}, year=2004}\n'
const bibliography = [{ name: 'refs.bib', text: BIB }]

function instructions(document: Document): string[] {
  return elements(document, 'w:instrText').map((element) => (element.textContent ?? '').trim())
}

describe('export: sources kept for an import', () => {
  it('wraps a formatted citation in an ADDIN field holding it as written; the text shows as before', async () => {
    const { document } = await fromMarkdown('As @doe99 [p. 33] argues [see @smith04, pp. 10-12;\nalso -@doe99, *passim*].\n', { bibliography, csl: 'apa' })
    // (The reference list made at the end: its entries marked too.)
    expect(instructions(document).filter((instruction) => !instruction.endsWith('REFS_ENTRY'))).toEqual(['ADDIN MARKDOCX_CITATION @doe99 [p. 33]', 'ADDIN MARKDOCX_CITATION [see @smith04, pp. 10-12; also -@doe99, *passim*]'])
    const text = elements(document, 'w:p').map(wordText).join('\n')
    expect(text).toContain('Doe (1999, p. 33) argues')
    expect(text).not.toContain('@')
  })

  it('keeps a note style’s mark outside the field', async () => {
    const note = `<?xml version="1.0" encoding="utf-8"?>
<style xmlns="http://purl.org/net/xbiblio/csl" class="note" version="1.0"><info><title>Notes</title><id>notes</id><updated>2024-01-01T00:00:00+00:00</updated></info>
<citation><layout suffix="."><text variable="title"/></layout></citation><bibliography><layout><text variable="title"/></layout></bibliography></style>`
    const { document } = await fromMarkdown('Text [@doe99].\n', { bibliography, csl: note })
    const runs = elements(document, 'w:r')
    const end = runs.findIndex((run) => elements(run, 'w:fldChar')[0]?.getAttribute('w:fldCharType') === 'end')
    const mark = runs.findIndex((run) => elements(run, 'w:footnoteReference').length > 0)
    expect(mark).toBeGreaterThan(end)
  })

  it('marks the reference list: the div’s place and each entry', async () => {
    const { document } = await fromMarkdown('Text [@doe99].\n\n::: {#refs}\n:::\n\n# After\n', { bibliography })
    expect(instructions(document)).toEqual(['ADDIN MARKDOCX_CITATION [@doe99]', 'ADDIN MARKDOCX_REFS', 'ADDIN MARKDOCX_REFS_ENTRY'])
    const empty = await fromMarkdown('Text.\n\n::: {#refs}\n:::\n')
    expect(instructions(empty.document)).toEqual(['ADDIN MARKDOCX_REFS'])
  })

  it('writes the citation settings and renamed bookmarks into docProps/custom.xml, long values in parts', async () => {
    const keys = Array.from({ length: 40 }, (_, index) => `@key${index}`).join(', ')
    const markdown = `---\ntitle: T\nbibliography: refs.bib\ncsl: apa\nlink-citations: true\nnocite: "${keys}"\nfigPrefix: Figure\n---\n\n# Intro {#sec:intro}\n\nSee [the intro](#sec:intro) and @sec:intro.\n`
    const { data } = await markdownToDocx(markdown, { loadFile: async () => undefined })
    const custom = strFromU8(unzipSync(data)['docProps/custom.xml']!)
    expect(custom).toContain('name="MarkdocxFrontMatter.1"')
    expect(custom).toContain('name="MarkdocxBookmarks"')
    // Word keeps 255 characters of a text property.
    for (const value of custom.matchAll(/<vt:lpwstr>([^<]*)<\/vt:lpwstr>/g)) expect(value[1]!.replace(/&(?:quot|amp|lt|gt|apos);/g, '_').length).toBeLessThanOrEqual(255)
    const back = (await docxToMarkdown(data)).markdown
    expect(back).toContain('bibliography: refs.bib')
    expect(back).toContain(`nocite: "${keys}"`)
    expect(back).toContain('figPrefix: Figure')
    expect(back).toContain('# Intro {#sec:intro}')
    expect(back).toContain('See [the intro](#sec:intro) and @sec:intro.')
  })

  it('leaves out on import a reference list made at the end, its heading with it (a heading the author wrote stays)', async () => {
    for (const markdown of ['# A\n\nText [@doe99].\n', '# A\n\nText [@doe99].\n\n# References\n']) {
      const { data } = await markdownToDocx(markdown, { bibliography })
      expect((await docxToMarkdown(data)).markdown).toBe(markdown)
    }
  })

  it('gives back labels with `:` and a figure’s caption, size, equation and listing labels', async () => {
    const markdown = [
      '# Intro {#sec:intro}',
      'See @fig:plot, [-@eq:one], [@lst:code; @sec:intro] and [the plot](#fig:plot).',
      '![A plot](chart.png){#fig:plot width=40%}',
      '$$\nE = mc^2\n$$ {#eq:one}',
      '```{#lst:code caption="The code"}\nx = 1\n```',
      '',
    ].join('\n\n')
    const png = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0))
    const { data } = await markdownToDocx(markdown, { loadImage: async () => png })
    const back = (await docxToMarkdown(data)).markdown
    expect(back).toContain('# Intro {#sec:intro}')
    expect(back).toContain('See @fig:plot, [-@eq:one], [@lst:code; @sec:intro] and [the plot](#fig:plot).')
    expect(back).toMatch(/!\[A plot\]\(images\/image1\.png\)\{#fig:plot width=40%\}/)
    expect(back).toContain('$$ {#eq:one}')
    expect(back).toContain('```{#lst:code caption="The code"}\nx = 1\n```')
  })

  it('comes back through the import as written', async () => {
    const markdown = 'As @doe99 [p. 33] argues [see @smith04, pp. 10-12; also -@doe99].\n\n::: {#refs}\n:::\n\nAfter.\n'
    const { data } = await markdownToDocx(markdown, { bibliography, csl: 'apa' })
    expect((await docxToMarkdown(data)).markdown).toBe(markdown)
  })
})
