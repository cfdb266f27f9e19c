import { u } from 'unist-builder'
import type { Root } from 'mdast'
import { describe, expect, it } from 'vitest'
import { at, checkProducedWithOracle, fromTree, textOf } from '../../support/docx.js'
import { elements } from '../../support/xml.js'

checkProducedWithOracle('math handlers')

describe('math and inlineMath handlers', () => {
  it('make Word equations of formulas they can read', async () => {
    const tree = u('root', [u('paragraph', [u('text', 'Inline '), u('inlineMath', 'x^2')]), u('math', 'a + b = c')]) as Root
    const { document, messages } = await fromTree(tree)
    expect(elements(document, 'm:oMath').length).toBeGreaterThanOrEqual(2)
    expect(elements(document, 'm:oMathPara')).toHaveLength(1)
    expect(messages).toEqual([])
  })

  it('keep the LaTeX of a formula they cannot read as code, with a message at the node — never throw', async () => {
    const tree = u('root', [u('paragraph', [u('inlineMath', { ...at(2, 4) }, '\\frac{1}{')]), u('math', { ...at(5, 1) }, '\\begin{x}')]) as Root
    const { document, messages } = await fromTree(tree)
    expect(textOf(document)).toContain('\\frac{1}{')
    expect(messages.map((m) => m.line).sort()).toEqual([2, 5])
    expect(new Set(messages.map((m) => m.ruleId)).size).toBe(1)
  })

  it('replace characters XML cannot hold before converting (found by the property test: $\uFFFF$)', async () => {
    const tree = u('root', [u('paragraph', [u('inlineMath', { ...at(1, 1) }, '\uFFFF')]), u('math', 'x\u0001y')]) as Root
    const { messages } = await fromTree(tree)
    expect(messages.filter((m) => m.ruleId === 'invalid-character')).toHaveLength(2)
  })
})
