/**
 * MathML (as temml writes it) → OMML, Word's own equation markup, built as Word builds it when
 * one types the formula in its equation editor: n-ary operators that hold their limits and
 * their body (m:nary), functions (m:func) with `lim` and its limit, stretchy brackets (m:d),
 * accents (m:acc), fractions, radicals, scripts, matrices and aligned equations (m:m), gathered ones
 * (m:eqArr). Every element is written in the order shared-math.xsd requires.
 *
 * Why not mathml2omml: on temml's MathML it leaves ∑'s body empty, writes brackets and accents
 * as plain text, and emits schema-invalid run properties (`m:sty m:val="undefined"`,
 * `w:rPr` before `m:rPr`), so equations are neither editable as such nor valid.
 */
import { ACCENTS, GROUP_CHARACTERS, isInfixOperator, lengthInEm, NARY, spaceFor } from './omml-characters.js'
import { elementsOf, textOf, type MathElement } from './mathml.js'
import { extent } from '../util/extent.js'

export interface OmmlElement {
  name: string
  attributes?: Record<string, string>
  children: OmmlNode[]
}

export type OmmlNode = OmmlElement | string

type Style = 'p' | 'b' | 'bi' | 'i'

const el = (name: string, children: OmmlNode[] = [], attributes?: Record<string, string>): OmmlElement => (attributes ? { name, attributes, children } : { name, children })
const val = (name: string, value: string): OmmlElement => el(name, [], { 'm:val': value })
const arg = (name: string, children: OmmlElement[]): OmmlElement => el(name, children)

/** A math run: optional style (upright, bold…) or normal text (\text{}), then its text. */
function run(text: string, style?: Style, normalText = false): OmmlElement {
  const properties: OmmlElement[] = []
  if (normalText) properties.push(val('m:nor', '1'))
  else if (style) properties.push(val('m:sty', style))
  return el('m:r', [...(properties.length > 0 ? [el('m:rPr', properties)] : []), el('m:t', [text], { 'xml:space': 'preserve' })])
}

/** `<m:oMath>` for the `<math>` element temml wrote. */
export function mathmlToOmml(math: MathElement): OmmlElement {
  return el('m:oMath', mergeRuns(row(elementsOf(math))))
}

/** A sequence of MathML siblings → OMML, joining n-ary operators and functions with what follows. */
function row(nodes: MathElement[]): OmmlElement[] {
  const items = flatten(nodes)
  const out: OmmlElement[] = []
  let index = 0
  while (index < items.length) {
    const taken = take(items, index)
    out.push(...taken.out)
    index = taken.next
  }
  return out
}

/** mrows of one element (temml wraps ∑ with its limits in one) say nothing: look through them. */
function flatten(nodes: MathElement[]): MathElement[] {
  const out: MathElement[] = []
  for (const node of nodes) {
    if ((node.name === 'mrow' || node.name === 'mstyle') && !isStyledRow(node)) {
      const children = elementsOf(node)
      // Also rows that open with ∑ or hold a function's name (`\sin` + U+2061): their body or
      // argument follows outside the row.
      if (children.length === 1 || (node.name === 'mrow' && children.length > 0 && !isFenced(node) && (isNaryItem(children[0]!) || children.some(isFunctionApplication)))) {
        out.push(...flatten(children))
        continue
      }
    }
    out.push(node)
  }
  return out
}

/** Converts the item at `index` (with the body of an n-ary operator or the argument of a function). */
function take(items: MathElement[], index: number): { out: OmmlElement[]; next: number } {
  const item = items[index]!
  // `{}_p F_q`, `{}^{14}C`: scripts on nothing, written before what they belong to — Word's pre-scripts.
  if (isEmptyBased(item) && items[index + 1] && !isOperator(items[index + 1]!)) {
    const [, first, second] = elementsOf(item)
    const base = take(items, index + 1)
    const subscript = item.name === 'msup' ? undefined : first
    const superscript = item.name === 'msup' ? first : item.name === 'msubsup' ? second : undefined
    return { out: [el('m:sPre', [arg('m:sub', orBlank(part(subscript))), arg('m:sup', orBlank(part(superscript))), arg('m:e', mergeRuns(base.out))])], next: base.next }
  }
  const nary = naryParts(item)
  if (nary) {
    const bodyIndex = skipSpaces(items, index + 1)
    const candidate = items[bodyIndex]
    if (candidate && !isOperator(candidate)) {
      const body = take(items, bodyIndex)
      return { out: [naryElement(nary, mergeRuns(body.out))], next: body.next }
    }
    return { out: [naryElement(nary, [])], next: index + 1 }
  }
  if (items[index + 1] && isFunctionApplication(items[index + 1]!)) {
    const name = convert(item, 'function')
    const argumentIndex = skipSpaces(items, index + 2)
    const candidate = items[argumentIndex]
    if (candidate && !isOperator(candidate)) {
      const argument = take(items, argumentIndex)
      return { out: [el('m:func', [arg('m:fName', mergeRuns(name)), arg('m:e', mergeRuns(argument.out))])], next: argument.next }
    }
    return { out: name, next: index + 2 }
  }
  return { out: convert(item), next: index + 1 }
}

function skipSpaces(items: MathElement[], index: number): number {
  let at = index
  while (at < items.length && (items[at]!.name === 'mspace' || isFunctionApplication(items[at]!))) at++
  return at
}

/** U+2061 (function application) and the invisible times and separator: markers, not glyphs. */
function isFunctionApplication(node: MathElement): boolean {
  return node.name === 'mo' && textOf(node) === '\u2061'
}

function isOperator(node: MathElement): boolean {
  return node.name === 'mo' && isInfixOperator(textOf(node).trim())
}

interface NaryParts {
  chr: string
  limLoc: 'undOvr' | 'subSup'
  sub?: MathElement | undefined
  sup?: MathElement | undefined
}

function isNaryItem(node: MathElement): boolean {
  return naryParts(node) !== undefined
}

function naryOperator(node: MathElement | undefined): string | undefined {
  if (!node) return undefined
  const inner = node.name === 'mrow' && elementsOf(node).length === 1 ? elementsOf(node)[0]! : node
  if (inner.name !== 'mo') return undefined
  const text = textOf(inner).trim()
  return NARY.has(text) ? text : undefined
}

function naryParts(node: MathElement): NaryParts | undefined {
  const children = elementsOf(node)
  switch (node.name) {
    case 'mo': {
      const chr = naryOperator(node)
      return chr ? { chr, limLoc: 'subSup' } : undefined
    }
    case 'msub':
    case 'msup':
    case 'msubsup':
    case 'munder':
    case 'mover':
    case 'munderover': {
      const chr = naryOperator(children[0])
      if (!chr) return undefined
      const limLoc = node.name.startsWith('ms') ? 'subSup' : 'undOvr'
      if (node.name === 'msub' || node.name === 'munder') return { chr, limLoc, sub: children[1] }
      if (node.name === 'msup' || node.name === 'mover') return { chr, limLoc, sup: children[1] }
      return { chr, limLoc, sub: children[1], sup: children[2] }
    }
    default:
      return undefined
  }
}

function naryElement(parts: NaryParts, body: OmmlElement[]): OmmlElement {
  const properties = [val('m:chr', parts.chr), val('m:limLoc', parts.limLoc)]
  if (!parts.sub) properties.push(val('m:subHide', '1'))
  if (!parts.sup) properties.push(val('m:supHide', '1'))
  return el('m:nary', [
    el('m:naryPr', properties),
    arg('m:sub', parts.sub ? part(parts.sub) : []),
    arg('m:sup', parts.sup ? part(parts.sup) : []),
    arg('m:e', body),
  ])
}

/** One argument of a construct (a numerator, a subscript…) as OMML content. */
function part(node: MathElement | undefined): OmmlElement[] {
  if (!node) return []
  return mergeRuns(row([node]))
}

/** mrow with a border (\boxed) or colour: kept as a unit. */
function isStyledRow(node: MathElement): boolean {
  return /border/.test(node.attributes.style ?? '')
}

/** An mrow that starts and ends with fences: `\left( … \right)`, `\binom`, `(x)`. */
function isFenced(node: MathElement): boolean {
  const children = elementsOf(node)
  if (children.length < 2) return false
  const first = children[0]!
  const last = children[children.length - 1]!
  return first.name === 'mo' && last.name === 'mo' && first.attributes.fence === 'true' && last.attributes.fence === 'true' && first.attributes.form !== 'postfix' && last.attributes.form !== 'prefix'
}

const BARS: Readonly<Record<string, string>> = { '|': '\u2223', '‖': '\u2225' }

/** A fenced group: stretchy brackets become m:d (its inner \middle bars its separators); fixed ones stay text. */
function fenced(node: MathElement): OmmlElement[] {
  const children = elementsOf(node)
  const first = children[0]!
  const last = children[children.length - 1]!
  const inner = children.slice(1, -1)
  if (first.attributes.stretchy === 'false') return row(children)
  const separators = inner.filter((child) => child.name === 'mo' && child.attributes.stretchy === 'true' && child.attributes.form === 'infix')
  const separator = separators.length > 0 && separators.every((child) => textOf(child) === textOf(separators[0]!)) ? textOf(separators[0]!) : undefined
  const groups: MathElement[][] = [[]]
  for (const child of inner) {
    if (separator !== undefined && separators.includes(child)) groups.push([])
    else groups[groups.length - 1]!.push(child)
  }
  // Bars around a matrix are a determinant (vmatrix): Word and pandoc write them as U+2223.
  const aroundMatrix = inner.length === 1 && inner[0]!.name === 'mtable'
  const fence = (node: MathElement) => {
    const text = textOf(node).trim()
    return aroundMatrix ? (BARS[text] ?? text) : text
  }
  const properties = [val('m:begChr', fence(first)), ...(separator !== undefined ? [val('m:sepChr', separator)] : []), val('m:endChr', fence(last))]
  return [el('m:d', [el('m:dPr', properties), ...groups.map((group) => arg('m:e', mergeRuns(row(group))))])]
}

/** One MathML element → OMML. `as` says it names a function (upright, as Word writes `sin`). */
function convert(node: MathElement, as?: 'function'): OmmlElement[] {
  const children = elementsOf(node)
  switch (node.name) {
    case 'mi':
      return token(node, as)
    case 'mn':
      return textRun(textOf(node))
    case 'mo': {
      const text = textOf(node)
      if (/^[\u2061-\u2064]*$/.test(text)) return []
      const nary = naryParts(node)
      if (nary) return [naryElement(nary, [])]
      return textRun(text, 'p')
    }
    case 'mtext':
    case 'ms': {
      const text = node.name === 'ms' ? `"${textOf(node)}"` : textOf(node)
      return text === '' ? [] : [run(text.replace(/\s+/g, ' '), undefined, true)]
    }
    case 'mspace': {
      const space = spaceFor(lengthInEm(node.attributes.width) ?? 0)
      return space ? [run(space)] : []
    }
    case 'mrow':
      if (isFenced(node)) return fenced(node)
      if (isStyledRow(node)) return [el('m:borderBox', [arg('m:e', mergeRuns(row(children)))])]
      return row(children)
    case 'math':
    case 'mstyle':
    case 'mpadded':
    case 'mtd':
    case 'mtr':
    case 'mlabeledtr':
    case 'merror':
    case 'maction':
      return row(children)
    case 'semantics':
      return children[0] ? convert(children[0]) : []
    case 'annotation':
    case 'annotation-xml':
    case 'none':
    case 'mprescripts':
      return []
    case 'mphantom':
      return [el('m:phant', [el('m:phantPr', [val('m:show', '0')]), arg('m:e', mergeRuns(row(children)))])]
    case 'menclose':
      return enclose(node)
    case 'mfrac': {
      const thickness = lengthInEm(node.attributes.linethickness)
      const type = thickness === 0 ? 'noBar' : node.attributes.bevelled === 'true' ? 'skw' : 'bar'
      return [el('m:f', [el('m:fPr', [val('m:type', type)]), arg('m:num', part(children[0])), arg('m:den', part(children[1]))])]
    }
    case 'msqrt':
      return [el('m:rad', [el('m:radPr', [val('m:degHide', '1')]), arg('m:deg', []), arg('m:e', mergeRuns(row(children)))])]
    case 'mroot':
      return [el('m:rad', [el('m:radPr', []), arg('m:deg', part(children[1])), arg('m:e', part(children[0]))])]
    case 'msub':
    case 'msup':
    case 'msubsup':
      return scripts(node, as)
    case 'munder':
    case 'mover':
    case 'munderover':
      return limits(node, as)
    case 'mmultiscripts':
      return multiscripts(node)
    case 'mtable':
      return table(node)
    default:
      // An element this converter does not know: its content, as content.
      return row(children)
  }
}

/** `mi`: one letter is italic (Word's default); a name (sin, lim, argmax) or `mathvariant="normal"` is upright. */
function token(node: MathElement, as?: 'function'): OmmlElement[] {
  const text = textOf(node)
  if (text === '') return []
  const variant = node.attributes.mathvariant
  const style: Style | undefined =
    variant === 'bold' ? 'b' : variant === 'bold-italic' ? 'bi' : variant === 'normal' || as === 'function' || [...text].length > 1 ? 'p' : undefined
  return [run(text, style)]
}

function textRun(text: string, style?: Style): OmmlElement[] {
  return text === '' ? [] : [run(text, style)]
}

/** A script element whose base is empty (`{}_p`): nothing to attach its scripts to. */
function isEmptyBased(node: MathElement): boolean {
  if (node.name !== 'msub' && node.name !== 'msup' && node.name !== 'msubsup') return false
  const base = elementsOf(node)[0]
  return base !== undefined && base.name === 'mrow' && elementsOf(base).length === 0 && textOf(base).trim() === ''
}

/**
 * An argument Word requires but the formula leaves empty, as a zero-width space: Word and
 * LibreOffice draw an empty one as a dotted placeholder box.
 */
function orBlank(content: OmmlElement[]): OmmlElement[] {
  return content.length > 0 ? content : [run('\u200B')]
}

function scripts(node: MathElement, as?: 'function'): OmmlElement[] {
  const nary = naryParts(node)
  if (nary) return [naryElement(nary, [])]
  const [base, first, second] = elementsOf(node)
  const e = arg('m:e', orBlank(base ? mergeRuns(as === 'function' ? convert(base, 'function') : row([base])) : []))
  if (node.name === 'msub') return [el('m:sSub', [e, arg('m:sub', part(first))])]
  if (node.name === 'msup') return [el('m:sSup', [e, arg('m:sup', part(first))])]
  return [el('m:sSubSup', [e, arg('m:sub', part(first)), arg('m:sup', part(second))])]
}

/** An over- or under-mark that is an accent, as Word's combining character. */
function accentOf(node: MathElement | undefined): string | undefined {
  if (!node) return undefined
  const inner = node.name === 'mrow' && elementsOf(node).length === 1 ? elementsOf(node)[0]! : node
  if (inner.name !== 'mo') return undefined
  return ACCENTS[textOf(inner).trim()]
}

function groupCharacter(node: MathElement | undefined): string | undefined {
  if (!node || node.name !== 'mo') return undefined
  const text = textOf(node).trim()
  return GROUP_CHARACTERS.has(text) ? text : undefined
}

/** munder / mover / munderover: n-ary limits, accents, braces, or a limit under or over a base (lim, max). */
function limits(node: MathElement, as?: 'function'): OmmlElement[] {
  const nary = naryParts(node)
  if (nary) return [naryElement(nary, [])]
  const [base, first, second] = elementsOf(node)
  const baseContent = base ? mergeRuns(as === 'function' || isName(base) ? convert(base, 'function') : row([base])) : []
  if (node.name === 'mover' || node.name === 'munder') {
    const position = node.name === 'mover' ? 'top' : 'bot'
    const group = groupCharacter(first)
    if (group) return [el('m:groupChr', [el('m:groupChrPr', [val('m:chr', group), val('m:pos', position), val('m:vertJc', position === 'top' ? 'bot' : 'top')]), arg('m:e', baseContent)])]
    const accent = node.name === 'mover' ? accentOf(first) : undefined
    if (accent && node.attributes.accent !== 'false') return [el('m:acc', [el('m:accPr', [val('m:chr', accent)]), arg('m:e', baseContent)])]
    const limit = part(first)
    if (limit.length === 0) return baseContent
    return [el(node.name === 'mover' ? 'm:limUpp' : 'm:limLow', [arg('m:e', baseContent), arg('m:lim', limit)])]
  }
  const lower = el('m:limLow', [arg('m:e', baseContent), arg('m:lim', part(first))])
  return [el('m:limUpp', [arg('m:e', [lower]), arg('m:lim', part(second))])]
}

/** An identifier of several letters (lim, max, argmax): a function name, upright. */
function isName(node: MathElement): boolean {
  return node.name === 'mi' && [...textOf(node)].length > 1
}

function enclose(node: MathElement): OmmlElement[] {
  const content = mergeRuns(row(elementsOf(node)))
  const notation = (node.attributes.notation ?? 'longdiv').split(/\s+/)
  if (notation.length === 1 && (notation[0] === 'top' || notation[0] === 'bottom')) {
    return [el('m:bar', [el('m:barPr', [val('m:pos', notation[0] === 'top' ? 'top' : 'bot')]), arg('m:e', content)])]
  }
  const strikes: OmmlElement[] = []
  if (notation.includes('horizontalstrike')) strikes.push(val('m:strikeH', '1'))
  if (notation.includes('verticalstrike')) strikes.push(val('m:strikeV', '1'))
  if (notation.includes('updiagonalstrike')) strikes.push(val('m:strikeBLTR', '1'))
  if (notation.includes('downdiagonalstrike')) strikes.push(val('m:strikeTLBR', '1'))
  const boxed = notation.some((n) => n === 'box' || n === 'roundedbox' || n === 'circle')
  const hide = boxed ? [] : ['m:hideTop', 'm:hideBot', 'm:hideLeft', 'm:hideRight'].map((name) => val(name, '1'))
  return [el('m:borderBox', [el('m:borderBoxPr', [...hide, ...strikes]), arg('m:e', content)])]
}

/** `{}_a^b X` and friends: prescripts as m:sPre, postscripts as scripts. */
function multiscripts(node: MathElement): OmmlElement[] {
  const children = elementsOf(node)
  const split = children.findIndex((child) => child.name === 'mprescripts')
  const base = children[0]
  const pre = split === -1 ? [] : children.slice(split + 1)
  const post = children.slice(1, split === -1 ? undefined : split)
  let out: OmmlElement[] = base ? row([base]) : []
  if (post.length >= 2) out = [el('m:sSubSup', [arg('m:e', mergeRuns(out)), arg('m:sub', part(post[0])), arg('m:sup', part(post[1]))])]
  if (pre.length >= 2) out = [el('m:sPre', [arg('m:sub', part(pre[0])), arg('m:sup', part(pre[1])), arg('m:e', mergeRuns(out))])]
  return out
}

type Align = 'left' | 'right' | 'center'

function cellAlign(cell: MathElement | undefined): Align {
  const classes = cell?.attributes.class ?? ''
  if (/\btml-right\b/.test(classes)) return 'right'
  if (/\btml-left\b/.test(classes)) return 'left'
  return 'center'
}

/**
 * mtable: matrices, arrays and `aligned`/`align` as m:m, each column aligned as in LaTeX (an
 * aligned's right/left pairs line up at their relation signs); one-column `gather` as m:eqArr.
 * Not m:eqArr with `&` alignment points, Word's own form for aligned: LibreOffice shows those
 * `&`s as stray symbols and pandoc reads them as `\&`. temml's equation-number columns
 * (`\tag`, numbered `align`) are dropped, a tag kept as text after the equation.
 */
function table(node: MathElement): OmmlElement[] {
  const numbered = /width:\s*100%/.test(node.attributes.style ?? '')
  const rows = elementsOf(node)
    .filter((child) => child.name === 'mtr' || child.name === 'mlabeledtr')
    .map((tr) => {
      let cells = elementsOf(tr).filter((cell) => cell.name === 'mtd')
      let tag = ''
      if (numbered && cells.length >= 2) {
        tag = textOf(cells[cells.length - 1]!).trim()
        cells = cells.slice(1, -1)
      }
      return { cells, tag }
    })
  if (rows.length === 0) return []
  const columns = Math.max(1, extent(rows.map((r) => r.cells.length))?.max ?? 1)
  const aligns: Align[] = Array.from({ length: columns }, (_, column) => cellAlign(rows.find((r) => r.cells[column])?.cells[column]))
  const tagged = (content: OmmlElement[], tag: string) => (tag ? [...content, run('\u2003'), run(tag, 'p')] : content)
  if (rows.length === 1 && columns === 1 && numbered) return tagged(mergeRuns(row(rows[0]!.cells)), rows[0]!.tag)
  const display = node.attributes.displaystyle === 'true'
  if (display && columns === 1) {
    return [el('m:eqArr', rows.map(({ cells, tag }) => arg('m:e', mergeRuns(tagged(row(cells), tag)))))]
  }
  const mcs = el(
    'm:mcs',
    aligns.map((align) => el('m:mc', [el('m:mcPr', [val('m:count', '1'), val('m:mcJc', align)])])),
  )
  const matrixRows = rows.map(({ cells }) => el('m:mr', Array.from({ length: columns }, (_, column) => arg('m:e', cells[column] ? cellContent(cells[column]!) : []))))
  return [el('m:m', [el('m:mPr', [val('m:baseJc', 'center'), val('m:plcHide', '1'), mcs]), ...matrixRows])]
}

/**
 * A matrix cell. One that opens with a relation (`&= b` in aligned) gets an invisible operand
 * (U+200B) before it: LibreOffice reads a relation without a left operand as an error and
 * draws ¿; Word shows nothing, and pandoc drops it when reading.
 */
function cellContent(cell: MathElement): OmmlElement[] {
  const content = mergeRuns(row(elementsOf(cell)))
  const first = content[0]
  const text = first?.name === 'm:r' ? textOfRun(first) : ''
  if (/^[=≠<>≤≥≪≫≈≃≅≡∼∝∈∉⊂⊃⊆⊇→←↔⇒⇐⇔↦:]/u.test(text)) return [run('\u200B'), ...content]
  return content
}

function textOfRun(r: OmmlElement): string {
  const t = r.children[r.children.length - 1]
  return typeof t === 'string' || !t ? '' : String(t.children[0] ?? '')
}

/** Adjacent runs with the same properties become one, as Word writes them. */
export function mergeRuns(elements: OmmlElement[]): OmmlElement[] {
  const out: OmmlElement[] = []
  for (const element of elements) {
    const previous = out[out.length - 1]
    if (previous && element.name === 'm:r' && previous.name === 'm:r' && sameProperties(previous, element)) {
      const previousText = previous.children[previous.children.length - 1] as OmmlElement
      const text = element.children[element.children.length - 1] as OmmlElement
      previousText.children = [`${String(previousText.children[0] ?? '')}${String(text.children[0] ?? '')}`]
    } else out.push(element)
  }
  return out
}

function sameProperties(a: OmmlElement, b: OmmlElement): boolean {
  const props = (r: OmmlElement) => {
    const p = r.children[0] as OmmlElement
    return p.name === 'm:rPr' ? p.children.map((c) => `${(c as OmmlElement).name}=${(c as OmmlElement).attributes?.['m:val']}`).join() : ''
  }
  return props(a) === props(b)
}
