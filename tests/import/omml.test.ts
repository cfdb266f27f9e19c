/**
 * Word equations (OMML) → LaTeX: the elements one by one, and every formula of the math
 * corpus (tests/math/formulas.txt) through markdocx's export and back, compared by the MathML
 * temml makes of the original and of the LaTeX read back (so `x^{2}` and `x^2` are one).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Nodes } from 'mdast'
import { describe, expect, it } from 'vitest'
import { markdownToDocx } from '../../src/convert.js'
import { docxToMarkdown } from '../../src/import/docx-to-markdown.js'
import { ommlToLatex } from '../../src/import/omml.js'
import { parseXml } from '../../src/import/xml.js'
import { parseMarkdown } from '../../src/markdown/parse.js'
import { latexToMathml } from '../../src/math/tex.js'

const M = 'xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math"'
const r = (text: string, style = '') => `<m:r>${style ? `<m:rPr><m:sty m:val="${style}"/></m:rPr>` : ''}<m:t>${text}</m:t></m:r>`
const latex = (xml: string) => ommlToLatex(parseXml(`<m:oMath ${M}>${xml}</m:oMath>`)).latex

describe('import: OMML → LaTeX', () => {
  it.each([
    ['a fraction', `<m:f><m:num>${r('a')}</m:num><m:den>${r('b')}</m:den></m:f>`, '\\frac{a}{b}'],
    ['scripts', `<m:sSubSup><m:e>${r('x')}</m:e><m:sub>${r('i')}</m:sub><m:sup>${r('2')}</m:sup></m:sSubSup>`, 'x_i^2'],
    ['a prime', `<m:sSup><m:e>${r('f')}</m:e><m:sup>${r('′')}</m:sup></m:sSup>`, "f'"],
    ['a root with its degree', `<m:rad><m:deg>${r('3')}</m:deg><m:e>${r('x')}</m:e></m:rad>`, '\\sqrt[3]{x}'],
    ['a sum with limits', `<m:nary><m:naryPr><m:chr m:val="∑"/></m:naryPr><m:sub>${r('i=1')}</m:sub><m:sup>${r('n')}</m:sup><m:e>${r('i')}</m:e></m:nary>`, '\\sum_{i = 1}^n i'],
    ['an integral (the default n-ary)', `<m:nary><m:sub>${r('0')}</m:sub><m:sup>${r('1')}</m:sup><m:e>${r('x')}</m:e></m:nary>`, '\\int_0^1 x'],
    ['stretchy brackets', `<m:d><m:e>${r('a')}</m:e></m:d>`, '\\left(a \\right)'],
    ['a matrix in brackets', `<m:d><m:dPr><m:begChr m:val="["/><m:endChr m:val="]"/></m:dPr><m:e><m:m><m:mr><m:e>${r('1')}</m:e><m:e>${r('0')}</m:e></m:mr></m:m></m:e></m:d>`, '\\begin{bmatrix}1 & 0\\end{bmatrix}'],
    ['cases', `<m:d><m:dPr><m:begChr m:val="{"/><m:endChr m:val=""/></m:dPr><m:e><m:m><m:mr><m:e>${r('1')}</m:e><m:e>${r('x>0')}</m:e></m:mr></m:m></m:e></m:d>`, '\\begin{cases}1 & x > 0\\end{cases}'],
    ['a binomial', `<m:d><m:e><m:f><m:fPr><m:type m:val="noBar"/></m:fPr><m:num>${r('n')}</m:num><m:den>${r('k')}</m:den></m:f></m:e></m:d>`, '\\binom{n}{k}'],
    ['a function', `<m:func><m:fName>${r('sin', 'p')}</m:fName><m:e>${r('x')}</m:e></m:func>`, '\\sin x'],
    ['a limit', `<m:func><m:fName><m:limLow><m:e>${r('lim', 'p')}</m:e><m:lim>${r('x→0')}</m:lim></m:limLow></m:fName><m:e>${r('f')}</m:e></m:func>`, '\\lim_{x \\to 0}f'],
    ['accents and bars', `<m:acc><m:e>${r('x')}</m:e></m:acc><m:acc><m:accPr><m:chr m:val="⃗"/></m:accPr><m:e>${r('v')}</m:e></m:acc><m:bar><m:barPr><m:pos m:val="top"/></m:barPr><m:e>${r('AB')}</m:e></m:bar>`, '\\hat{x}\\vec{v}\\overline{AB}'],
    ['Greek, operators and math letters', r('α≤β≠∞ 𝑥𝐲'), '\\alpha \\le \\beta \\ne \\infty x\\mathbf{y}'],
    ['upright text and words', `${r('d', 'p')}<m:r><m:rPr><m:nor/></m:rPr><m:t>if x</m:t></m:r>`, '\\mathrm{d}\\text{if x}'],
    ['an equation array', `<m:eqArr><m:e>${r('a=b')}</m:e><m:e>${r('c=d')}</m:e></m:eqArr>`, '\\begin{aligned}a = b \\\\ c = d\\end{aligned}'],
    ['TeX specials as text', r('50%#_'), '50\\%\\#\\_'],
  ])('%s', (_name, xml, expected) => {
    expect(latex(xml)).toBe(expected)
  })

  it('names what it does not know and keeps its content', () => {
    const result = ommlToLatex(parseXml(`<m:oMath ${M}><m:mystery>${r('x')}</m:mystery></m:oMath>`))
    expect(result.latex).toBe('x')
    expect(result.unknown).toEqual(['m:mystery'])
  })

  it('survives nesting deeper than it converts', () => {
    const deep = `${'<m:f><m:num>'.repeat(300)}${r('x')}${'</m:num></m:f>'.repeat(300)}`
    const result = ommlToLatex(parseXml(`<m:oMath ${M}>${deep}</m:oMath>`))
    expect(result.unknown).toContain('(nesting too deep)')
  })
})

const key = (source: string): string | undefined => {
  const result = latexToMathml(source, { display: true })
  return result.ok ? result.mathml.replace(/<annotation[^>]*>[\s\S]*?<\/annotation>/g, '').replace(/\s+/g, ' ') : undefined
}

describe('import: the math corpus through export and back', () => {
  it('reads back at least 250 of the 366 formulas markdocx exports as the same MathML', async () => {
    const formulas = readFileSync(join(import.meta.dirname, '..', 'math', 'formulas.txt'), 'utf8')
      .split('\n')
      // Formulas temml reads and that draw something (`\\hfill` alone is exported as code).
      .filter((line) => line.trim() !== '' && /<m(i|n|o|text)\b/.test(key(line) ?? ''))
    const { data } = await markdownToDocx(formulas.map((formula) => `$$\n${formula}\n$$\n`).join('\n'))
    const result = await docxToMarkdown(data)
    const back: string[] = []
    const stack: Nodes[] = [parseMarkdown(result.markdown).tree]
    while (stack.length > 0) {
      const node = stack.pop()!
      if (node.type === 'math') back.push(node.value)
      if ('children' in node) for (let index = node.children.length - 1; index >= 0; index--) stack.push(node.children[index] as Nodes)
    }
    expect(back).toHaveLength(formulas.length)
    const same = formulas.filter((formula, index) => key(formula) === key(back[index]!)).length
    // 251 of 366 on 2026-11-25: the rest render alike but differ in MathML (\operatorname{Var}
    // read back as \mathrm{Var}, \bigl( as \left(, thin spaces kept as \,), or lose what OMML
    // does not keep (\color, \hspace, \DeclareMathOperator's operator status).
    expect(same).toBeGreaterThanOrEqual(250)
  }, 120_000)
})
