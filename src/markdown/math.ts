/**
 * LaTeX → MathML, shared by the preview (Chromium and Firefox draw MathML natively) and the
 * export (which turns the MathML into Word's OMML), so both show the same formula and fail on
 * the same input.
 *
 * temml is given no trust (no \href, \url, \includegraphics, \class…: a document must not make
 * the preview fetch or link anything) and a bound on macro expansion, so a hostile
 * `\def\a{\a\a}\a` ends in an error instead of a hang.
 */
import temml from 'temml'

export type LatexToMathmlResult = { ok: true; mathml: string } | { ok: false; reason: string }

export interface LatexToMathmlOptions {
  /** Display (block) math rather than inline. */
  display?: boolean
}

/** Longest formula converted, in characters; past it the LaTeX is kept as code. */
export const MAX_LATEX_LENGTH = 20_000

/** MathML for a LaTeX formula, or why it cannot be converted (an unknown command, a missing brace…). */
export function latexToMathml(latex: string, options: LatexToMathmlOptions = {}): LatexToMathmlResult {
  if (latex.trim() === '') return { ok: false, reason: 'the formula is empty' }
  if (latex.length > MAX_LATEX_LENGTH) return { ok: false, reason: `the formula is longer than ${MAX_LATEX_LENGTH} characters` }
  try {
    const mathml = temml.renderToString(latex, {
      displayMode: options.display === true,
      throwOnError: true,
      xml: true,
      trust: false,
      strict: false,
      maxExpand: 1000,
      maxSize: [20, 20],
    })
    return { ok: true, mathml }
  } catch (error) {
    return { ok: false, reason: describe(error) }
  }
}

/** temml's message without its echo of the input (which is underlined with combining marks). */
function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  const first = message.split('\n')[0] ?? message
  return first.replace(/^\s*(?:Temml\s+)?(?:ParseError:\s*)?/i, '').replace(/\s+at position \d+:?.*$/s, '').trim() || 'the formula could not be read'
}
