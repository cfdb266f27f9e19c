/**
 * The importer reading markdocx's kept sources (src/import/field-sources.ts, reference-list.ts,
 * markdocx-properties.ts, bookmark-names.ts, figures.ts): ADDIN MARKDOCX_CITATION / _CROSSREF
 * fields give back the Markdown they hold, not what Word shows; fields whose instruction is not
 * one sound citation, and other tools' ADDIN fields, keep their result text; the properties
 * part gives back front matter and bookmark ids, and ignores what is not markdocx's.
 */
import { strToU8 } from 'fflate'
import { describe, expect, it } from 'vitest'
import { docxToMarkdown } from '../../src/import/docx-to-markdown.js'
import { sourceMarker } from '../../src/import/field-sources.js'
import { escape, makeDocx, p, run } from './make-docx.js'

/** A complex field as Word writes it: begin, instruction (possibly cut over several runs), separate, result runs, end. */
function field(instruction: string | string[], result: string): { xml: string } {
  const parts = Array.isArray(instruction) ? instruction : [instruction]
  return {
    xml: `<w:r><w:fldChar w:fldCharType="begin"/></w:r>${parts.map((part) => `<w:r><w:instrText xml:space="preserve">${escape(part)}</w:instrText></w:r>`).join('')}<w:r><w:fldChar w:fldCharType="separate"/></w:r>${result}<w:r><w:fldChar w:fldCharType="end"/></w:r>`,
  }
}

async function body(...paragraphs: string[]): Promise<string> {
  return (await docxToMarkdown(makeDocx({ body: paragraphs.join('') }))).markdown
}

function customXml(properties: Record<string, string>): Uint8Array {
  const entries = Object.entries(properties).map(([name, value], index) => `<property fmtid="{D5CDD505-2E9C-101B-9397-08002B2CF9AE}" pid="${index + 2}" name="${escape(name)}"><vt:lpwstr>${escape(value)}</vt:lpwstr></property>`)
  return strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/custom-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">${entries.join('')}</Properties>`)
}

describe('import: citations and cross-references kept as written', () => {
  it('gives back the citation, not its formatted text (links and nested fields in the result included)', async () => {
    const link = `<w:hyperlink w:anchor="ref-doe99">${run('Doe (1999, p. 33)')}</w:hyperlink>`
    const markdown = await body(p('As ', field(' ADDIN MARKDOCX_CITATION @doe99 [p. 33] ', link), ' argues ', field(' ADDIN MARKDOCX_CITATION [see @a, pp. 1-2; also -@b] ', run('(see A, 2000)')), '.'))
    expect(markdown).toBe('As @doe99 [p. 33] argues [see @a, pp. 1-2; also -@b].\n')
    const reference = field(' ADDIN MARKDOCX_CROSSREF [-@fig:x] ', field(' REF _Ref_fig_x \\h ', run('3')).xml)
    expect(await body(p('Figure ', reference, ' and ', field(' ADDIN MARKDOCX_CROSSREF @Fig:y ', run('Fig. 4'))))).toBe('Figure [-@fig:x] and @Fig:y\n')
  })

  it('escapes an @ in plain text that would read as a citation, and only that one', async () => {
    expect(await body(p('Ask @doe99 or @{x y}, mail jo@example.com, pay 5 @ 3.'))).toBe('Ask \\@doe99 or \\@{x y}, mail jo\\@example.com, pay 5 @ 3.\n')
    expect(await body(p('@doe99 starts the line.'))).toBe('\\@doe99 starts the line.\n')
  })

  it('reads an instruction Word cut over several runs, and a simple field', async () => {
    expect(await body(p(field([' ADDIN MARKDOCX_CITATION [@doe99', ', p. 3] '], run('(Doe)'))))).toBe('[@doe99, p. 3]\n')
    expect(await body(p('See ', { xml: `<w:fldSimple w:instr=" ADDIN MARKDOCX_CITATION [@doe99] ">${run('(Doe, 1999)')}</w:fldSimple>` }))).toBe('See [@doe99]\n')
  })

  it('keeps the result of another tool’s field (Zotero) and of an instruction that is not one sound citation', async () => {
    const zotero = ' ADDIN ZOTERO_ITEM CSL_CITATION {"citationID":"a1","citationItems":[{"id":1,"uris":["http://zotero.org/users/1/items/X"]}],"schema":"https://github.com/citation-style-language/schema/raw/master/csl-citation.json"} '
    expect(await body(p('Known ', field(zotero, run('(Doe, 1999)')), '.'))).toBe('Known (Doe, 1999).\n')
    for (const instruction of [
      ' ADDIN MARKDOCX_CITATION not a citation [[ ',
      ' ADDIN MARKDOCX_CITATION [@a <script>alert(1)</script>] ',
      ' ADDIN MARKDOCX_CITATION [@a] *and more ',
      ' ADDIN MARKDOCX_CITATION [@a]\n\n# Heading ',
      ' ADDIN MARKDOCX_CITATION ',
      ' ADDIN MARKDOCX_CROSSREF [@doe99] ',
      ' ADDIN MARKDOCX_CROSSREF @fig:x](javascript:alert(1)) ',
      ` ADDIN MARKDOCX_CITATION [@${'a'.repeat(5000)}] `,
    ]) {
      expect(await body(p('Shown ', field(instruction, run('(Doe, 1999)')), '.')), instruction).toBe('Shown (Doe, 1999).\n')
    }
  })

  it('checks the shape of a source', () => {
    expect(sourceMarker('ADDIN MARKDOCX_CITATION [@a; @b, chap. 2]')).toBeDefined()
    expect(sourceMarker('ADDIN MARKDOCX_CITATION @{lee:2020}')).toBeDefined()
    expect(sourceMarker('ADDIN MARKDOCX_CITATION [@a, sec. 4 and *passim*]')).toBeDefined()
    expect(sourceMarker('ADDIN MARKDOCX_CITATION [@a, `code]')).toBeUndefined()
    expect(sourceMarker('ADDIN MARKDOCX_CITATION [no key]')).toBeUndefined()
    expect(sourceMarker('ADDIN MARKDOCX_CROSSREF [Section @sec:sub]')).toBeDefined()
    expect(sourceMarker('ADDIN OTHER_TOOL [@a]')).toBeUndefined()
    expect(sourceMarker('REF _Ref1 \\h')).toBeUndefined()
  })
})

describe('import: the reference list and the kept properties', () => {
  it('gives back `::: {#refs}` where it was and leaves out the entries the bibliography made', async () => {
    const mark = (kind: string) => field(` ADDIN MARKDOCX_${kind} `, '')
    const markdown = await body(p('Text.'), p(mark('REFS'), mark('REFS_ENTRY'), 'Doe, J. (1999). A book.'), p(mark('REFS_ENTRY'), 'Roe, J. (2000). Another.'), p('After.'))
    expect(markdown).toBe('Text.\n\n::: {#refs}\n:::\n\nAfter.\n')
    // A div with no list in it: its mark in a paragraph of its own.
    expect(await body(p(mark('REFS')), p('After.'))).toBe('::: {#refs}\n:::\n\nAfter.\n')
  })

  it('reads the front matter and bookmark ids markdocx kept, joined from numbered parts', async () => {
    const json = JSON.stringify({ bibliography: 'refs.bib', nocite: '@a, @b', csl: 'apa', 'link-citations': true, title: 'not kept' })
    const bookmarks = JSON.stringify({ sec_intro: 'sec:intro' })
    const files = { 'docProps/custom.xml': customXml({ 'MarkdocxFrontMatter.1': json.slice(0, 20), 'MarkdocxFrontMatter.2': json.slice(20), MarkdocxBookmarks: bookmarks }) }
    const xml = `<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:bookmarkStart w:id="1" w:name="sec_intro"/>${run('Intro')}<w:bookmarkEnd w:id="1"/></w:p>${p('See ', { xml: `<w:hyperlink w:anchor="sec_intro">${run('it')}</w:hyperlink>` })}`
    const { markdown } = await docxToMarkdown(makeDocx({ body: xml, files }))
    expect(markdown).toContain('bibliography: refs.bib')
    expect(markdown).toContain('nocite: "@a, @b"')
    expect(markdown).toContain('link-citations: true')
    expect(markdown).not.toContain('not kept')
    expect(markdown).toContain('See [it](#sec:intro)')
  })

  it('ignores properties that are not markdocx’s, or not what it writes', async () => {
    const files = { 'docProps/custom.xml': customXml({ MarkdocxFrontMatter: '{not json', MarkdocxBookmarks: JSON.stringify({ a: 'x} # y', b: 3, c: '' }), Company: 'ACME' }) }
    const xml = `${p({ xml: '<w:bookmarkStart w:id="1" w:name="a"/><w:bookmarkEnd w:id="1"/>' }, 'Text ', { xml: `<w:hyperlink w:anchor="a">${run('there')}</w:hyperlink>` })}`
    const result = await docxToMarkdown(makeDocx({ body: xml, files }))
    expect(result.messages.filter((message) => message.severity === 'error')).toEqual([])
    expect(result.markdown).toBe('[]{#a}Text [there](#a)\n')
  })
})
