/**
 * Formulas real documents write and temml alone does not read (issue 12): each becomes a Word
 * equation with the structure it means, and an unknown command is named, never a JavaScript error.
 */
import { describe, expect, it } from 'vitest'
import { markdownToDocx } from '../../../src/convert.js'
import { latexToOmml, ommlToXml } from '../../../src/docx/math/index.js'
import { normalizeColumnSpecs, takeOperatorDeclarations } from '../../../src/math/compat.js'
import { latexToMathml } from '../../../src/math/tex.js'

function omml(latex: string, display = false): string {
  const result = latexToOmml(latex, display)
  if (!result.ok) throw new Error(result.reason)
  return ommlToXml(result.omml)
}

describe('math the temml parser lacks', () => {
  it('negative space and empty bases convert (they crashed: "reading \'children\'")', () => {
    expect(omml('a\\!b')).toContain('<m:t xml:space="preserve">ab</m:t>')
    // Scripts on an empty base are Word's pre-scripts on what follows.
    const pre = omml('{}_p F_q')
    expect(pre).toMatch(/<m:sPre><m:sub>.*p.*<\/m:sub><m:sup>.*<\/m:sup><m:e><m:sSub>/)
    expect(omml('{}^{14}C')).toMatch(/<m:sPre>.*14.*<m:e>.*C/)
    // With nothing after it, an empty base is a zero-width space, not Word's placeholder box.
    expect(omml('x + {}_p')).toContain('\u200B')
  })

  it('reads \\mbox, \\ensuremath, \\slash, \\mspace, \\mathds, \\symbf, siunitx', () => {
    for (const latex of ['\\mbox{if } x', '\\ensuremath{x^2}', 'a \\slash b', 'a\\mspace{3mu}b', '\\mathds{1}', '\\symbf{v}', '\\SI{3}{m}', '\\intertext{so} a']) {
      const result = latexToMathml(latex)
      expect(result.ok && !('unsupported' in result && result.unsupported), latex).toBe(true)
    }
    expect(omml('\\mbox{if } x')).toContain('if')
  })

  it('\\DeclareMathOperator defines an upright operator (with limits for the starred form)', () => {
    expect(takeOperatorDeclarations('\\DeclareMathOperator{\\sgn}{sgn} \\sgn x')).toEqual({ latex: ' \\sgn x', macros: { '\\sgn': '\\operatorname{sgn}' } })
    expect(takeOperatorDeclarations('\\DeclareMathOperator*\\argmax{arg\\,max}').macros).toEqual({ '\\argmax': '\\operatorname*{arg\\,max}' })
    expect(omml('\\DeclareMathOperator{\\sgn}{sgn} \\sgn(x)')).toContain('<m:func><m:fName>')
    expect(omml('\\operatorname*{argmax}_x f(x)', true)).toContain('<m:limLow>')
  })

  it('array column specs with repeats and tabular columns', () => {
    expect(normalizeColumnSpecs('\\begin{array}{*{2}{rc}} a \\end{array}')).toBe('\\begin{array}{rcrc} a \\end{array}')
    expect(normalizeColumnSpecs('\\begin{array}{|p{2cm}|@{}c|*{2}{l}}')).toBe('\\begin{array}{|l|c|ll}')
    expect(omml('\\begin{array}{*{2}{rc}} a & b & c & d \\end{array}')).toContain('<m:count m:val="1"/><m:mcJc m:val="right"/>')
  })

  it('shows an unknown command by name and names it in a message with its position', async () => {
    const result = latexToMathml('\\foo x + \\bar{y}')
    expect(result).toMatchObject({ ok: true, unsupported: ['\\foo'] })
    expect(omml('\\foo x')).toContain('\\foo')
    const { messages } = await markdownToDocx('Text $\\foo x$ and $\\frac{1}{$.\n', { output: 'xml' })
    expect(messages.map((m) => [m.ruleId, m.line, m.column])).toEqual([
      ['math-command-unknown', 1, 6],
      ['math-not-converted', 1, 19],
    ])
    expect(messages[0]!.reason).toContain('\\foo')
    expect(messages.every((m) => !/Cannot read|undefined|TypeError/.test(m.reason))).toBe(true)
  })
})
