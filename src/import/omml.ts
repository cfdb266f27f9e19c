/**
 * Word equations (OMML) → LaTeX, the reverse of src/docx/math: fractions, scripts, roots,
 * n-ary operators with limits, delimiters (`\left(…\right)`, and the matrices and `cases` they
 * hold), functions (`\sin`, `\lim_{…}`), accents, bars, braces, boxes, matrices, equation
 * arrays, plain and text runs. Characters map back to their commands (α → `\alpha`, ≤ → `\le`,
 * 𝑥 → x, ℝ → `\mathbb{R}`). An element it does not know keeps its content and is named in
 * `unknown`, so the caller can say so. Iterative where depth is unbounded (runs of siblings);
 * nesting depth is Word's (a converter recursion per element level, capped at 200).
 */
import { attribute, child, children, type XmlElement, type XmlNode } from './xml.js'

export interface OmmlResult {
  latex: string
  unknown: string[]
}

const MAX_DEPTH = 200

export function ommlToLatex(root: XmlElement): OmmlResult {
  const unknown = new Set<string>()
  const convert = (element: XmlElement | undefined, depth: number): string => {
    if (!element) return ''
    if (depth > MAX_DEPTH) {
      unknown.add('(nesting too deep)')
      return ''
    }
    return join(element.children.map((node) => one(node, depth + 1)))
  }

  const arg = (element: XmlElement | undefined, depth: number): string => convert(element, depth).trim()

  const one = (node: XmlNode, depth: number): string => {
    if (typeof node === 'string') return ''
    const e = (name: string) => child(node, name)
    const pr = (name: string) => child(node, name)
    switch (node.name) {
      case 'm:oMathPara': {
        const lines = children(node, 'm:oMath').map((math) => arg(math, depth))
        return lines.length > 1 ? `\\begin{gathered}${lines.join(' \\\\ ')}\\end{gathered}` : (lines[0] ?? '')
      }
      case 'm:oMath':
      case 'm:e':
      case 'm:num':
      case 'm:den':
      case 'm:sub':
      case 'm:sup':
      case 'm:deg':
      case 'm:lim':
      case 'm:fName':
      case 'm:box':
      case 'w:ins':
      case 'm:phant':
        if (node.name === 'm:phant') return `\\phantom{${arg(e('m:e'), depth)}}`
        return node.name === 'm:box' ? convert(e('m:e'), depth) : convert(node, depth)
      case 'm:r':
        return run(node)
      case 'm:f': {
        const type = attribute(child(pr('m:fPr'), 'm:type'), 'm:val') ?? 'bar'
        const num = arg(e('m:num'), depth)
        const den = arg(e('m:den'), depth)
        if (type === 'lin') return `${group(num)}/${group(den)}`
        if (type === 'noBar') return `\\genfrac{}{}{0pt}{}{${num}}{${den}}`
        return `\\frac{${num}}{${den}}`
      }
      case 'm:sSup': {
        const sup = arg(e('m:sup'), depth)
        // Primes are written as such: f' rather than f^{'}.
        if (/^'+$/.test(sup)) return `${base(arg(e('m:e'), depth))}${sup}`
        return `${base(arg(e('m:e'), depth))}^${script(sup)}`
      }
      case 'm:sSub':
        return `${base(arg(e('m:e'), depth))}_${script(arg(e('m:sub'), depth))}`
      case 'm:sSubSup':
      case 'm:sPre': {
        // An empty script is left out (`{}_p F`, not `{}_p^{} F`).
        const sub = arg(e('m:sub'), depth)
        const sup = arg(e('m:sup'), depth)
        const scripts = `${sub !== '' ? `_${script(sub)}` : ''}${sup !== '' ? `^${script(sup)}` : ''}`
        return node.name === 'm:sPre' ? `{}${scripts}${arg(e('m:e'), depth)}` : `${base(arg(e('m:e'), depth))}${scripts}`
      }
      case 'm:rad': {
        const hide = on(child(pr('m:radPr'), 'm:degHide'))
        const degree = hide ? '' : arg(e('m:deg'), depth)
        return `\\sqrt${degree ? `[${degree}]` : ''}{${arg(e('m:e'), depth)}}`
      }
      case 'm:nary': {
        const props = pr('m:naryPr')
        const chr = attribute(child(props, 'm:chr'), 'm:val') ?? '∫'
        const command = NARY[chr] ?? symbol(chr)
        const sub = on(child(props, 'm:subHide')) ? '' : arg(e('m:sub'), depth)
        const sup = on(child(props, 'm:supHide')) ? '' : arg(e('m:sup'), depth)
        const limits = attribute(child(props, 'm:limLoc'), 'm:val') === 'undOvr' && command.startsWith('\\int') ? '\\limits' : ''
        return `${command}${limits}${sub ? `_${script(sub)}` : ''}${sup ? `^${script(sup)}` : ''} ${arg(e('m:e'), depth)}`
      }
      case 'm:d':
        return delimiter(node, depth)
      case 'm:func': {
        const name = arg(e('m:fName'), depth)
        const body = arg(e('m:e'), depth)
        return join([name, body])
      }
      case 'm:limLow':
      case 'm:limUpp': {
        const body = arg(e('m:e'), depth)
        const limit = arg(e('m:lim'), depth)
        if (node.name === 'm:limLow' && /^\\(lim|max|min|sup|inf|limsup|liminf|det|gcd|Pr|argmax|argmin)$/.test(body)) return `${body}_${script(limit)}`
        return node.name === 'm:limLow' ? `\\underset{${limit}}{${body}}` : `\\overset{${limit}}{${body}}`
      }
      case 'm:acc': {
        const chr = attribute(child(pr('m:accPr'), 'm:chr'), 'm:val') ?? '\u0302'
        return `${ACCENTS[chr] ?? '\\hat'}{${arg(e('m:e'), depth)}}`
      }
      case 'm:bar': {
        const position = attribute(child(pr('m:barPr'), 'm:pos'), 'm:val') ?? 'bot'
        return `${position === 'top' ? '\\overline' : '\\underline'}{${arg(e('m:e'), depth)}}`
      }
      case 'm:groupChr': {
        const props = pr('m:groupChrPr')
        const chr = attribute(child(props, 'm:chr'), 'm:val') ?? '\u23DF'
        const top = (attribute(child(props, 'm:pos'), 'm:val') ?? 'bot') === 'top'
        const body = arg(e('m:e'), depth)
        if (chr === '\u23DE' || (top && chr === '\u23DF')) return `\\overbrace{${body}}`
        if (chr === '\u23DF') return `\\underbrace{${body}}`
        return top ? `\\overset{${symbol(chr)}}{${body}}` : `\\underset{${symbol(chr)}}{${body}}`
      }
      case 'm:borderBox': {
        // A box with its sides hidden and a diagonal struck through is a cancellation.
        const props = pr('m:borderBoxPr')
        const up = on(child(props, 'm:strikeBLTR'))
        const down = on(child(props, 'm:strikeTLBR'))
        const body = arg(e('m:e'), depth)
        if (up || down) return `${up && down ? '\\xcancel' : up ? '\\cancel' : '\\bcancel'}{${body}}`
        return `\\boxed{${body}}`
      }
      case 'm:m':
        return matrix(node, depth, 'matrix')
      case 'm:eqArr':
        return `\\begin{aligned}${children(node, 'm:e')
          .map((row) => arg(row, depth))
          .join(' \\\\ ')}\\end{aligned}`
      case 'w:r':
        return run(node)
      default:
        if (node.name.endsWith('Pr') || node.name === 'w:del' || node.name === 'm:ctrlPr' || node.name === 'w:bookmarkStart' || node.name === 'w:bookmarkEnd' || node.name === 'w:proofErr') return ''
        unknown.add(node.name)
        return convert(node, depth)
    }
  }

  const delimiter = (node: XmlElement, depth: number): string => {
    const props = child(node, 'm:dPr')
    const open = attribute(child(props, 'm:begChr'), 'm:val') ?? '('
    const close = attribute(child(props, 'm:endChr'), 'm:val') ?? ')'
    const separator = attribute(child(props, 'm:sepChr'), 'm:val') ?? '|'
    const parts = children(node, 'm:e')
    // A lone matrix or binomial inside: the environment LaTeX has for it.
    if (parts.length === 1) {
      const inner = parts[0]!.children.filter((item): item is XmlElement => typeof item !== 'string' && item.name !== 'm:ctrlPr')
      if (inner.length === 1 && inner[0]!.name === 'm:m') {
        const environment = MATRIX_FENCES[`${open}${close}`]
        if (environment) return matrix(inner[0]!, depth, environment)
        if (open === '{' && close === '') return matrix(inner[0]!, depth, 'cases')
      }
      if (inner.length === 1 && inner[0]!.name === 'm:f' && open === '(' && close === ')' && attribute(child(child(inner[0]!, 'm:fPr'), 'm:type'), 'm:val') === 'noBar') {
        return `\\binom{${arg(child(inner[0]!, 'm:num'), depth)}}{${arg(child(inner[0]!, 'm:den'), depth)}}`
      }
    }
    const body = parts.map((part) => arg(part, depth)).join(` ${fence(separator, 'middle')} `)
    return `${fence(open, 'left')} ${body} ${fence(close, 'right')}`
  }

  const matrix = (node: XmlElement, depth: number, environment: string): string => {
    const rows = children(node, 'm:mr').map((row) =>
      children(row, 'm:e')
        .map((cell) => arg(cell, depth))
        .join(' & '),
    )
    let name = environment
    if (environment === 'matrix') {
      // Columns aligned right, left, right, left…: an `aligned` block (as TeX's & pairs make).
      const alignments = children(child(child(node, 'm:mPr'), 'm:mcs'), 'm:mc').map((mc) => attribute(child(child(mc, 'm:mcPr'), 'm:mcJc'), 'm:val') ?? 'center')
      if (alignments.length >= 2 && alignments.every((value, index) => value === (index % 2 === 0 ? 'right' : 'left'))) name = 'aligned'
    }
    return `\\begin{${name}}${rows.join(' \\\\ ')}\\end{${name}}`
  }

  const latex = tidy(convert(root, 0))
  return { latex, unknown: [...unknown] }
}

/** A math run: its text, character by character, in its style. */
function run(node: XmlElement): string {
  const props = child(node, 'm:rPr')
  const text = children(node)
    .filter((item) => item.name === 'm:t' || item.name === 'w:t')
    .map((item) => item.children.filter((part): part is string => typeof part === 'string').join(''))
    .join('')
    .replace(/\u200B/g, '')
  if (text === '') return ''
  if (on(child(props, 'm:nor')))
    return text
      .split('\\')
      .map((part) => (part === '' ? '' : `\\text{${escapeText(part)}}`))
      .join('\\backslash ')
  const style = attribute(child(props, 'm:sty'), 'm:val')
  const script = attribute(child(props, 'm:scr'), 'm:val')
  const plain = style === 'p'
  const word = /^[A-Za-z]{2,}$/.test(text)
  if (word && FUNCTIONS.has(text)) return `\\${text}`
  if (plain && /[A-Za-z]/.test(text)) {
    // Upright letters (\\mathrm, or a function's name) among upright operators and digits.
    return join(text.split(/([A-Za-z]+)/).map((part, index) => (index % 2 === 1 ? (FUNCTIONS.has(part) ? `\\${part}` : `\\mathrm{${part}}`) : join(combine(part).map((char) => symbol(char))))))
  }
  if (style === 'b' && /^[A-Za-z0-9]+$/.test(text)) return `\\mathbf{${text}}`
  if (script === 'double-struck' && /^[A-Za-z]+$/.test(text)) return `\\mathbb{${text}}`
  if (script === 'script' && /^[A-Za-z]+$/.test(text)) return `\\mathcal{${text}}`
  if (script === 'fraktur' && /^[A-Za-z]+$/.test(text)) return `\\mathfrak{${text}}`
  return join(combine(text).map((char) => symbol(char)))
}

/** Characters, a negating slash (U+0338) kept with the character it negates. */
function combine(text: string): string[] {
  const chars: string[] = []
  for (const char of text) {
    if (char === '\u0338' && chars.length > 0) chars[chars.length - 1] += char
    else chars.push(char)
  }
  return chars
}

/** A character as LaTeX. */
function symbol(char: string): string {
  if (char.length > 1 && char.endsWith('\u0338')) return `\\not${/^[A-Za-z]/.test(symbol(char.slice(0, -1))) ? ' ' : ''}${symbol(char.slice(0, -1))}`
  const mapped = SYMBOLS[char]
  if (mapped !== undefined) return mapped
  const code = char.codePointAt(0)!
  const alphanumeric = mathAlphanumeric(code)
  if (alphanumeric !== undefined) return alphanumeric
  if ('#$%&_{}'.includes(char)) return `\\${char}`
  if (char === '\\') return '\\backslash '
  if (char === '~') return '\\sim '
  if (char === '^') return '\\hat{}'
  return char
}

/** The order of the Greek letters in each style of the Mathematical Alphanumeric Symbols. */
const GREEK = [...'ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡϴΣΤΥΦΧΨΩ∇αβγδεζηθικλμνξοπρςστυφχψω∂ϵϑϰϕϱϖ']

/** Mathematical Alphanumeric Symbols (𝑥, 𝐱, 𝛼, 𝜶…) back to letters in their style. */
function mathAlphanumeric(code: number): string | undefined {
  if (code === 0x210e) return 'h'
  if (code < 0x1d400 || code > 0x1d7ff) return undefined
  if (code >= 0x1d6a8 && code < 0x1d7ca) {
    const offset = code - 0x1d6a8
    const letter = GREEK[offset % 58]!
    const style = Math.floor(offset / 58)
    const tex = SYMBOLS[letter] ?? letter
    // bold, italic, bold italic, sans-serif bold, sans-serif bold italic
    return style === 1 ? tex : `\\boldsymbol{${tex}}`
  }
  if (code >= 0x1d7ce) {
    const digit = String((code - 0x1d7ce) % 10)
    return code < 0x1d7d8 ? `\\mathbf{${digit}}` : code < 0x1d7e2 ? `\\mathbb{${digit}}` : digit
  }
  if (code >= 0x1d6a4) return undefined
  const offset = code - 0x1d400
  const alphabet = Math.floor(offset / 52)
  const index = offset % 52
  const letter = String.fromCharCode(index < 26 ? 65 + index : 97 + index - 26)
  const styles = ['\\mathbf', '', '\\boldsymbol', '\\mathcal', '\\mathcal', '\\mathfrak', '\\mathbb', '\\mathfrak', '\\mathsf', '\\mathsf', '\\mathsf', '\\mathsf', '\\mathtt']
  const style = styles[alphabet]
  if (style === undefined) return letter
  return style === '' ? letter : `${style}{${letter}}`
}

function on(element: XmlElement | undefined): boolean {
  if (!element) return false
  const value = attribute(element, 'm:val')
  return value === undefined || value === '1' || value === 'on' || value === 'true'
}

function fence(char: string, side: 'left' | 'right' | 'middle'): string {
  const command = side === 'middle' ? '\\middle' : side === 'left' ? '\\left' : '\\right'
  if (char === '') return side === 'middle' ? '' : `${command}.`
  const mapped = FENCES[char] ?? symbol(char)
  return `${command}${mapped}`
}

/** Joins LaTeX pieces, with a space where a command would run into a letter. */
function join(pieces: string[]): string {
  let out = ''
  for (const piece of pieces) {
    if (piece === '') continue
    // The thin space TeX puts after a function name (\\max x) is TeX's to put: writing it would add one each round trip.
    if (piece === '\\,' && FUNCTION_END.test(out)) continue
    if (piece === '\\quad' && out.endsWith('\\quad') && !out.endsWith('\\qquad')) {
      out = `${out.slice(0, -'\\quad'.length)}\\qquad`
      continue
    }
    if (/\\[A-Za-z]+$/.test(out) && /^[A-Za-z0-9]/.test(piece)) out += ' '
    out += piece
  }
  return out
}

function group(text: string): string {
  return text.length === 1 || /^\\[A-Za-z]+$/.test(text) || /^[A-Za-z0-9]+$/.test(text) ? text : `{${text}}`
}

function base(text: string): string {
  if (text === '') return '{}'
  // A base that is itself scripted, or a sum of things, is braced.
  return /[_^]|\s/.test(text) && !/^\\left.*\\right.$/.test(text) ? `{${text}}` : text
}

function script(text: string): string {
  return text.length === 1 && /[A-Za-z0-9]/.test(text) ? text : `{${text}}`
}

function escapeText(text: string): string {
  // Backslashes are written outside \\text (temml has no \\textbackslash).
  return text.replace(/[{}#$%&_^~]/g, (char) => (char === '^' ? '\\^{}' : char === '~' ? '\\~{}' : `\\${char}`))
}

/** Spaces around relations and binary operators, none doubled; `\\text{…}` left as written. */
function tidy(latex: string): string {
  const parts = latex.split(/(\\text\{(?:[^{}]|\{\})*\})/)
  return parts
    .map((part, index) =>
      index % 2 === 1
        ? part
        : part
            .replace(/ *([=+<>-]|\\(?:le|ge|ne|neq|approx|equiv|to|pm|mp|times|cdot|leq|geq|in|rightarrow|Rightarrow)(?![A-Za-z])) */g, ' $1 ')
            .replace(/([{(\[^_]) +/g, '$1')
            .replace(/ +([})\]^_])/g, '$1'),
    )
    .join('')
    .replace(/ {2,}/g, ' ')
    .trim()
}

const FUNCTION_NAMES = ['sin', 'cos', 'tan', 'cot', 'sec', 'csc', 'arcsin', 'arccos', 'arctan', 'sinh', 'cosh', 'tanh', 'coth', 'log', 'ln', 'lg', 'exp', 'lim', 'max', 'min', 'sup', 'inf', 'det', 'dim', 'ker', 'deg', 'gcd', 'arg', 'hom', 'Pr', 'limsup', 'liminf']
const FUNCTION_END = new RegExp(`\\\\(?:${FUNCTION_NAMES.join('|')})$`)

const FUNCTIONS = new Set(FUNCTION_NAMES)

const NARY: Record<string, string> = {
  '∑': '\\sum',
  '∏': '\\prod',
  '∐': '\\coprod',
  '∫': '\\int',
  '∬': '\\iint',
  '∭': '\\iiint',
  '∮': '\\oint',
  '⋃': '\\bigcup',
  '⋂': '\\bigcap',
  '⋁': '\\bigvee',
  '⋀': '\\bigwedge',
  '⨁': '\\bigoplus',
  '⨂': '\\bigotimes',
  '⨀': '\\bigodot',
  '⨄': '\\biguplus',
}

const ACCENTS: Record<string, string> = {
  '\u0302': '\\hat',
  '^': '\\hat',
  '\u0303': '\\tilde',
  '~': '\\tilde',
  '\u0304': '\\bar',
  '\u00AF': '\\bar',
  '\u0305': '\\bar',
  '\u203E': '\\bar',
  '\u20D7': '\\vec',
  '\u2192': '\\vec',
  '\u0307': '\\dot',
  '\u02D9': '\\dot',
  '\u0308': '\\ddot',
  '\u00A8': '\\ddot',
  '\u030C': '\\check',
  '\u02C7': '\\check',
  '\u0301': '\\acute',
  '\u00B4': '\\acute',
  '\u0300': '\\grave',
  '`': '\\grave',
  '\u0306': '\\breve',
  '\u02D8': '\\breve',
  '\u20E1': '\\overleftrightarrow',
  '\u20D6': '\\overleftarrow',
}

const MATRIX_FENCES: Record<string, string> = { '()': 'pmatrix', '[]': 'bmatrix', '{}': 'Bmatrix', '||': 'vmatrix', '\u2223\u2223': 'vmatrix', '‖‖': 'Vmatrix', '\u2225\u2225': 'Vmatrix' }

const FENCES: Record<string, string> = {
  '(': '(',
  ')': ')',
  '[': '[',
  ']': ']',
  '{': '\\{',
  '}': '\\}',
  '|': '|',
  '\u2223': '|',
  '‖': '\\|',
  '\u2225': '\\|',
  '⟨': '\\langle',
  '〈': '\\langle',
  '⟩': '\\rangle',
  '〉': '\\rangle',
  '⌊': '\\lfloor',
  '⌋': '\\rfloor',
  '⌈': '\\lceil',
  '⌉': '\\rceil',
  '/': '/',
}

const SYMBOLS: Record<string, string> = {
  α: '\\alpha', β: '\\beta', γ: '\\gamma', δ: '\\delta', ε: '\\varepsilon', ϵ: '\\epsilon', ζ: '\\zeta', η: '\\eta', θ: '\\theta', ϑ: '\\vartheta', ι: '\\iota', κ: '\\kappa', λ: '\\lambda', μ: '\\mu', ν: '\\nu', ξ: '\\xi', π: '\\pi', ϖ: '\\varpi', ρ: '\\rho', ϱ: '\\varrho', σ: '\\sigma', ς: '\\varsigma', τ: '\\tau', υ: '\\upsilon', φ: '\\varphi', ϕ: '\\phi', χ: '\\chi', ψ: '\\psi', ω: '\\omega',
  Γ: '\\Gamma', Δ: '\\Delta', Θ: '\\Theta', Λ: '\\Lambda', Ξ: '\\Xi', Π: '\\Pi', Σ: '\\Sigma', Υ: '\\Upsilon', Φ: '\\Phi', Ψ: '\\Psi', Ω: '\\Omega',
  '∞': '\\infty', '±': '\\pm', '∓': '\\mp', '×': '\\times', '÷': '\\div', '⋅': '\\cdot', '·': '\\cdot', '∙': '\\bullet', '−': '-', '∗': '*',
  '≤': '\\le', '≥': '\\ge', '≠': '\\ne', '≈': '\\approx', '≡': '\\equiv', '∼': '\\sim', '≃': '\\simeq', '≅': '\\cong', '∝': '\\propto', '≪': '\\ll', '≫': '\\gg', '≺': '\\prec', '≻': '\\succ',
  '→': '\\to', '←': '\\leftarrow', '↔': '\\leftrightarrow', '⇒': '\\Rightarrow', '⇐': '\\Leftarrow', '⇔': '\\Leftrightarrow', '↦': '\\mapsto', '↑': '\\uparrow', '↓': '\\downarrow', '⟶': '\\longrightarrow', '⟹': '\\Longrightarrow',
  '∈': '\\in', '∉': '\\notin', '∋': '\\ni', '⊂': '\\subset', '⊆': '\\subseteq', '⊃': '\\supset', '⊇': '\\supseteq', '∪': '\\cup', '∩': '\\cap', '∅': '\\emptyset', '∖': '\\setminus',
  '∀': '\\forall', '∃': '\\exists', '∄': '\\nexists', '¬': '\\neg', '∧': '\\wedge', '∨': '\\vee', '⊕': '\\oplus', '⊗': '\\otimes', '⊙': '\\odot', '∘': '\\circ', '⊥': '\\perp', '∥': '\\parallel', '∣': '\\mid',
  '∂': '\\partial', '∇': '\\nabla', '′': "'", '″': "''", '…': '\\ldots', '⋯': '\\cdots', '⋮': '\\vdots', '⋱': '\\ddots', '°': '^{\\circ}', 'ℏ': '\\hbar', 'ℓ': '\\ell', 'ℜ': '\\Re', 'ℑ': '\\Im', 'ℵ': '\\aleph', '℘': '\\wp',
  ℝ: '\\mathbb{R}', ℕ: '\\mathbb{N}', ℤ: '\\mathbb{Z}', ℚ: '\\mathbb{Q}', ℂ: '\\mathbb{C}', ℍ: '\\mathbb{H}', ℙ: '\\mathbb{P}',
  '⊤': '\\top', '†': '\\dagger', '‡': '\\ddagger', '⋆': '\\star', '⟺': '\\iff', '⇌': '\\rightleftharpoons', '∠': '\\angle', '△': '\\triangle', '□': '\\square', '■': '\\blacksquare', '⋄': '\\diamond', '•': '\\bullet', '⊢': '\\vdash', '⊨': '\\models', '∤': '\\nmid', '⪯': '\\preceq', '≼': '\\preceq', '⊏': '\\sqsubset', '⊑': '\\sqsubseteq', '⊔': '\\sqcup', '⊓': '\\sqcap', '≐': '\\doteq', '≜': '\\triangleq', '∮': '\\oint', '℧': '\\mho', 'ð': '\\eth', '∡': '\\measuredangle', '⊊': '\\subsetneq', '⊋': '\\supsetneq', '⇝': '\\leadsto', '↪': '\\hookrightarrow', '↩': '\\hookleftarrow', '⟵': '\\longleftarrow', '⟷': '\\longleftrightarrow', '⟸': '\\Longleftarrow', '⟼': '\\longmapsto', '⇑': '\\Uparrow', '⇓': '\\Downarrow', '↕': '\\updownarrow', '↗': '\\nearrow', '↘': '\\searrow', '↙': '\\swarrow', '↖': '\\nwarrow',
  '⟨': '\\langle', '⟩': '\\rangle', '⌊': '\\lfloor', '⌋': '\\rfloor', '⌈': '\\lceil', '⌉': '\\rceil', '‖': '\\|',
  '\u2061': '', '\u2062': '', '\u2063': '', '\u2064': '', '\u00A0': '~', '\u2009': '\\,', '\u2005': '\\:', '\u205F': '\\:', '\u2004': '\\;', '\u2003': '\\quad', '\u2002': '\\enspace',
}
