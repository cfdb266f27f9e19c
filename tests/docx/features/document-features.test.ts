/**
 * Issue 4's document-level features in the .docx: title block and core properties, language,
 * table of contents, page furniture, title page, captions, comments, definition lists,
 * right-to-left text and wide tables. Every package goes through check-docx at the end.
 */
import type { Element } from '@xmldom/xmldom'
import { describe, expect, it } from 'vitest'
import { checkProducedWithOracle, fromMarkdown, ruleIds, styleOf, textOf } from '../../support/docx.js'
import { attr, child, childElements, elements, val } from '../../support/xml.js'

checkProducedWithOracle('document features')

const instructions = (root: Parameters<typeof elements>[0]) => elements(root, 'w:instrText').map((e) => (e.textContent ?? '').trim())

describe('front matter', () => {
  const markdown = [
    '---',
    'title: The *Great* Report',
    'subtitle: A study',
    'author: [Jane Q. Public, John Roe]',
    'date: 2024-03-05',
    'abstract: |',
    '  First **abstract** paragraph.',
    '',
    '  Second one.',
    'keywords: [alpha, beta]',
    'lang: de-DE',
    '---',
    '',
    'Body.',
  ].join('\n')

  it('writes a title block in pandoc’s styles, title as Markdown', async () => {
    const out = await fromMarkdown(markdown)
    expect(out.blocks.map(styleOf)).toEqual(['Title', 'Subtitle', 'Author', 'Author', 'Date', 'Abstract', 'Abstract', 'FirstParagraph'])
    expect(textOf(out.blocks[0]!)).toBe('The Great Report')
    expect(elements(out.blocks[0]!, 'w:i').length).toBeGreaterThan(0)
  })

  it('fills the core properties with plain text and sets the language', async () => {
    const out = await fromMarkdown(markdown)
    const core = out.pkg.text('docProps/core.xml')!
    expect(core).toContain('<dc:title>The Great Report</dc:title>')
    expect(core).toContain('<dc:creator>Jane Q. Public; John Roe</dc:creator>')
    expect(core).toContain('<cp:keywords>alpha, beta</cp:keywords>')
    expect(core).toContain('<dc:language>de-DE</dc:language>')
    const lang = elements(elements(out.styles, 'w:docDefaults')[0]!, 'w:lang')[0]
    expect(attr(lang, 'w:val')).toBe('de-DE')
  })

  it('puts an RTL language in w:bidi', async () => {
    const out = await fromMarkdown('---\nlang: he-IL\n---\n\nשלום\n')
    const lang = elements(elements(out.styles, 'w:docDefaults')[0]!, 'w:lang')[0]
    expect(attr(lang, 'w:bidi')).toBe('he-IL')
  })

  it('can leave the title block out', async () => {
    const out = await fromMarkdown(markdown, { titleBlock: false })
    expect(out.blocks.map(styleOf)).toEqual(['FirstParagraph'])
  })
})

describe('table of contents', () => {
  const markdown = '# One\n\n## One point one\n\n### Deep\n\n# Two *x*\n\n[^n]\n\n[^n]: # Not in TOC\n'

  it('is a TOC field in a Table of Contents content control, with cached linked entries', async () => {
    const out = await fromMarkdown(markdown, { toc: true })
    const sdt = elements(out.body, 'w:sdt')[0]!
    expect(val(elements(sdt, 'w:docPartObj')[0], 'w:docPartGallery')).toBe('Table of Contents')
    const paragraphs = elements(sdt, 'w:p')
    expect(paragraphs.map(styleOf)).toEqual(['TOCHeading', 'TOC1', 'TOC2', 'TOC3', 'TOC1'])
    expect(textOf(paragraphs[0]!)).toBe('Contents')
    expect(instructions(sdt)[0]).toBe('TOC \\o "1-3" \\h \\z \\u')
    expect(textOf(paragraphs[4]!)).toBe('Two x')
    const links = elements(sdt, 'w:hyperlink').map((link) => attr(link, 'w:anchor'))
    expect(links).toEqual(['one', 'one-point-one', 'deep', 'two-x'])
    // The field ends in the last entry; every entry's page is a PAGEREF to the heading.
    expect(elements(paragraphs[4]!, 'w:fldChar').map((f) => attr(f, 'w:fldCharType')).at(-1)).toBe('end')
    expect(instructions(sdt).filter((i) => i.startsWith('PAGEREF'))).toEqual(['PAGEREF one \\h', 'PAGEREF one-point-one \\h', 'PAGEREF deep \\h', 'PAGEREF two-x \\h'])
    expect(out.pkg.text('word/settings.xml')).toContain('<w:updateFields/>')
  })

  it('honours the depth and title, from options or front matter', async () => {
    const byOption = await fromMarkdown(markdown, { toc: { depth: 1, title: 'Inhalt' } })
    const entries = elements(elements(byOption.body, 'w:sdt')[0]!, 'w:p')
    expect(entries.map(styleOf)).toEqual(['TOCHeading', 'TOC1', 'TOC1'])
    expect(textOf(entries[0]!)).toBe('Inhalt')
    const byFrontMatter = await fromMarkdown(`---\ntoc: true\ntoc-depth: 2\nlang: fr\n---\n\n${markdown}`)
    const sdt = elements(byFrontMatter.body, 'w:sdt')[0]!
    expect(instructions(sdt)[0]).toBe('TOC \\o "1-2" \\h \\z \\u')
    expect(textOf(elements(sdt, 'w:p')[0]!)).toBe('Table des matières')
  })

  it('is absent unless asked for, and an option can turn front matter’s off', async () => {
    expect(elements((await fromMarkdown(markdown)).body, 'w:sdt')).toHaveLength(0)
    expect(elements((await fromMarkdown(`---\ntoc: true\n---\n\n${markdown}`, { toc: false })).body, 'w:sdt')).toHaveLength(0)
  })

  it('leaves CriticMarkup comments out of its entries', async () => {
    const out = await fromMarkdown('# Results {==up==}{>>check<<}\n', { toc: true })
    expect(textOf(elements(elements(out.body, 'w:sdt')[0]!, 'w:p')[1]!)).toBe('Results up')
  })

  it('still is a field when there are no headings', async () => {
    const out = await fromMarkdown('Just text.\n', { toc: true })
    expect(instructions(elements(out.body, 'w:sdt')[0]!)[0]).toMatch(/^TOC/)
    expect(ruleIds(out.messages)).toContain('toc-empty')
  })
})

describe('page furniture', () => {
  const headerOf = (out: Awaited<ReturnType<typeof fromMarkdown>>, kind: 'header' | 'footer') => {
    const path = out.pkg.paths.find((p) => new RegExp(`^word/${kind}\\d*\\.xml$`).test(p))
    return path ? out.pkg.xml(path) : undefined
  }

  it('puts a PAGE field in the footer and the TITLE in the header', async () => {
    const out = await fromMarkdown('---\ntitle: Report\n---\n\nText\n', { pageNumbers: true })
    const footer = headerOf(out, 'footer')!
    expect(instructions(footer)).toEqual(['PAGE \\* ARABIC'])
    expect(styleOf(elements(footer, 'w:p')[0]!)).toBe('Footer')
    const header = headerOf(out, 'header')!
    expect(instructions(header)).toEqual(['TITLE'])
    expect(textOf(header)).toBe('Report')
    expect(styleOf(elements(header, 'w:p')[0]!)).toBe('Header')
  })

  it('writes "Page X of Y" with NUMPAGES, in the document’s language', async () => {
    const out = await fromMarkdown('---\nlang: de\n---\n\nText\n', { pageNumbers: 'page-of-pages' })
    const footer = headerOf(out, 'footer')!
    expect(instructions(footer)).toEqual(['PAGE \\* ARABIC', 'NUMPAGES \\* ARABIC'])
    expect(textOf(footer)).toBe('Seite 1 von 1')
    expect(headerOf(out, 'header')).toBeUndefined()
  })

  it('puts the title block on a title page: a section of its own, without header and footer', async () => {
    const out = await fromMarkdown('---\ntitle: T\nauthor: A\n---\n\n# Body\n', { pageNumbers: true, titlePage: true })
    const sections = elements(out.body, 'w:sectPr')
    expect(sections).toHaveLength(2)
    expect(elements(sections[0]!, 'w:footerReference')).toHaveLength(0)
    expect(elements(sections[1]!, 'w:footerReference')).toHaveLength(1)
    // The first section's properties sit in the title block's last paragraph.
    expect(styleOf(sections[0]!.parentNode!.parentNode as Element)).toBe('Author')
  })
})

describe('captions', () => {
  it('numbers titled figures and captioned tables with SEQ fields', async () => {
    const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=='
    const out = await fromMarkdown(`![a](${png} "First")\n\n![b](${png} "Second")\n\nTable: Numbers\n| a |\n|---|\n| 1 |\n`)
    const captions = out.blocks.filter((b) => styleOf(b) === 'ImageCaption' || styleOf(b) === 'TableCaption')
    expect(captions.map(textOf)).toEqual(['Figure 1: First', 'Figure 2: Second', 'Table 1: Numbers'])
    expect(captions.flatMap((c) => instructions(c))).toEqual(['SEQ Figure \\* ARABIC', 'SEQ Figure \\* ARABIC', 'SEQ Table \\* ARABIC'])
    // The table caption comes right before its table.
    const index = out.blocks.indexOf(captions[2]!)
    expect(out.blocks[index + 1]?.nodeName).toBe('w:tbl')
  })
})

describe('comments', () => {
  it('anchors a CriticMarkup comment to its marked text, authored by the front matter author', async () => {
    const out = await fromMarkdown('---\nauthor: Jane Doe\ndate: 2024-03-05\n---\n\nSee {==this claim==}{>>Source?<<} and{>>lone<<}.\n')
    const paragraph = out.blocks.find((block) => styleOf(block) === 'FirstParagraph')!
    const names = childElements(paragraph).map((e) => e.nodeName)
    expect(names).toContain('w:commentRangeStart')
    const start = elements(paragraph, 'w:commentRangeStart').map((e) => attr(e, 'w:id'))
    // Ids start above every footnote id (LibreOffice mixes the two up), here: no footnotes → 1.
    expect(start).toEqual(['1', '2'])
    const comments = out.pkg.xml('word/comments.xml')
    const list = elements(comments, 'w:comment')
    expect(list.map((c) => [attr(c, 'w:id'), attr(c, 'w:author'), attr(c, 'w:initials'), attr(c, 'w:date'), textOf(c).trim()])).toEqual([
      ['1', 'Jane Doe', 'JD', '2024-03-05T12:00:00.000Z', 'Source?'],
      ['2', 'Jane Doe', 'JD', '2024-03-05T12:00:00.000Z', 'lone'],
    ])
    expect(styleOf(elements(list[0]!, 'w:p')[0]!)).toBe('CommentText')
    expect(elements(list[0]!, 'w:annotationRef')).toHaveLength(1)
    // The marked text sits between the range markers.
    const between: string[] = []
    let inside = false
    for (const e of childElements(paragraph)) {
      if (e.nodeName === 'w:commentRangeStart' && attr(e, 'w:id') === '1') inside = true
      else if (e.nodeName === 'w:commentRangeEnd' && attr(e, 'w:id') === '1') inside = false
      else if (inside) between.push(textOf(e))
    }
    expect(between.join('')).toBe('this claim')
  })

  it('keeps comment ids above footnote ids, so LibreOffice shows each footnote its own text', async () => {
    const out = await fromMarkdown('A[^a] {==b==}{>>c<<} D[^d].\n\n[^a]: First.\n[^d]: Second.\n')
    const comments = elements(out.pkg.xml('word/comments.xml'), 'w:comment').map((c) => Number(attr(c, 'w:id')))
    const notes = elements(out.footnotes, 'w:footnote').map((n) => Number(attr(n, 'w:id')))
    expect(Math.min(...comments)).toBeGreaterThan(Math.max(...notes))
  })

  it('writes no date without a front matter date, and "markdocx" without an author', async () => {
    const out = await fromMarkdown('A{>>note<<}\n')
    const comment = elements(out.pkg.xml('word/comments.xml'), 'w:comment')[0]!
    expect(attr(comment, 'w:author')).toBe('markdocx')
    expect(attr(comment, 'w:date')).toBeUndefined()
  })

  it('highlights marked text that has no comment', async () => {
    const out = await fromMarkdown('A {==bright==} idea\n')
    expect(elements(out.blocks[0]!, 'w:highlight').map((h) => attr(h, 'w:val'))).toEqual(['yellow'])
    expect(out.pkg.text('word/comments.xml')).toBeUndefined()
  })

  it('is deterministic', async () => {
    const a = await fromMarkdown('A{>>note<<}\n')
    const b = await fromMarkdown('A{>>note<<}\n')
    expect(Buffer.from(a.bytes).equals(Buffer.from(b.bytes))).toBe(true)
  })
})

describe('definition lists', () => {
  it('writes Definition Term and Definition paragraphs', async () => {
    const out = await fromMarkdown('Apple\n: A fruit.\n\n    More about apples.\n\nBanana\n: Yellow.\n')
    expect(out.blocks.map(styleOf)).toEqual(['DefinitionTerm', 'Definition', 'Definition', 'DefinitionTerm', 'Definition'])
    expect(out.blocks.map(textOf)).toEqual(['Apple', 'A fruit.', 'More about apples.', 'Banana', 'Yellow.'])
  })
})

describe('right to left', () => {
  it('makes RTL paragraphs bidi and marks their RTL runs, leaving Latin runs LTR', async () => {
    const out = await fromMarkdown('שלום **עולם** גדול ויפה with English.\n\nPlain English.\n')
    const [rtl, ltr] = out.blocks
    expect(child(child(rtl!, 'w:pPr')!, 'w:bidi')).toBeDefined()
    expect(child(child(ltr!, 'w:pPr')!, 'w:bidi')).toBeUndefined()
    const runs = elements(rtl!, 'w:r').map((r) => ({ text: textOf(r), rtl: elements(r, 'w:rtl').length > 0, bCs: elements(r, 'w:bCs').length > 0 }))
    expect(runs).toEqual([
      { text: 'שלום ', rtl: true, bCs: false },
      { text: 'עולם', rtl: true, bCs: true },
      { text: ' גדול ויפה ', rtl: true, bCs: false },
      { text: 'with English.', rtl: false, bCs: false },
    ])
  })

  it('turns mostly-RTL tables into right-to-left tables', async () => {
    const out = await fromMarkdown('| עמודה | ערך |\n|---|---|\n| אחת | שתיים |\n')
    expect(elements(out.body, 'w:bidiVisual')).toHaveLength(1)
  })
})

describe('wide tables', () => {
  const wide = `| ${Array.from({ length: 9 }, (_, i) => `Column heading number ${i}`).join(' | ')} |\n|${'---|'.repeat(9)}\n| ${Array.from({ length: 9 }, () => 'Supercalifragilistic').join(' | ')} |\n`

  it('shrinks the type of tables that cannot fit, through a table style', async () => {
    const out = await fromMarkdown(wide)
    expect(val(elements(out.body, 'w:tblPr')[0], 'w:tblStyle')).toBe('VeryWideTable')
    expect(elements(out.styles, 'w:style').some((s) => attr(s, 'w:styleId') === 'VeryWideTable')).toBe(true)
    const narrow = await fromMarkdown('| a | b |\n|---|---|\n| 1 | 2 |\n')
    expect(val(elements(narrow.body, 'w:tblPr')[0], 'w:tblStyle')).toBe('Table')
  })

  it('puts them on a landscape page of their own with their caption when asked', async () => {
    const out = await fromMarkdown(`Before.\n\nTable: Wide one\n${wide}\nAfter.\n`, { wideTables: 'landscape' })
    const sections = elements(out.body, 'w:sectPr')
    expect(sections.map((s) => attr(elements(s, 'w:pgSz')[0], 'w:orient') ?? 'portrait')).toEqual(['portrait', 'landscape', 'portrait'])
    // The caption's paragraph starts the landscape section: it follows the first section break.
    const captionIndex = out.blocks.findIndex((b) => styleOf(b) === 'TableCaption')
    expect(elements(out.blocks[captionIndex - 1]!, 'w:sectPr')).toHaveLength(1)
    expect(ruleIds(out.messages)).toContain('table-landscape')
  })
})
