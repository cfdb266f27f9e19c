/**
 * LaTeX that real documents write and temml does not read, turned into what it does, so a
 * formula from a paper or a thesis becomes an equation instead of staying code (pandoc's
 * texmath reads all of these):
 * - commands from packages and plain TeX (`\mbox`, `\ensuremath`, `\slash`, `\mspace`,
 *   `\intertext`, `\mathds`, `\symbf`, siunitx's `\SI`/`\si`/`\num`…), as macros;
 * - `\DeclareMathOperator{\op}{text}` (and `*`), a preamble command: the operator is defined
 *   for the formula (and, through `documentMacros`, for the whole document);
 * - array column specs with repeats, `*{2}{rc}`, which temml does not expand.
 * Commands temml still does not know are shown literally by `latexToMathml`, which names them.
 */

/** Macros temml takes as strings (`#1`… are arguments; their number is the highest one used). */
export const COMPAT_MACROS: Readonly<Record<string, string>> = {
  '\\mbox': '\\text{#1}',
  '\\ensuremath': '{#1}',
  '\\slash': '/',
  '\\mspace': '\\mskip{#1}',
  '\\strut': '\\mathstrut',
  '\\intertext': '\\text{#1}',
  '\\shortintertext': '\\text{#1}',
  '\\hfill': '',
  '\\hfil': '',
  '\\nobreak': '',
  '\\allowbreak': '',
  '\\displaybreak': '',
  '\\cline': '',
  // temml counts a macro's arguments up to the first one missing: #1 and #2 must appear.
  '\\multicolumn': '{#3}\\vphantom{#1#2}',
  '\\textdegree': '{}^{\\circ}',
  '\\celsius': '{}^{\\circ}\\mathrm{C}',
  '\\micro': '\\mu',
  '\\ohm': '\\Omega',
  '\\divides': '\\mid',
  '\\textbackslash': '\\backslash',
  '\\textasciitilde': '\\sim',
  '\\textunderscore': '\\_',
  '\\qed': '\\square',
  '\\mathds': '\\mathbb{#1}',
  '\\mathbbm': '\\mathbb{#1}',
  '\\symbf': '\\mathbf{#1}',
  '\\symcal': '\\mathcal{#1}',
  '\\symit': '\\mathit{#1}',
  '\\symrm': '\\mathrm{#1}',
  '\\symsf': '\\mathsf{#1}',
  '\\symtt': '\\mathtt{#1}',
  '\\symbb': '\\mathbb{#1}',
  '\\mathbfit': '\\boldsymbol{#1}',
  '\\overunderset': '\\overset{#1}{\\underset{#2}{#3}}',
  '\\diag': '\\operatorname{diag}',
  '\\SI': '#1\\,\\mathrm{#2}',
  '\\si': '\\mathrm{#1}',
  '\\num': '#1',
  '\\unit': '\\mathrm{#1}',
  '\\ang': '#1^{\\circ}',
  // siunitx units, inside \\si{…} and \\SI{…}{…}.
  '\\per': '/',
  '\\squared': '^{2}',
  '\\cubed': '^{3}',
  '\\kilo': 'k',
  '\\milli': 'm',
  '\\centi': 'c',
  '\\nano': 'n',
  '\\mega': 'M',
  '\\giga': 'G',
  '\\meter': 'm',
  '\\metre': 'm',
  '\\second': 's',
  '\\gram': 'g',
  '\\kilogram': 'kg',
  '\\ampere': 'A',
  '\\kelvin': 'K',
  '\\mole': 'mol',
  '\\hertz': 'Hz',
  '\\newton': 'N',
  '\\pascal': 'Pa',
  '\\joule': 'J',
  '\\watt': 'W',
  '\\volt': 'V',
  '\\coulomb': 'C',
  '\\liter': 'L',
  '\\litre': 'L',
}

/** Reads a balanced `{…}` group at `at` (after spaces); the text inside and where it ends. */
function group(text: string, at: number): { inner: string; end: number } | undefined {
  let index = at
  while (text[index] === ' ') index++
  if (text[index] !== '{') return undefined
  let depth = 0
  for (let i = index; i < text.length; i++) {
    const ch = text[i]
    if (ch === '\\') {
      i++
      continue
    }
    if (ch === '{') depth++
    else if (ch === '}' && --depth === 0) return { inner: text.slice(index + 1, i), end: i + 1 }
  }
  return undefined
}

const DECLARE = /\\DeclareMathOperator(\*?)\s*/g

/**
 * `\DeclareMathOperator{\name}{text}` taken out of a formula, as macros (`\name` →
 * `\operatorname{text}`), and the formula without them.
 */
export function takeOperatorDeclarations(latex: string): { latex: string; macros: Record<string, string> } {
  const macros: Record<string, string> = {}
  if (!latex.includes('\\DeclareMathOperator')) return { latex, macros }
  let out = ''
  let last = 0
  for (const match of latex.matchAll(DECLARE)) {
    const start = match.index
    if (start < last) continue
    let at = start + match[0].length
    let name: string | undefined
    const braced = group(latex, at)
    if (braced) {
      name = braced.inner.trim()
      at = braced.end
    } else {
      const bare = /^\\[A-Za-z]+/.exec(latex.slice(at))
      if (bare) {
        name = bare[0]
        at += bare[0].length
      }
    }
    const body = group(latex, at)
    if (!name || !/^\\[A-Za-z]+$/.test(name) || !body) continue
    macros[name] = `\\operatorname${match[1]}{${body.inner}}`
    out += latex.slice(last, start)
    last = body.end
  }
  return { latex: out + latex.slice(last), macros }
}

/**
 * Array column specs temml reads: `*{n}{spec}` written out (`*{2}{rc}` → `rcrc`), and
 * tabular's paragraph columns and inter-column material (`p{3cm}`, `@{}`, `>{…}`) reduced
 * to the alignment they mean.
 */
export function normalizeColumnSpecs(latex: string): string {
  if (!latex.includes('\\begin{')) return latex
  return latex.replace(/(\\begin\{(?:array|subarray|tabular|darray)\}\s*(?:\[[^\]]*\]\s*)?)\{((?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*)\}/g, (_whole, head: string, spec: string) => `${head}{${columnSpec(spec)}}`)
}

function columnSpec(spec: string): string {
  let result = spec
  // Nested repeats expand from the inside out; bounded so a hostile count cannot blow up.
  for (let round = 0; round < 4 && result.includes('*{'); round++) {
    result = result.replace(/\*\{\s*(\d{1,3})\s*\}\{((?:[^{}]|\{[^{}]*\})*)\}/g, (_m, count: string, body: string) => body.repeat(Math.min(Number(count), 64)))
  }
  return result
    .replace(/[@!<>]\{(?:[^{}]|\{[^{}]*\})*\}/g, '')
    .replace(/[pmb]\{(?:[^{}]|\{[^{}]*\})*\}/g, 'l')
    .replace(/X/g, 'l')
}
