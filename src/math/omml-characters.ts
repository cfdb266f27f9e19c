/**
 * Character tables for MathML → OMML: which operators are n-ary (∑, ∫…), which over-marks are
 * accents and the combining character Word draws them with, and which spaces LaTeX's spacing
 * commands stand for.
 */

/** Operators Word lays out as n-ary (m:nary): sums, products, integrals, big unions… */
export const NARY = new Set([
  '∑', '∏', '∐', '∫', '∬', '∭', '⨌', '∮', '∯', '∰', '∱', '∲', '∳',
  '⋀', '⋁', '⋂', '⋃', '⨀', '⨁', '⨂', '⨃', '⨄', '⨅', '⨆',
])

/**
 * Over-marks that are accents (m:acc), mapped to the combining character Word and pandoc use.
 * temml writes spacing forms (ˆ for \hat); Word expects combining ones (U+0302).
 */
export const ACCENTS: Readonly<Record<string, string>> = {
  'ˆ': '\u0302', '^': '\u0302', '\u0302': '\u0302',
  '˜': '\u0303', '~': '\u0303', '\u0303': '\u0303',
  // \bar: the combining macron, which pandoc reads back as \bar (U+0305 reads as \overline).
  '‾': '\u0304', '¯': '\u0304', '\u0304': '\u0304', '\u0305': '\u0305',
  '˙': '\u0307', '\u0307': '\u0307',
  '¨': '\u0308', '\u0308': '\u0308',
  '\u20DB': '\u20DB',
  'ˇ': '\u030C', '\u030C': '\u030C',
  '˘': '\u0306', '\u0306': '\u0306',
  '´': '\u0301', '\u0301': '\u0301',
  '`': '\u0300', '\u0300': '\u0300',
  '˚': '\u030A', '\u030A': '\u030A',
  '→': '\u20D7', '\u20D7': '\u20D7',
  '←': '\u20D6', '\u20D6': '\u20D6',
  '↔': '\u20E1', '\u20E1': '\u20E1',
}

/** Horizontal braces and brackets drawn over or under their base (m:groupChr). */
export const GROUP_CHARACTERS = new Set(['⏞', '⏟', '⏜', '⏝', '⎴', '⎵', '︷', '︸'])

/** Operators that end an n-ary operator's body: an operator right after ∑ means it has none. */
export function isInfixOperator(text: string): boolean {
  return /^[+\-−±∓×÷·⋅∗∘=≠<>≤≥≪≫≈≃≅≡∼∝∈∉⊂⊃⊆⊇→←↔⇒⇐⇔↦,;:|∣∧∨⊕⊗]$/u.test(text)
}

/**
 * LaTeX's spacing commands as Unicode spaces (Word keeps them in the equation and pandoc
 * reads them back as the same commands): \, \: \; \quad \qquad.
 */
export function spaceFor(widthEm: number): string {
  if (!(widthEm > 0.05)) return ''
  if (widthEm >= 1.95) return '\u2003\u2003'
  if (widthEm >= 0.95) return '\u2003'
  if (widthEm >= 0.45) return '\u2002'
  if (widthEm >= 0.25) return '\u2004'
  if (widthEm >= 0.2) return '\u205F'
  return '\u2009'
}

/** A MathML length (`0.1667em`, `3pt`, `1ex`…) in em; undefined when it is not one. */
export function lengthInEm(value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  const match = /^\s*(-?[0-9]*\.?[0-9]+)\s*(em|ex|pt|px|mu)?\s*$/.exec(value)
  if (!match) return undefined
  const number = Number(match[1])
  switch (match[2]) {
    case 'ex':
      return number * 0.43
    case 'pt':
      return number / 10
    case 'px':
      return number / 13.33
    case 'mu':
      return number / 18
    default:
      return number
  }
}
