/**
 * The importer on files nobody should send it, and on text that looks like Markdown: it never
 * throws, says why it could not read a file, refuses a zip bomb by its declared sizes, stays
 * linear, and writes any text so that markdocx's parser reads back the same text.
 */
import fc from 'fast-check'
import { strToU8, unzipSync, zipSync } from 'fflate'
import type { Root } from 'mdast'
import { toString } from 'mdast-util-to-string'
import { describe, expect, it } from 'vitest'
import { docxToMarkdown } from '../../src/import/docx-to-markdown.js'
import { parseMarkdown } from '../../src/markdown/parse.js'
import { ins, makeDocx, p, run } from './make-docx.js'

describe('import: files that are not Word documents', () => {
  it.each([
    ['empty', new Uint8Array(0), /empty/],
    ['text', strToU8('# Just Markdown\n'), /not a \.docx/],
    ['an old .doc', new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), /old Word \.doc/],
    ['a PDF', strToU8('%PDF-1.7\n'), /PDF/],
    ['a damaged zip', new Uint8Array([0x50, 0x4b, 3, 4, 1, 2, 3, 4, 5, 6, 7, 8]), /damaged/],
    ['a zip of something else', zipSync({ 'hello.txt': strToU8('hi') }), /without a Word document/],
  ])('%s: a message, no Markdown, no exception', async (_name, bytes, reason) => {
    const result = await docxToMarkdown(bytes)
    expect(result.markdown).toBe('')
    expect(result.messages).toHaveLength(1)
    expect(result.messages[0]!.ruleId).toBe('import-not-docx')
    expect(result.messages[0]!.severity).toBe('error')
    expect(result.messages[0]!.reason).toMatch(reason)
  })

  it('refuses a zip bomb by the sizes it declares, before inflating', async () => {
    const bomb = makeDocx({ body: p('x'), files: { 'word/media/zeros.bin': new Uint8Array(4 * 1024 * 1024) } })
    expect(bomb.length).toBeLessThan(64 * 1024)
    const result = await docxToMarkdown(bomb, { maxUnzippedBytes: 1024 * 1024 })
    expect(result.messages[0]!.reason).toMatch(/more than 1 MiB unpacked/)
    const part = await docxToMarkdown(makeDocx({ body: p('y'.repeat(3 * 1024 * 1024)) }), { maxPartBytes: 1024 * 1024 })
    expect(part.messages[0]!.reason).toMatch(/word\/document\.xml would take 3 MiB/)
  })

  it('is not fooled by an entry that inflates to more than it declares', async () => {
    const honest = makeDocx({ body: p('z'.repeat(200_000)) })
    // Declare 100 bytes for word/document.xml, in its local header and in the central directory.
    const lying = honest.slice()
    const view = new DataView(lying.buffer)
    for (let at = 0; at < lying.length - 46; at++) {
      const signature = view.getUint32(at, true)
      const nameAt = signature === 0x04034b50 ? at + 30 : signature === 0x02014b50 ? at + 46 : -1
      if (nameAt === -1) continue
      const nameLength = view.getUint16(at + (signature === 0x04034b50 ? 26 : 28), true)
      if (new TextDecoder().decode(lying.subarray(nameAt, nameAt + nameLength)) === 'word/document.xml') view.setUint32(at + (signature === 0x04034b50 ? 22 : 24), 100, true)
    }
    const result = await docxToMarkdown(lying)
    // Whatever it reads, it reads at most what was declared, and says what went wrong.
    expect(result.markdown.length).toBeLessThan(200)
    expect(result.messages.length).toBeGreaterThan(0)
  })

  it('survives broken XML, a DTD and deep nesting with a message or some text, never an exception', async () => {
    const broken = makeDocx({ body: '<w:p><w:r><w:t>unclosed' })
    expect((await docxToMarkdown(broken)).messages.length + (await docxToMarkdown(broken)).markdown.length).toBeGreaterThan(0)
    const laughs = makeDocx({ body: p('before') })
    const withDtd = zipSync({ ...unzipSync(laughs), 'word/document.xml': strToU8(`<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;"><!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">]><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>&lol4;</w:t></w:r></w:p></w:body></w:document>`) })
    const dtd = await docxToMarkdown(withDtd)
    expect(dtd.markdown.length).toBeLessThan(1000)
    const deep = makeDocx({ body: `${'<w:sdt><w:sdtContent>'.repeat(20_000)}${p('deep')}${'</w:sdtContent></w:sdt>'.repeat(20_000)}` })
    const nested = await docxToMarkdown(deep)
    expect(nested.markdown.includes('deep') || nested.messages.some((message) => message.severity === 'error')).toBe(true)
  }, 60_000)

  it('reads many paragraphs, runs and changes in linear time (no quadratic pass)', async () => {
    const body = Array.from({ length: 5_000 }, (_, index) => p(`Paragraph ${index} `, { xml: `<w:ins w:id="${index}" w:author="A">${run('new')}</w:ins>` })).join('')
    const result = await docxToMarkdown(makeDocx({ body }))
    expect(result.markdown.split('\n\n')).toHaveLength(5_000)
  }, 60_000)

  it('keeps the text of a javascript: link, not the link', async () => {
    const body = p({ xml: '<w:hyperlink r:id="rIdX"><w:r><w:t>click</w:t></w:r></w:hyperlink>' }, ' and ', { xml: '<w:hyperlink r:id="rIdY"><w:r><w:t>fine</w:t></w:r></w:hyperlink>' })
    const relationships = '<Relationship Id="rIdX" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="JavaScript:alert(1)" TargetMode="External"/><Relationship Id="rIdY" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://example.com/" TargetMode="External"/>'
    const result = await docxToMarkdown(makeDocx({ body, relationships }))
    expect(result.markdown).toBe('click and [fine](https://example.com/)\n')
    expect(result.messages.map((message) => message.ruleId)).toEqual(['import-link-unsafe'])
  })

  it('gives the same Markdown and pictures for the same bytes', async () => {
    const bytes = makeDocx({ body: p('Same ', ins(run('every')), ' time.') })
    const [first, second] = [await docxToMarkdown(bytes), await docxToMarkdown(bytes)]
    expect(second.markdown).toBe(first.markdown)
    expect(second.images).toEqual(first.images)
  })

  it('takes the noncharacters it uses as markers out of the document’s own text', async () => {
    const result = await docxToMarkdown(makeDocx({ body: `<w:p>${run('a\uFDD0i\uFDD1b')}<w:r><w:t xml:space="preserve"> &#xFDD0;d&#65041; c</w:t></w:r></w:p>` }))
    expect(result.markdown).toBe('a\uFFFDi\uFFFDb \uFFFDd\uFFFD c\n')
  })
})

/** The text of a document's only paragraph (or heading), as markdocx's parser reads the Markdown. */
function textOf(tree: Root): string {
  return tree.children.map((node) => toString(node)).join('\n')
}

const special = fc.constantFrom('*', '_', '#', '|', '<', '>', '[', ']', '(', ')', '!', '`', '~', '^', '$', '\\', '&', ':', '-', '+', '=', '.', '1.', '{', '}', '@', '"', "'", 'www.', 'http://', '&amp;', '<b>', '\\newpage', ':::', '[^1]', '[x](y)', '$x$', '==', 'Table:')
const piece = fc.oneof({ weight: 3, arbitrary: special }, { weight: 2, arbitrary: fc.stringMatching(/^[a-z]{1,6}$/) }, { weight: 1, arbitrary: fc.constant(' ') })
/**
 * Two things cannot be written as text, because markdocx's parser reads them from text values
 * whatever their escapes: a paragraph that is only `\newpage` (or `\pagebreak`) is a page
 * break, and CriticMarkup delimiters pair up. Left out here (README: known limits).
 */
const text = fc
  .array(piece, { minLength: 1, maxLength: 12 })
  .map((pieces) => pieces.join('').replace(/\s+/g, ' ').trim())
  .filter((value) => value !== '' && !/^\\(newpage|pagebreak)$/.test(value) && !/\{(==|>>|\+\+|--|~~)/.test(value))

describe('import: Markdown-looking text stays text', () => {
  it('in paragraphs, headings and table cells, any mix of Markdown punctuation comes back as the same text', async () => {
    const styles = '<w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val="heading 2"/></w:style>'
    await fc.assert(
      fc.asyncProperty(text, async (value) => {
        const paragraph = (await docxToMarkdown(makeDocx({ body: p(value) }))).markdown
        expect(textOf(parseMarkdown(paragraph).tree)).toBe(value)
        const heading = (await docxToMarkdown(makeDocx({ body: `<w:p><w:pPr><w:pStyle w:val="Heading2"/></w:pPr>${run(value)}</w:p>`, styles }))).markdown
        expect(heading.startsWith('## ')).toBe(true)
        expect(textOf(parseMarkdown(heading).tree)).toBe(value)
        const table = (await docxToMarkdown(makeDocx({ body: `<w:tbl><w:tr><w:trPr><w:tblHeader/></w:trPr><w:tc>${p('Head')}</w:tc></w:tr><w:tr><w:tc>${p(value)}</w:tc></w:tr></w:tbl>` }))).markdown
        const parsed = parseMarkdown(table).tree.children[0]
        expect(parsed?.type).toBe('table')
        if (parsed?.type === 'table') expect(toString(parsed.children[1]!)).toBe(value)
      }),
      { numRuns: Number(process.env.RUNS ?? 150), seed: Number(process.env.SEED ?? 15) },
    )
  }, 120_000)

  it.each([['a *b* c'], ['# not a heading'], ['1. not a list'], ['- not a list'], ['> not a quote'], ['a | b'], ['<div>not html</div>'], ['$5 and $6'], ['H^2^O and x~1~'], ['\\newpage and more'], ['::: not a div'], ['[^1] not a note'], ['Table: not a caption']])('%s', async (value) => {
    const markdown = (await docxToMarkdown(makeDocx({ body: p(value) }))).markdown
    expect(textOf(parseMarkdown(markdown).tree)).toBe(value)
  })
})
