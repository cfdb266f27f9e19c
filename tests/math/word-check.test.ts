/**
 * The preview and the export agree on which formulas are Word equations: one the export keeps
 * as LaTeX (it converts, but not to anything Word can show) is LaTeX in the preview too.
 */
import { describe, expect, it } from 'vitest'
import { latexToOmml } from '../../src/docx/math/index.js'
import { latexToHast, latexToMathml } from '../../src/math/tex.js'

const NESTED = `${'{'.repeat(120)}x${'}'.repeat(120)}`
const DEEP = `${'\\frac{1}{'.repeat(120)}x${'}'.repeat(120)}`

describe('word-check', () => {
  it('fails in the preview where the export fails, with the same reason', () => {
    for (const latex of ['\\,', '\\phantom{}', DEEP, NESTED]) {
      const mathml = latexToMathml(latex)
      const word = latexToOmml(latex, false)
      const preview = latexToHast(latex, { word: true })
      if (!mathml.ok) continue
      expect(preview.ok, latex.slice(0, 20)).toBe(word.ok)
      if (!word.ok && !preview.ok) expect(preview.reason).toBe(word.reason)
    }
  })

  it('finds at least one formula temml reads but Word cannot take', () => {
    const found = ['\\,', '\\phantom{}', DEEP].filter((latex) => latexToMathml(latex).ok && !latexToOmml(latex, false).ok)
    expect(found.length).toBeGreaterThan(0)
    for (const latex of found) expect(latexToHast(latex).ok).toBe(true)
  })

  it('leaves formulas Word takes alone', () => {
    expect(latexToHast('x^2 + \\frac{a}{b}', { word: true }).ok).toBe(true)
  })
})
