import { describe, expect, it } from 'vitest'
import { numberHeadings } from '../../src/docx/page/heading-numbering.js'

const numbering = (pStyle: string) =>
  `<w:numbering><w:abstractNum w:abstractNumId="1"><w:lvl w:ilvl="0"><w:numFmt w:val="bullet"/></w:lvl></w:abstractNum>` +
  `<w:abstractNum w:abstractNumId="7"><w:lvl w:ilvl="0"><w:pStyle w:val="${pStyle}"/></w:lvl></w:abstractNum>` +
  `<w:num w:numId="1"><w:abstractNumId w:val="1"/></w:num><w:num w:numId="4"><w:abstractNumId w:val="7"/></w:num></w:numbering>`

describe('numberHeadings', () => {
  it('gives the heading list a w:num of its own when docx wrote none (no paragraph names it)', () => {
    const bare = numbering('Heading1').replace('<w:num w:numId="4"><w:abstractNumId w:val="7"/></w:num>', '')
    const styles = '<w:styles><w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:pPr><w:keepNext/></w:pPr></w:style></w:styles>'
    const out = numberHeadings({ styles, numbering: bare })
    expect(out.numbering).toContain('<w:num w:numId="1"><w:abstractNumId w:val="1"/></w:num><w:num w:numId="2"><w:abstractNumId w:val="7"/></w:num></w:numbering>')
    expect(out.styles).toContain('<w:numPr><w:ilvl w:val="0"/><w:numId w:val="2"/></w:numPr>')
  })

  it('puts numPr into each Heading style at the schema’s place, making a pPr where there is none', () => {
    const styles =
      '<w:styles><w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:qFormat/><w:pPr><w:keepNext/><w:spacing w:before="240"/></w:pPr><w:rPr><w:b/></w:rPr></w:style>' +
      '<w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val="heading 2"/><w:basedOn w:val="Heading1"/><w:rPr><w:i/></w:rPr></w:style></w:styles>'
    expect(numberHeadings({ styles, numbering: numbering('Heading1') }).styles).toBe(
      '<w:styles><w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:qFormat/><w:pPr><w:keepNext/><w:numPr><w:ilvl w:val="0"/><w:numId w:val="4"/></w:numPr><w:spacing w:before="240"/></w:pPr><w:rPr><w:b/></w:rPr></w:style>' +
        '<w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val="heading 2"/><w:basedOn w:val="Heading1"/><w:pPr><w:numPr><w:ilvl w:val="1"/><w:numId w:val="4"/></w:numPr></w:pPr><w:rPr><w:i/></w:rPr></w:style></w:styles>',
    )
  })

  it('follows a template’s own style ids, takes styles built on headings out of the list, and keeps numbering a style already has', () => {
    const styles =
      '<w:styles><w:style w:type="paragraph" w:styleId="berschrift1"><w:name w:val="heading 1"/></w:style>' +
      '<w:style w:type="paragraph" w:styleId="Inhaltsverzeichnisberschrift"><w:name w:val="TOC Heading"/><w:basedOn w:val="berschrift1"/><w:pPr><w:outlineLvl w:val="9"/></w:pPr></w:style>' +
      '<w:style w:type="paragraph" w:styleId="berschrift2"><w:name w:val="heading 2"/><w:pPr><w:numPr><w:numId w:val="9"/></w:numPr></w:pPr></w:style></w:styles>'
    const ids: Record<string, string> = { Heading1: 'berschrift1', Heading2: 'berschrift2' }
    const out = numberHeadings({ styles, numbering: numbering('berschrift1') }, (id) => ids[id] ?? id).styles
    expect(out).toContain('w:styleId="berschrift1"><w:name w:val="heading 1"/><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="4"/></w:numPr></w:pPr></w:style>')
    expect(out).toContain('<w:basedOn w:val="berschrift1"/><w:pPr><w:numPr><w:numId w:val="0"/></w:numPr><w:outlineLvl w:val="9"/></w:pPr>')
    expect(out).toContain('<w:numPr><w:numId w:val="9"/></w:numPr>')
  })

  it('changes nothing when numbering.xml has no heading list', () => {
    const styles = '<w:styles><w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/></w:style></w:styles>'
    expect(numberHeadings({ styles, numbering: numbering('Other') })).toEqual({ styles, numbering: numbering('Other') })
  })
})
