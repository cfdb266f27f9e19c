/**
 * LaTeX → Word equation: temml's MathML (the same the preview shows) → OMML. Never throws: a
 * formula that cannot be converted says why, and the caller keeps its LaTeX.
 */
import { latexToMathml } from '../../math/tex.js'
import { parseMathml } from '../../math/mathml.js'
import { mathmlToOmml, type OmmlElement } from './omml.js'

export type LatexToOmmlResult = { ok: true; omml: OmmlElement; unsupported?: string[] } | { ok: false; reason: string }

/** `m:oMath` for a formula; for display math wrap it with `displayMath`. */
export function latexToOmml(latex: string, display: boolean, macros?: Readonly<Record<string, string>>): LatexToOmmlResult {
  const mathml = latexToMathml(latex, { display, ...(macros ? { macros } : {}) })
  if (!mathml.ok) return mathml
  try {
    const omml = mathmlToOmml(parseMathml(mathml.mathml))
    if (omml.children.length === 0) return { ok: false, reason: 'the formula has no visible content' }
    if (depth(omml) > MAX_DEPTH) return { ok: false, reason: 'the formula is nested too deeply for Word' }
    return mathml.unsupported ? { ok: true, omml, unsupported: mathml.unsupported } : { ok: true, omml }
  } catch (error) {
    if (error instanceof RangeError) return { ok: false, reason: 'the formula is nested too deeply for Word' }
    return { ok: false, reason: error instanceof Error ? error.message : String(error) }
  }
}

/**
 * Deepest element nesting written for one formula. Word stops drawing well before this, and
 * deeper trees would risk the serializer's stack while packing.
 */
const MAX_DEPTH = 200

function depth(node: OmmlElement): number {
  let deepest = 0
  for (const child of node.children) if (typeof child !== 'string') deepest = Math.max(deepest, depth(child))
  return deepest + 1
}

/** A display equation: `m:oMathPara`, centred, around the `m:oMath`. */
export function displayMath(oMath: OmmlElement): OmmlElement {
  return { name: 'm:oMathPara', children: [{ name: 'm:oMathParaPr', children: [{ name: 'm:jc', attributes: { 'm:val': 'center' }, children: [] }] }, oMath] }
}

export { ommlComponent, ommlToXml } from './component.js'
export type { OmmlElement, OmmlNode } from './omml.js'
