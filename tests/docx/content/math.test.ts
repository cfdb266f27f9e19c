import { describe, expect, it } from 'vitest'
import { markdownToDocx } from '../../../src/convert.js'
import { displayMath, latexToOmml, ommlToXml } from '../../../src/docx/math/index.js'
import { latexToMathml } from '../../../src/math/tex.js'

function omml(latex: string, display = true): string {
  const result = latexToOmml(latex, display)
  if (!result.ok) throw new Error(result.reason)
  return ommlToXml(result.omml)
}

async function documentXml(markdown: string) {
  const { data, messages } = await markdownToDocx(markdown, { output: 'xml' })
  return { xml: data, messages }
}

describe('LaTeX → MathML (shared with the preview)', () => {
  it('renders a formula as MathML', () => {
    const result = latexToMathml('\\frac{a}{b}', { display: true })
    expect(result.ok && result.mathml).toMatch(/^<math[^>]*display="block"[^>]*><mfrac><mi>a<\/mi><mi>b<\/mi><\/mfrac><\/math>$/)
  })

  it('says why a formula cannot be read, without echoing it', () => {
    // An unknown command is shown by name (and named), as pandoc's texmath does; a broken formula is refused.
    expect(latexToMathml('\\nosuchcommand')).toMatchObject({ ok: true, unsupported: ['\\nosuchcommand'] })
    expect(latexToMathml('\\frac{1}{').ok).toBe(false)
    expect(latexToMathml('   ')).toEqual({ ok: false, reason: 'the formula is empty' })
  })

  it('stops runaway macros and refuses links', () => {
    expect(latexToMathml('\\def\\a{\\a\\a}\\a').ok).toBe(false)
    // \\href is not trusted: shown by name, its URL as text, never a link.
    const href = latexToMathml('\\href{https://example.com}{x}')
    expect(href.ok && href.mathml).not.toMatch(/href=/)
  })
})

describe('MathML → OMML', () => {
  it('keeps a sum with its limits and its body', () => {
    expect(omml('\\sum_{i=1}^{n} i^2 + 1')).toBe(
      '<m:oMath><m:nary><m:naryPr><m:chr m:val="∑"/><m:limLoc m:val="undOvr"/></m:naryPr>' +
        '<m:sub><m:r><m:t xml:space="preserve">i</m:t></m:r><m:r><m:rPr><m:sty m:val="p"/></m:rPr><m:t xml:space="preserve">=</m:t></m:r><m:r><m:t xml:space="preserve">1</m:t></m:r></m:sub>' +
        '<m:sup><m:r><m:t xml:space="preserve">n</m:t></m:r></m:sup>' +
        '<m:e><m:sSup><m:e><m:r><m:t xml:space="preserve">i</m:t></m:r></m:e><m:sup><m:r><m:t xml:space="preserve">2</m:t></m:r></m:sup></m:sSup></m:e></m:nary>' +
        '<m:r><m:rPr><m:sty m:val="p"/></m:rPr><m:t xml:space="preserve">+</m:t></m:r><m:r><m:t xml:space="preserve">1</m:t></m:r></m:oMath>',
    )
  })

  it('gives an integral its integrand and keeps the thin space before dx', () => {
    const xml = omml('\\int_0^1 x^2\\,dx')
    expect(xml).toContain('<m:limLoc m:val="subSup"/>')
    expect(xml).toMatch(/<m:e><m:sSup><m:e><m:r><m:t xml:space="preserve">x<\/m:t><\/m:r><\/m:e>.*<\/m:sSup><\/m:e><\/m:nary>/)
    expect(xml).toContain('<m:t xml:space="preserve">\u2009dx</m:t>')
  })

  it('nests n-ary operators and hides absent limits', () => {
    const xml = omml('\\iint f')
    expect(xml).toContain('<m:chr m:val="∬"/><m:limLoc m:val="subSup"/><m:subHide m:val="1"/><m:supHide m:val="1"/>')
    expect(omml('\\sum_i \\sum_j a_{ij}')).toMatch(/<m:e><m:nary>.*<m:e><m:sSub>/)
  })

  it('writes lim and sin as Word functions with upright names', () => {
    const xml = omml('\\lim_{x \\to 0} \\frac{\\sin x}{x}')
    expect(xml).toMatch(/^<m:oMath><m:func><m:fName><m:limLow><m:e><m:r><m:rPr><m:sty m:val="p"\/><\/m:rPr><m:t xml:space="preserve">lim<\/m:t>/)
    expect(xml).toContain('<m:func><m:fName><m:r><m:rPr><m:sty m:val="p"/></m:rPr><m:t xml:space="preserve">sin</m:t></m:r></m:fName><m:e><m:r><m:t xml:space="preserve">x</m:t></m:r></m:e></m:func>')
  })

  it('turns \\left…\\right into stretchy delimiters and keeps f(x) as text', () => {
    expect(omml('\\left( \\frac{a}{b} \\right)')).toMatch(/^<m:oMath><m:d><m:dPr><m:begChr m:val="\("\/><m:endChr m:val="\)"\/><\/m:dPr><m:e><m:f>/)
    expect(omml('\\left. x \\right|')).toContain('<m:begChr m:val=""/><m:endChr m:val="|"/>')
    expect(omml('\\left( a \\middle| b \\right)')).toContain('<m:begChr m:val="("/><m:sepChr m:val="|"/><m:endChr m:val=")"/></m:dPr><m:e>')
    expect(omml('f(x)')).not.toContain('<m:d>')
  })

  it('writes fractions, binomials and roots', () => {
    expect(omml('\\frac{1}{2}')).toContain('<m:f><m:fPr><m:type m:val="bar"/></m:fPr><m:num>')
    expect(omml('\\binom{n}{k}')).toMatch(/<m:d>.*<m:type m:val="noBar"\/>/)
    expect(omml('\\sqrt{x}')).toContain('<m:rad><m:radPr><m:degHide m:val="1"/></m:radPr><m:deg/><m:e>')
    expect(omml('\\sqrt[3]{x}')).toContain('<m:deg><m:r><m:t xml:space="preserve">3</m:t></m:r></m:deg>')
  })

  it('writes accents with the combining characters Word uses', () => {
    expect(omml('\\hat{x}')).toContain('<m:acc><m:accPr><m:chr m:val="\u0302"/></m:accPr>')
    expect(omml('\\vec{v}')).toContain('<m:chr m:val="\u20D7"/>')
    expect(omml('\\bar{y}')).toContain('<m:chr m:val="\u0304"/>')
    expect(omml('\\overline{AB}')).toContain('<m:bar><m:barPr><m:pos m:val="top"/></m:barPr>')
    expect(omml('\\underbrace{a}_{n}')).toContain('<m:groupChr><m:groupChrPr><m:chr m:val="⏟"/><m:pos m:val="bot"/>')
  })

  it('writes matrices with one column definition per column', () => {
    const xml = omml('\\begin{pmatrix} a & b \\\\ c & d \\end{pmatrix}')
    expect(xml).toMatch(/^<m:oMath><m:d><m:dPr><m:begChr m:val="\("\/><m:endChr m:val="\)"\/><\/m:dPr><m:e><m:m>/)
    expect(xml.match(/<m:mc>/g)).toHaveLength(2)
    expect(xml.match(/<m:mr>/g)).toHaveLength(2)
    expect(omml('\\begin{vmatrix} a \\end{vmatrix}')).toContain('<m:begChr m:val="\u2223"/>')
  })

  it('aligns aligned equations right and left at the relation, which starts its cell', () => {
    const xml = omml('\\begin{aligned} a &= b \\\\ c &= d \\end{aligned}')
    expect(xml).toContain('<m:mcPr><m:count m:val="1"/><m:mcJc m:val="right"/></m:mcPr></m:mc><m:mc><m:mcPr><m:count m:val="1"/><m:mcJc m:val="left"/></m:mcPr>')
    expect(xml).toContain('<m:e><m:r><m:t xml:space="preserve">\u200B</m:t></m:r><m:r><m:rPr><m:sty m:val="p"/></m:rPr><m:t xml:space="preserve">=</m:t></m:r>')
  })

  it('drops equation-number columns and keeps a \\tag as text', () => {
    const xml = omml('x \\tag{1}')
    expect(xml).not.toContain('<m:m>')
    expect(xml).toContain('(1)')
  })

  it('keeps Greek letters, \\text and spacing commands', () => {
    // Capital Greek is upright in LaTeX, so in Word too.
    expect(omml('\\alpha\\Gamma')).toBe('<m:oMath><m:r><m:t xml:space="preserve">α</m:t></m:r><m:r><m:rPr><m:sty m:val="p"/></m:rPr><m:t xml:space="preserve">Γ</m:t></m:r></m:oMath>')
    expect(omml('\\text{if } x')).toContain('<m:r><m:rPr><m:nor m:val="1"/></m:rPr><m:t xml:space="preserve">if </m:t></m:r>')
    expect(omml('a\\quad b\\qquad c')).toContain('a\u2003b\u2003\u2003c')
  })

  it('refuses formulas nested too deeply instead of overflowing', () => {
    const deep = `${'\\frac{'.repeat(300)}x${'}{y}'.repeat(300)}`
    expect(latexToOmml(deep, true)).toEqual({ ok: false, reason: 'the formula is nested too deeply for Word' })
  })

  it('wraps display math in a centred m:oMathPara', () => {
    const result = latexToOmml('x', true)
    expect(result.ok && ommlToXml(displayMath(result.omml))).toBe('<m:oMathPara><m:oMathParaPr><m:jc m:val="center"/></m:oMathParaPr><m:oMath><m:r><m:t xml:space="preserve">x</m:t></m:r></m:oMath></m:oMathPara>')
  })
})

describe('math in the document', () => {
  it('puts inline equations in the line and display equations in their own paragraph', async () => {
    const { xml, messages } = await documentXml('Energy $E = mc^2$ here.\n\n$$\\frac{a}{b}$$\n')
    expect(messages).toEqual([])
    expect(xml).toMatch(/<w:t xml:space="preserve">Energy <\/w:t><\/w:r><m:oMath>.*<\/m:oMath><w:r><w:t xml:space="preserve"> here.<\/w:t>/)
    expect(xml).toMatch(/<w:p><w:pPr><w:pStyle w:val="BodyText"\/><\/w:pPr><m:oMathPara><m:oMathParaPr><m:jc m:val="center"\/><\/m:oMathParaPr><m:oMath><m:f>/)
    expect(xml).toContain('xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math"')
  })

  it('treats $$…$$ inside a paragraph as display math, as pandoc does', async () => {
    const { xml } = await documentXml('$$x^2$$\n')
    expect(xml).toContain('<m:oMathPara>')
  })

  it('keeps an unconvertible formula as code, with a message at its position', async () => {
    const { xml, messages } = await documentXml('Text $\\frac{1}{x$.\n\n$$\n\\frac{1}{\n$$\n')
    expect(xml).toContain('<w:rStyle w:val="VerbatimChar"/></w:rPr><w:t xml:space="preserve">\\frac{1}{x</w:t>')
    expect(xml).toContain('<w:pStyle w:val="SourceCode"/>')
    expect(messages.map((m) => [m.ruleId, m.line, m.column])).toEqual([
      ['math-not-converted', 1, 6],
      ['math-not-converted', 3, 1],
    ])
    expect(messages[0]!.reason).toMatch(/^Formula not converted to a Word equation \(.+\); its LaTeX is kept as code$/)
  })

  it('writes equations in footnotes and table cells', async () => {
    const { data } = await markdownToDocx('A[^1]\n\n| $x^2$ |\n|---|\n| $\\alpha$ |\n\n[^1]: Note $y_1$.\n', { output: 'uint8array' })
    const { openDocx } = await import('../../support/docx-package.js')
    const docx = openDocx(data)
    expect(docx.text('word/footnotes.xml')).toContain('<m:oMath><m:sSub>')
    expect(docx.text('word/document.xml')).toMatch(/<w:tc>.*<m:oMath><m:sSup>/)
  })
})
