/**
 * LaTeX → MathML, shared by the preview (Chromium and Firefox draw MathML natively) and the
 * export (which turns the MathML into Word's OMML), so both show the same formula and fail on
 * the same input.
 *
 * temml is given no trust (no \href, \url, \includegraphics, \class…: a document must not make
 * the preview fetch or link anything) and a bound on macro expansion, so a hostile
 * `\def\a{\a\a}\a` ends in an error instead of a hang.
 */
import type { Element, ElementContent, Properties } from 'hast'
import type { InlineMath } from 'mdast-util-math'
import temml from 'temml'
import { COMPAT_MACROS, normalizeColumnSpecs, takeOperatorDeclarations } from './compat.js'
import { mathToOmml } from './word-check.js'
import { parseMathml, type MathElement } from './mathml.js'

declare module 'mdast-util-math' {
  interface InlineMathData {
    /** Written `$$…$$` inside a paragraph: display math, as pandoc reads it (set by the parser's dollar rule). */
    display?: boolean
  }
}

/** Whether inline math was written as display math (`$$…$$` inside a paragraph). */
export function isDisplayInlineMath(node: InlineMath): boolean {
  return node.data?.display === true
}

export type LatexToMathmlResult = { ok: true; mathml: string; unsupported?: string[] } | { ok: false; reason: string }

export interface LatexToMathmlOptions {
  /** Display (block) math rather than inline. */
  display?: boolean
  /** Macros defined elsewhere in the document (`documentMacros`), by name (`\\R`). */
  macros?: Readonly<Record<string, string>>
}

/** Longest formula converted, in characters; past it the LaTeX is kept as code. */
export const MAX_LATEX_LENGTH = 20_000

/** How many unknown commands one formula may show literally before it is given up as code. */
const MAX_UNSUPPORTED = 16

const UNSUPPORTED = /^Unsupported function name: (\\[A-Za-z@]+)/
const REDEFINED = /^\\newcommand\{(\\[A-Za-z@]+)\} attempting to redefine/

/**
 * MathML for a LaTeX formula, or why it cannot be converted (a missing brace…). What real
 * documents write and temml lacks is read through compat.ts; a command still unknown is shown
 * as its name in upright type, as pandoc's texmath does, and named in `unsupported`.
 */
export function latexToMathml(latex: string, options: LatexToMathmlOptions = {}): LatexToMathmlResult {
  if (latex.trim() === '') return { ok: false, reason: 'the formula is empty' }
  if (latex.length > MAX_LATEX_LENGTH) return { ok: false, reason: `the formula is longer than ${MAX_LATEX_LENGTH} characters` }
  const declared = takeOperatorDeclarations(latex)
  let source = normalizeColumnSpecs(declared.latex)
  if (source.trim() === '') return { ok: false, reason: 'the formula only defines operators' }
  const macros = { ...COMPAT_MACROS, ...options.macros, ...declared.macros }
  const unsupported: string[] = []
  const redefinitions = new Set<string>()
  for (;;) {
    try {
      const mathml = temml.renderToString(source, {
        displayMode: options.display === true,
        throwOnError: true,
        xml: true,
        trust: false,
        strict: false,
        maxExpand: 1000,
        maxSize: [20, 20],
        // A copy: temml records \\gdef and \\newcommand in the object it is given.
        macros: { ...macros },
      })
      return unsupported.length > 0 ? { ok: true, mathml, unsupported } : { ok: true, mathml }
    } catch (error) {
      const reason = describe(error)
      // `\\newcommand{\\R}` where temml already has \\R: the document's definition wins, as in LaTeX with \\renewcommand.
      const redefined = REDEFINED.exec(reason)?.[1]
      if (redefined && !redefinitions.has(redefined)) {
        redefinitions.add(redefined)
        source = renew(source, redefined)
        continue
      }
      const command = UNSUPPORTED.exec(reason)?.[1]
      if (!command || unsupported.includes(command) || unsupported.length >= MAX_UNSUPPORTED) return { ok: false, reason }
      unsupported.push(command)
      source = showLiterally(source, command)
    }
  }
}

/** `\\newcommand` of `name` (braced or not) as `\\renewcommand`. */
function renew(latex: string, name: string): string {
  const escaped = name.replace(/[\\@]/g, (ch) => `\\${ch}`)
  return latex.replace(new RegExp(`\\\\newcommand(\\*?\\s*)(\\{\\s*${escaped}\\s*\\}|${escaped}(?![A-Za-z@]))`, 'g'), '\\renewcommand$1$2')
}

/** Every `\\command` (not a longer name) as its name, backslash and all, in text type. */
function showLiterally(latex: string, command: string): string {
  const name = command.slice(1)
  return latex.replace(new RegExp(`\\\\${name.replace(/@/g, '\\@')}(?![A-Za-z@])`, 'g'), `\\text{\\char"5C{}${name}}`)
}

/** temml's message without its echo of the input (which is underlined with combining marks). */
function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  const first = message.split('\n')[0] ?? message
  return first.replace(/^\s*(?:Temml\s+)?(?:ParseError:\s*)?/i, '').replace(/\s+at position \d+:?.*$/s, '').trim() || 'the formula could not be read'
}

/** MathML element names temml writes, for the preview's sanitiser allow-list. */
export const MATHML_TAG_NAMES = [
  'math', 'semantics', 'annotation', 'mrow', 'mi', 'mn', 'mo', 'ms', 'mtext', 'mspace', 'msub', 'msup', 'msubsup',
  'munder', 'mover', 'munderover', 'mfrac', 'msqrt', 'mroot', 'mtable', 'mtr', 'mtd', 'mlabeledtr', 'mstyle',
  'mpadded', 'mphantom', 'menclose', 'merror', 'mmultiscripts', 'mprescripts', 'none',
] as const

/** MathML attributes that change what a formula looks like (everything else, `style` included, is dropped). */
export const MATHML_ATTRIBUTES = [
  'display', 'displaystyle', 'scriptlevel', 'mathvariant', 'stretchy', 'fence', 'form', 'separator', 'lspace', 'rspace',
  'movablelimits', 'accent', 'accentunder', 'linethickness', 'width', 'height', 'depth', 'voffset', 'notation',
  'columnalign', 'rowalign', 'columnspan', 'rowspan', 'symmetric', 'largeop', 'minsize', 'maxsize',
] as const

export type LatexToHastResult = { ok: true; element: Element } | { ok: false; reason: string }

/**
 * The formula as a hast `<math>` element for the preview (browsers draw MathML natively).
 * `word`: only a formula the export makes a Word equation of (word-check.ts); the others fail
 * with the export's reason, so the preview shows their LaTeX as the .docx does.
 */
export function latexToHast(latex: string, options: LatexToMathmlOptions & { word?: boolean } = {}): LatexToHastResult {
  const { word = false, ...rest } = options
  const result = latexToMathml(latex, rest)
  if (!result.ok) return result
  try {
    const parsed = parseMathml(result.mathml)
    if (word) {
      const omml = mathToOmml(parsed)
      if (!omml.ok) return omml
    }
    return { ok: true, element: toHast(parsed) }
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) }
  }
}

function toHast(element: MathElement): Element {
  const properties: Properties = {}
  for (const [name, value] of Object.entries(element.attributes)) {
    if (name === 'class') properties.className = value.split(/\s+/).filter(Boolean)
    else if (name !== 'xmlns') properties[name] = value
  }
  return {
    type: 'element',
    tagName: element.name,
    properties,
    children: element.children.map((child): ElementContent => (typeof child === 'string' ? { type: 'text', value: child } : toHast(child))),
  }
}

/**
 * The few rules temml's MathML needs from CSS in a browser (temml's own stylesheet has them
 * too): column alignment of aligned and cases, and the gap between aligned columns.
 */
export const MATH_PREVIEW_CSS = [
  'math .tml-right{text-align:right}',
  'math .tml-left{text-align:left}',
  'math mtd{padding-left:0.4em;padding-right:0.4em}',
  'math .tml-jot mtd{padding-top:0.3em;padding-bottom:0.3em}',
  '.math-display{overflow-x:auto;text-align:center}',
].join('\n')
