/**
 * LaTeX → Word equation: temml's MathML (the same the preview shows) → OMML. Never throws: a
 * formula that cannot be converted says why, and the caller keeps its LaTeX.
 */
import { latexToMathml } from '../../math/tex.js'
import { parseMathml, type MathElement } from '../../math/mathml.js'
import type { OmmlElement } from '../../math/omml.js'
import { mathToOmml } from '../../math/word-check.js'

export type LatexToOmmlResult = { ok: true; omml: OmmlElement; unsupported?: string[] } | { ok: false; reason: string }

/** `m:oMath` for a formula; for display math wrap it with `displayMath`. */
export function latexToOmml(latex: string, display: boolean, macros?: Readonly<Record<string, string>>): LatexToOmmlResult {
  const mathml = latexToMathml(latex, { display, ...(macros ? { macros } : {}) })
  if (!mathml.ok) return mathml
  let parsed: MathElement
  try {
    parsed = parseMathml(mathml.mathml)
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) }
  }
  const result = mathToOmml(parsed)
  if (!result.ok) return result
  return mathml.unsupported ? { ok: true, omml: result.omml, unsupported: mathml.unsupported } : { ok: true, omml: result.omml }
}

/** A display equation: `m:oMathPara`, centred, around the `m:oMath`. */
export function displayMath(oMath: OmmlElement): OmmlElement {
  return { name: 'm:oMathPara', children: [{ name: 'm:oMathParaPr', children: [{ name: 'm:jc', attributes: { 'm:val': 'center' }, children: [] }] }, oMath] }
}

export { ommlComponent, ommlToXml } from './component.js'
export type { OmmlElement, OmmlNode } from '../../math/omml.js'
