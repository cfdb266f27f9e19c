/**
 * Two quotes one after the other stay two: the export gives the second quote's first paragraph
 * "Block Text First", a style based on Block Text that changes nothing (Word and LibreOffice
 * draw it alike), and the import starts a new quote there.
 */
import { strFromU8, unzipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { markdownToDocx } from '../../src/convert.js'
import { docxToMarkdown } from '../../src/import/docx-to-markdown.js'

describe('import: quotes in a row', () => {
  it('keeps two quotes one after the other apart, and one quote whole', async () => {
    const markdown = '> One.\n>\n> Still one.\n\n> Two.\n\n> Three.\n>\n> > Nested.\n'
    const { data } = await markdownToDocx(markdown, { path: 'in.md' })
    const files = unzipSync(data)
    expect(strFromU8(files['word/styles.xml']!)).toMatch(/<w:style w:type="paragraph" w:styleId="BlockTextFirst"><w:name w:val="Block Text First"\/><w:basedOn w:val="BlockText"\/><w:uiPriority w:val="30"\/><\/w:style>/)
    expect(strFromU8(files['word/document.xml']!).match(/w:val="BlockTextFirst"/g)).toHaveLength(2)
    expect((await docxToMarkdown(data)).markdown).toBe(markdown)
  })

  it('leaves a quote after a callout, and a quote after a paragraph, in Block Text', async () => {
    const { data } = await markdownToDocx('> [!NOTE]\n> Box.\n\n> Quote.\n\nText.\n\n> Another.\n', { path: 'in.md' })
    expect(strFromU8(unzipSync(data)['word/document.xml']!)).not.toMatch(/BlockTextFirst/)
  })
})
