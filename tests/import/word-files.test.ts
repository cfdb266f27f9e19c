/**
 * .docx files written by Word itself: mammoth's own test documents (shipped in its package),
 * with comments, endnotes, footnotes, tables, a text box, a list, underline, strikethrough, a
 * strict-OOXML file, a byte order mark and an external picture.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { docxToMarkdown } from '../../src/import/docx-to-markdown.js'

const DATA = resolve(import.meta.dirname, '..', '..', 'node_modules', 'mammoth', 'test', 'test-data')

const EXPECTED: Record<string, string> = {
  'comments.docx': '{==Ouch==}{>>A tachyon walks into a bar.<<}.{>>Fin.<<}\n',
  'endnotes.docx': 'Ouch[^1].[^2]\n\n[^1]: A tachyon walks into a bar.\n\n[^2]: Fin.\n',
  'footnotes.docx': 'Ouch[^1].[^2]\n\n[^1]: A tachyon walks into a bar.\n\n[^2]: Fin.\n',
  'footnote-hyperlink.docx': '[^1]\n\n[^1]: [Example](http://www.example.com)\n',
  'tables.docx': 'Above\n\n| Top left    | Top right    |\n| ----------- | ------------ |\n| Bottom left | Bottom right |\n\nBelow\n',
  'text-box.docx': 'Datum plane\n',
  'simple-list.docx': '- Apple\n- Banana\n',
  'strict-format.docx': 'Test\n',
  'underline.docx': '**The [Sunset]{.underline} Tree**\n',
  'strikethrough.docx': "~~Today's Special: Salmon~~ Sold out\n",
  'utf8-bom.docx': 'This XML has a byte order mark.\n',
  'tiny-picture.docx': '![](images/image1.png)\n',
  'empty.docx': '',
}

describe.runIf(existsSync(DATA))('import: documents written by Word', () => {
  for (const [name, markdown] of Object.entries(EXPECTED)) {
    it(name, async () => {
      const result = await docxToMarkdown(new Uint8Array(readFileSync(join(DATA, name))))
      expect(result.markdown).toBe(markdown)
      expect(result.messages).toEqual([])
    })
  }

  it('says a picture linked from outside the document is left out', async () => {
    const result = await docxToMarkdown(new Uint8Array(readFileSync(join(DATA, 'external-picture.docx'))))
    expect(result.messages).toEqual([{ ruleId: 'import-image-linked', reason: 'A picture linked from outside the document (tiny-picture.png) was left out', severity: 'warning' }])
  })
})
