/**
 * Whether a formula becomes a Word equation, decided where both outputs can ask: the export
 * keeps the LaTeX of a formula it cannot convert as code (docx/handlers/math.ts), and the
 * preview shows it the same way (markdown/preview/math.ts), so the two agree on which formulas
 * are equations.
 */
import type { MathElement } from './mathml.js'
import { mathmlToOmml, type OmmlElement } from './omml.js'

export type OmmlResult = { ok: true; omml: OmmlElement } | { ok: false; reason: string }

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

/** temml's MathML (parsed) as Word's `m:oMath`, or why Word cannot have it. Never throws. */
export function mathToOmml(math: MathElement): OmmlResult {
  try {
    const omml = mathmlToOmml(math)
    if (omml.children.length === 0) return { ok: false, reason: 'the formula has no visible content' }
    if (depth(omml) > MAX_DEPTH) return { ok: false, reason: 'the formula is nested too deeply for Word' }
    return { ok: true, omml }
  } catch (error) {
    if (error instanceof RangeError) return { ok: false, reason: 'the formula is nested too deeply for Word' }
    return { ok: false, reason: error instanceof Error ? error.message : String(error) }
  }
}
