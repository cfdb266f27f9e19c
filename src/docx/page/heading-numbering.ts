/**
 * Numbered headings (pandoc's `number-sections`) as Word numbers them: one multilevel list —
 * 1, 1.1, 1.1.1… in legal style — whose levels are linked to the Heading 1…6 styles, and those
 * styles linked back to the list (`w:numPr` in the style). Headings carry no numbering of their
 * own: the style numbers them, so a heading added later in Word, or a paragraph given a Heading
 * style there, is numbered too, every number follows when sections move, and readers that take a
 * paragraph with its own `w:numPr` for a list item (pandoc) still read headings. An unnumbered
 * heading (`{-}`) steps out with `w:numId` 0.
 *
 * docx writes the list's definition (the numbering registry holds it) but gives a list a
 * `w:num` only when a paragraph names it, and gives out ids while it writes the document, after
 * styles.xml is built: so the `w:num` and the styles' links are added to the packed package
 * (package-edits.ts).
 */
import { AlignmentType, LevelFormat, LevelSuffix, type INumberingOptions } from 'docx'
import { NUMBERED_LEVELS } from '../../mdast/section-numbers.js'
import { attribute, elements } from '../ooxml/xml-scan.js'

type Level = INumberingOptions['config'][number]['levels'][number]

/** The reference of the heading list in the numbering registry. */
export const HEADING_LIST = 'headings'

/** The heading list's levels: `%1`, `%1.%2`… each followed by a space, levels 1–6 tied to Heading 1–6. */
export function headingLevels(): Level[] {
  return Array.from({ length: 9 }, (_, level): Level => ({
    level,
    format: LevelFormat.DECIMAL,
    text: Array.from({ length: level + 1 }, (__, n) => `%${n + 1}`).join('.'),
    alignment: AlignmentType.LEFT,
    suffix: LevelSuffix.SPACE,
    isLegalNumberingStyle: true,
    ...(level < NUMBERED_LEVELS ? { style: { style: `Heading${level + 1}` } } : {}),
  }))
}

export interface HeadingNumberingParts {
  styles: string
  numbering: string
}

/**
 * styles.xml with each Heading N style (under the id `styleId` gives it, for a template's
 * renamed styles) numbered by the heading list, and numbering.xml with a `w:num` of that list;
 * both unchanged when numbering.xml has no heading list.
 */
export function numberHeadings(parts: HeadingNumberingParts, styleId: (ours: string) => string = (id) => id): HeadingNumberingParts {
  const first = styleId('Heading1')
  const abstract = elements(parts.numbering, 'w:abstractNum').find((candidate) =>
    elements(candidate.inner, 'w:pStyle').some((pStyle) => attribute(pStyle.open, 'w:val') === first),
  )
  const abstractId = abstract && attribute(abstract.open, 'w:abstractNumId')
  if (abstractId === undefined) return parts
  const nums = elements(parts.numbering, 'w:num')
  let numId = nums.find((candidate) => elements(candidate.inner, 'w:abstractNumId').some((ref) => attribute(ref.open, 'w:val') === abstractId))?.open
  let numbering = parts.numbering
  if (numId === undefined) {
    const next = 1 + Math.max(0, ...nums.map((num) => Number(attribute(num.open, 'w:numId')) || 0))
    numId = `<w:num w:numId="${next}">`
    const end = numbering.lastIndexOf('</w:numbering>')
    if (end === -1) return parts
    numbering = `${numbering.slice(0, end)}<w:num w:numId="${next}"><w:abstractNumId w:val="${abstractId}"/></w:num>${numbering.slice(end)}`
  }
  return { styles: linkStyles(parts.styles, attribute(numId, 'w:numId')!, styleId), numbering }
}

function linkStyles(stylesXml: string, numId: string, styleId: (ours: string) => string): string {
  const headings = new Map(Array.from({ length: NUMBERED_LEVELS }, (_, level) => [styleId(`Heading${level + 1}`), level]))
  let out = stylesXml
  // From the end, so the offsets of the styles still to edit stay right.
  for (const style of elements(stylesXml, 'w:style').reverse()) {
    if (elements(style.inner, 'w:numPr').length > 0) continue
    const level = headings.get(attribute(style.open, 'w:styleId') ?? '')
    const basedOn = elements(style.inner, 'w:basedOn')[0]
    let numPr: string | undefined
    if (level !== undefined) numPr = `<w:numPr><w:ilvl w:val="${level}"/><w:numId w:val="${numId}"/></w:numPr>`
    // A style built on a heading (TOC Heading) would inherit its number: it steps out of the list.
    else if (basedOn && headings.has(attribute(basedOn.open, 'w:val') ?? '')) numPr = '<w:numPr><w:numId w:val="0"/></w:numPr>'
    if (numPr) out = out.slice(0, style.start) + withNumbering(style.outer, style.open, numPr) + out.slice(style.end)
  }
  return out
}

/** Elements a style's `w:pPr` holds before `w:numPr`, and those `w:style` holds before `w:pPr`. */
const BEFORE_NUMPR = ['w:pStyle', 'w:keepNext', 'w:keepLines', 'w:pageBreakBefore', 'w:framePr', 'w:widowControl']
const BEFORE_PPR = ['w:name', 'w:aliases', 'w:basedOn', 'w:next', 'w:link', 'w:autoRedefine', 'w:hidden', 'w:uiPriority', 'w:semiHidden', 'w:unhideWhenUsed', 'w:qFormat', 'w:locked', 'w:personal', 'w:personalCompose', 'w:personalReply', 'w:rsid']

/** A style with `numPr` put where the schema wants it: in its pPr (made if missing), after the elements that come first. */
function withNumbering(outer: string, open: string, numPr: string): string {
  const body = outer.slice(open.length, outer.length - '</w:style>'.length)
  const pPr = elements(body, 'w:pPr')[0]
  if (pPr && !pPr.open.endsWith('/>')) {
    const at = pPr.start + pPr.open.length + endOfLeading(pPr.inner, BEFORE_NUMPR)
    return open + body.slice(0, at) + numPr + body.slice(at) + '</w:style>'
  }
  if (pPr) return open + body.slice(0, pPr.start) + `<w:pPr>${numPr}</w:pPr>` + body.slice(pPr.end) + '</w:style>'
  const at = endOfLeading(body, BEFORE_PPR)
  return open + body.slice(0, at) + `<w:pPr>${numPr}</w:pPr>` + body.slice(at) + '</w:style>'
}

/** The offset just after the last of the leading child elements of `inner` named in `names`. */
function endOfLeading(inner: string, names: readonly string[]): number {
  let end = 0
  for (const name of names) for (const found of elements(inner, name)) end = Math.max(end, found.end)
  return end
}
