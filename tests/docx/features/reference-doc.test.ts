/**
 * `referenceDoc` (the CLI's --reference-doc): a template's styles, theme, page setup and
 * headers/footers replace ours, like pandoc's. Templates are built here with the docx
 * library, plus pandoc's own reference.docx; the LibreOffice render must show the template's
 * fonts and colours.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Document, Header, Packer, Paragraph, TextRun } from 'docx'
import { strToU8, unzipSync, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { checkProducedWithOracle, fromMarkdown, ruleIds, styleOf, textOf } from '../../support/docx.js'
import { findOracle, render } from '../../support/oracle.js'
import { attr, elements } from '../../support/xml.js'

checkProducedWithOracle('reference doc')

const RED = 'C00000'

/** A template a Word user might make: its own heading font and colour, body font from its theme, Letter paper, a header. */
async function makeTemplate(options: { headingId?: string; header?: string } = {}): Promise<Uint8Array> {
  const headingId = options.headingId ?? 'Heading1'
  const styles =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
    '<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:asciiTheme="minorHAnsi" w:hAnsiTheme="minorHAnsi" w:cstheme="minorBidi"/><w:sz w:val="20"/><w:szCs w:val="20"/><w:lang w:val="en-US"/></w:rPr></w:rPrDefault><w:pPrDefault><w:pPr><w:spacing w:after="120"/></w:pPr></w:pPrDefault></w:docDefaults>' +
    '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/></w:style>' +
    `<w:style w:type="paragraph" w:styleId="${headingId}"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/><w:pPr><w:keepNext/><w:spacing w:before="240" w:after="120"/><w:outlineLvl w:val="0"/></w:pPr><w:rPr><w:rFonts w:ascii="DejaVu Serif" w:hAnsi="DejaVu Serif"/><w:b/><w:color w:val="${RED}"/><w:sz w:val="44"/></w:rPr></w:style>` +
    '<w:style w:type="paragraph" w:styleId="BodyText"><w:name w:val="Body Text"/><w:basedOn w:val="Normal"/><w:pPr><w:spacing w:before="60" w:after="60"/></w:pPr><w:rPr><w:color w:val="1F4E79"/></w:rPr></w:style>' +
    '</w:styles>'
  const document = new Document({
    externalStyles: styles,
    theme: { name: 'Markdocx Test Theme', fonts: { body: 'DejaVu Sans Mono', headings: 'DejaVu Serif' } },
    sections: [
      {
        properties: { page: { size: { width: 12240, height: 15840 }, margin: { top: 1000, right: 1000, bottom: 1000, left: 2000 } } },
        headers: { default: new Header({ children: [new Paragraph({ children: [new TextRun(options.header ?? 'TEMPLATE HEADER')] })] }) },
        children: [new Paragraph('Template body, never copied.')],
      },
    ],
  })
  // docx adds its own default styles to external ones; a template from Word has only its own.
  const files = unzipSync(new Uint8Array(await Packer.toBuffer(document)))
  files['word/styles.xml'] = strToU8(styles)
  return zipSync(files)
}

const markdown = '# Results\n\nA paragraph of body text.\n\nAnother paragraph.\n'

describe('reference document', () => {
  it('takes the template’s styles over ours and fills in only what it lacks', async () => {
    const out = await fromMarkdown(markdown, { referenceDoc: await makeTemplate() })
    const styles = out.pkg.text('word/styles.xml')!
    const ids = elements(out.styles, 'w:style').map((s) => attr(s, 'w:styleId'))
    expect(ids.filter((id) => id === 'Heading1')).toHaveLength(1)
    expect(styles).toContain(`<w:color w:val="${RED}"/>`)
    expect(styles).toContain('w:ascii="DejaVu Serif"')
    // Ours fill the gaps: First Paragraph, Hyperlink, Table…
    expect(ids).toEqual(expect.arrayContaining(['FirstParagraph', 'Hyperlink', 'Table', 'TOC1', 'Footer']))
    // The template's document defaults (10 pt, theme fonts) win.
    expect(elements(elements(out.styles, 'w:docDefaults')[0]!, 'w:sz').map((e) => attr(e, 'w:val'))).toEqual(['20'])
    expect(out.blocks.map(styleOf)).toEqual(['Heading1', 'FirstParagraph', 'BodyText'])
  })

  it('takes its theme, page size, margins and header', async () => {
    const out = await fromMarkdown(markdown, { referenceDoc: await makeTemplate() })
    expect(out.pkg.text('word/theme/theme1.xml')).toContain('Markdocx Test Theme')
    const section = elements(out.body, 'w:sectPr').at(-1)!
    expect(attr(elements(section, 'w:pgSz')[0], 'w:w')).toBe('12240')
    expect(attr(elements(section, 'w:pgMar')[0], 'w:left')).toBe('2000')
    const reference = elements(section, 'w:headerReference')[0]!
    const target = out.rels.get(attr(reference, 'r:id')!)!
    expect(target.type).toBe('header')
    expect(textOf(out.pkg.xml(`word/${target.target}`))).toBe('TEMPLATE HEADER')
  })

  it('lets explicit options win over the template’s page setup and header', async () => {
    const out = await fromMarkdown('---\ntitle: Mine\n---\n\nText\n', { referenceDoc: await makeTemplate(), pageSize: 'A4', pageNumbers: true })
    const section = elements(out.body, 'w:sectPr').at(-1)!
    expect(attr(elements(section, 'w:pgSz')[0], 'w:w')).toBe('11906')
    const headers = elements(section, 'w:headerReference').map((r) => textOf(out.pkg.xml(`word/${out.rels.get(attr(r, 'r:id')!)!.target}`)))
    expect(headers).toEqual(['Mine'])
  })

  it('writes our style ids as the template’s where it names a style differently (a localised Word)', async () => {
    const out = await fromMarkdown(markdown, { referenceDoc: await makeTemplate({ headingId: 'berschrift1' }) })
    expect(out.blocks.map(styleOf)[0]).toBe('berschrift1')
    const ids = elements(out.styles, 'w:style').map((s) => attr(s, 'w:styleId'))
    expect(ids).not.toContain('Heading1')
    // Our Heading 2…6 are added, still based on the template's Normal.
    expect(ids).toContain('Heading2')
  })

  it('works with pandoc’s reference.docx (its out-of-order style XML is put in schema order)', async () => {
    const reference = new Uint8Array(execFileSync('pandoc', ['--print-default-data-file', 'reference.docx']))
    const out = await fromMarkdown(`---\ntitle: T\n---\n\n${markdown}\n| a | b |\n|---|---|\n| 1 | 2 |\n`, { referenceDoc: reference, toc: true })
    const styles = out.pkg.text('word/styles.xml')!
    // pandoc's Body Text (spacing 180/180) is the one used.
    const bodyText = elements(out.styles, 'w:style').find((s) => attr(s, 'w:styleId') === 'BodyText')!
    expect(attr(elements(bodyText, 'w:spacing')[0], 'w:before')).toBe('180')
    expect(styles.indexOf('<w:qFormat/>')).toBeGreaterThan(-1)
    expect(out.messages.filter((m) => m.ruleId.startsWith('reference'))).toEqual([])
  })

  it('says so and keeps the built-in styles when the file is not a Word document', async () => {
    const out = await fromMarkdown(markdown, { referenceDoc: new TextEncoder().encode('not a zip') })
    expect(ruleIds(out.messages)).toContain('reference-doc-invalid')
    expect(out.blocks.map(styleOf)).toEqual(['Heading1', 'FirstParagraph', 'BodyText'])
  })

  it('renders in LibreOffice with the template’s fonts and colours', async () => {
    const oracle = findOracle()
    if (!oracle) return
    const dir = mkdtempSync(join(tmpdir(), 'markdocx-reference-'))
    const out = await fromMarkdown(markdown, { referenceDoc: await makeTemplate() })
    writeFileSync(join(dir, 'out.docx'), out.bytes)
    expect(await render(oracle, join(dir, 'out.docx'), join(dir, 'render'))).toBeGreaterThan(0)
    const pdf = join(dir, 'render', 'out.pdf')
    const fonts = execFileSync('pdffonts', [pdf]).toString()
    expect(fonts).toMatch(/DejaVuSerif-Bold/)
    // The body font comes from the template's theme.
    expect(fonts).toMatch(/DejaVuSansMono/)
    expect(readFileSync(join(dir, 'render', 'text.txt'), 'utf8')).toContain('TEMPLATE HEADER')
    expect(redPixels(execFileSync('pdftoppm', ['-r', '40', '-f', '1', '-l', '1', pdf]))).toBeGreaterThan(50)
  })
})

/** Pixels of the heading's red in a binary PPM (pdftoppm's default output). */
function redPixels(ppm: Buffer): number {
  const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.subarray(0, 64).toString('latin1'))
  if (!header) throw new Error('not a PPM')
  let count = 0
  for (let i = header[0].length; i + 2 < ppm.length; i += 3) if (ppm[i]! > 150 && ppm[i + 1]! < 60 && ppm[i + 2]! < 60) count++
  return count
}
