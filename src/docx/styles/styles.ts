/**
 * styles.xml, written whole: every style markdocx uses, under pandoc's names (so a
 * reference.docx made for pandoc restyles our output too), each `basedOn` defined, in the
 * element order ISO 29500 requires. docx's built-in styles are not used: they base character
 * styles on an undefined "DefaultParagraphFont" and lack most of what we need.
 */
import { calloutStyleIndents, calloutStyles } from '../callouts.js'
import { featureStyles } from './feature-styles.js'
import { tokenStyleDefinitions } from './highlight-styles.js'
import type { ResolvedOptions } from '../options.js'
import { languageAttributes } from '../text/rtl.js'

/** Left indent a paragraph style gives by itself, so direct indents are only written where they differ. */
export const STYLE_INDENT: Readonly<Record<string, number>> = { BlockText: 720, Definition: 720, ...calloutStyleIndents() }

/** Colours readable on white, close to GitHub's and Word's defaults. */
const COLORS = {
  heading: '1F3864',
  heading2: '2F5496',
  link: '0563C1',
  caption: '44546A',
  codeShade: 'F6F8FA',
  codeBorder: 'D0D7DE',
  inlineCodeShade: 'EFF1F3',
  quoteBorder: 'D0D7DE',
  quoteText: '404040',
  rule: 'A0A0A0',
  tableBorder: 'A6A6A6',
  tableHeaderShade: 'F2F2F2',
}

interface RunProps {
  font?: string
  bold?: boolean
  italic?: boolean
  color?: string
  /** Size in half-points. */
  size?: number
  underline?: boolean
  shade?: string
  vertAlign?: 'superscript' | 'subscript'
  noProof?: boolean
}

interface ParagraphProps {
  keepNext?: boolean
  keepLines?: boolean
  borderBottom?: { color: string; size: number; space: number }
  borderLeft?: { color: string; size: number; space: number }
  border?: { color: string; size: number; space: number }
  shade?: string
  tabs?: number[]
  spacing?: { before?: number; after?: number; line?: number }
  indent?: { left?: number; right?: number; hanging?: number; firstLine?: number }
  contextualSpacing?: boolean
  jc?: 'left' | 'center' | 'right' | 'both'
  outlineLevel?: number
}

export interface StyleDef {
  type: 'paragraph' | 'character' | 'table'
  id: string
  name: string
  basedOn?: string
  next?: string
  link?: string
  uiPriority?: number
  qFormat?: boolean
  /** A style of the document's own (pandoc's `custom-style`): `w:customStyle`, as Word marks its users' styles, so the import knows it. */
  custom?: boolean
  semiHidden?: boolean
  isDefault?: boolean
  pPr?: ParagraphProps
  rPr?: RunProps
  /** Table styles: raw tblPr / conditional formats (already in schema order). */
  tblPr?: string
  tblStylePr?: string
}

const esc = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

function border(name: string, b: { color: string; size: number; space: number }): string {
  return `<w:${name} w:val="single" w:sz="${b.size}" w:space="${b.space}" w:color="${b.color}"/>`
}

/** `w:rPr` children in schema order. */
function runXml(r: RunProps | undefined): string {
  if (!r) return ''
  let x = ''
  if (r.font) x += `<w:rFonts w:ascii="${esc(r.font)}" w:hAnsi="${esc(r.font)}" w:cs="${esc(r.font)}"/>`
  if (r.bold) x += '<w:b/><w:bCs/>'
  if (r.italic) x += '<w:i/><w:iCs/>'
  if (r.noProof) x += '<w:noProof/>'
  if (r.color) x += `<w:color w:val="${r.color}"/>`
  if (r.size) x += `<w:sz w:val="${r.size}"/><w:szCs w:val="${r.size}"/>`
  if (r.underline) x += '<w:u w:val="single"/>'
  if (r.shade) x += `<w:shd w:val="clear" w:color="auto" w:fill="${r.shade}"/>`
  if (r.vertAlign) x += `<w:vertAlign w:val="${r.vertAlign}"/>`
  return x ? `<w:rPr>${x}</w:rPr>` : ''
}

/** `w:pPr` children in schema order. */
function paragraphXml(p: ParagraphProps | undefined): string {
  if (!p) return ''
  let x = ''
  if (p.keepNext) x += '<w:keepNext/>'
  if (p.keepLines) x += '<w:keepLines/>'
  if (p.border || p.borderBottom || p.borderLeft) {
    x += '<w:pBdr>'
    if (p.border) x += border('top', p.border)
    if (p.border || p.borderLeft) x += border('left', (p.border ?? p.borderLeft)!)
    if (p.border || p.borderBottom) x += border('bottom', (p.border ?? p.borderBottom)!)
    if (p.border) x += border('right', p.border)
    x += '</w:pBdr>'
  }
  if (p.shade) x += `<w:shd w:val="clear" w:color="auto" w:fill="${p.shade}"/>`
  if (p.tabs?.length) x += `<w:tabs>${p.tabs.map((pos) => `<w:tab w:val="left" w:pos="${pos}"/>`).join('')}</w:tabs>`
  if (p.spacing) {
    const { before, after, line } = p.spacing
    x += `<w:spacing${before !== undefined ? ` w:before="${before}"` : ''}${after !== undefined ? ` w:after="${after}"` : ''}${line !== undefined ? ` w:line="${line}" w:lineRule="auto"` : ''}/>`
  }
  if (p.indent) {
    const { left, right, hanging, firstLine } = p.indent
    x += `<w:ind${left !== undefined ? ` w:left="${left}"` : ''}${right !== undefined ? ` w:right="${right}"` : ''}${hanging !== undefined ? ` w:hanging="${hanging}"` : ''}${firstLine !== undefined ? ` w:firstLine="${firstLine}"` : ''}/>`
  }
  if (p.contextualSpacing) x += '<w:contextualSpacing/>'
  if (p.jc) x += `<w:jc w:val="${p.jc}"/>`
  if (p.outlineLevel !== undefined) x += `<w:outlineLvl w:val="${p.outlineLevel}"/>`
  return x ? `<w:pPr>${x}</w:pPr>` : ''
}

function styleXml(s: StyleDef): string {
  let x = `<w:style w:type="${s.type}" w:styleId="${esc(s.id)}"${s.isDefault ? ' w:default="1"' : ''}${s.custom ? ' w:customStyle="1"' : ''}>`
  x += `<w:name w:val="${esc(s.name)}"/>`
  if (s.basedOn) x += `<w:basedOn w:val="${esc(s.basedOn)}"/>`
  if (s.next) x += `<w:next w:val="${esc(s.next)}"/>`
  if (s.link) x += `<w:link w:val="${esc(s.link)}"/>`
  if (s.uiPriority !== undefined) x += `<w:uiPriority w:val="${s.uiPriority}"/>`
  if (s.semiHidden) x += '<w:semiHidden/><w:unhideWhenUsed/>'
  if (s.qFormat) x += '<w:qFormat/>'
  x += paragraphXml(s.pPr)
  x += runXml(s.rPr)
  if (s.tblPr) x += s.tblPr
  if (s.tblStylePr) x += s.tblStylePr
  return `${x}</w:style>`
}

/** Tab stops every four characters of code, so tabs in code line up as they do in the preview. */
function codeTabs(sizeHalfPoints: number): number[] {
  // Monospace advance ≈ 0.55 em; four of them, in twips (1 pt = 20 twips, size is in half-points).
  const step = Math.round(4 * 0.55 * (sizeHalfPoints / 2) * 20)
  return Array.from({ length: 24 }, (_, n) => step * (n + 1))
}

/** Size of code (Source Code, Verbatim Char) in half-points: a point under the body text, at least 7 pt. */
export function codeSize(options: ResolvedOptions): number {
  return Math.max(14, Math.round(options.fontSize * 2) - 2)
}

/** Every style definition, in the order they are written. */
export function styleDefinitions(options: ResolvedOptions): StyleDef[] {
  const body = Math.round(options.fontSize * 2)
  const scale = (points: number) => Math.round(points * 2 * (options.fontSize / 11))
  const code = codeSize(options)
  const headings: StyleDef[] = [
    { size: 16, color: COLORS.heading, before: 480, after: 120 },
    { size: 14, color: COLORS.heading2, before: 360, after: 120 },
    { size: 12.5, color: COLORS.heading2, before: 280, after: 80 },
    { size: 11.5, color: COLORS.heading2, before: 240, after: 60, italic: true },
    { size: 11, color: COLORS.heading2, before: 200, after: 40 },
    { size: 11, color: COLORS.caption, before: 200, after: 40, italic: true },
  ].map((h, index) => ({
    type: 'paragraph',
    id: `Heading${index + 1}`,
    name: `heading ${index + 1}`,
    basedOn: 'Normal',
    next: 'BodyText',
    uiPriority: 9,
    qFormat: true,
    pPr: { keepNext: true, keepLines: true, spacing: { before: h.before, after: h.after }, outlineLevel: index },
    rPr: { bold: true, italic: h.italic ?? false, color: h.color, size: scale(h.size) },
  }))

  const all: StyleDef[] = [
    { type: 'paragraph', id: 'Normal', name: 'Normal', isDefault: true, qFormat: true },
    { type: 'character', id: 'DefaultParagraphFont', name: 'Default Paragraph Font', isDefault: true, uiPriority: 1, semiHidden: true },
    {
      type: 'table',
      id: 'TableNormal',
      name: 'Normal Table',
      isDefault: true,
      uiPriority: 99,
      semiHidden: true,
      tblPr: '<w:tblPr><w:tblInd w:w="0" w:type="dxa"/><w:tblCellMar><w:top w:w="0" w:type="dxa"/><w:left w:w="108" w:type="dxa"/><w:bottom w:w="0" w:type="dxa"/><w:right w:w="108" w:type="dxa"/></w:tblCellMar></w:tblPr>',
    },
    { type: 'paragraph', id: 'BodyText', name: 'Body Text', basedOn: 'Normal', link: 'BodyTextChar', qFormat: true, pPr: { spacing: { before: 0, after: 160, line: 264 } } },
    { type: 'character', id: 'BodyTextChar', name: 'Body Text Char', basedOn: 'DefaultParagraphFont', link: 'BodyText' },
    { type: 'paragraph', id: 'FirstParagraph', name: 'First Paragraph', basedOn: 'BodyText', next: 'BodyText', qFormat: true },
    { type: 'paragraph', id: 'Compact', name: 'Compact', basedOn: 'BodyText', qFormat: true, pPr: { spacing: { before: 36, after: 36 } } },
    { type: 'paragraph', id: 'Title', name: 'Title', basedOn: 'Normal', next: 'BodyText', qFormat: true, pPr: { keepNext: true, keepLines: true, spacing: { before: 480, after: 120 }, jc: 'center' }, rPr: { bold: true, color: COLORS.heading, size: scale(24) } },
    { type: 'paragraph', id: 'Subtitle', name: 'Subtitle', basedOn: 'Title', next: 'BodyText', qFormat: true, pPr: { spacing: { before: 120, after: 240 } }, rPr: { bold: false, size: scale(15), color: COLORS.caption } },
    { type: 'paragraph', id: 'Author', name: 'Author', basedOn: 'Normal', next: 'BodyText', qFormat: true, pPr: { keepNext: true, keepLines: true, jc: 'center', spacing: { after: 60 } } },
    { type: 'paragraph', id: 'Date', name: 'Date', basedOn: 'Normal', next: 'BodyText', qFormat: true, pPr: { keepNext: true, keepLines: true, jc: 'center', spacing: { after: 240 } } },
    { type: 'paragraph', id: 'Abstract', name: 'Abstract', basedOn: 'Normal', next: 'BodyText', qFormat: true, pPr: { keepNext: true, keepLines: true, spacing: { before: 240, after: 240 }, indent: { left: 720, right: 720 } }, rPr: { size: scale(10) } },
    ...headings,
    {
      type: 'paragraph',
      id: 'BlockText',
      name: 'Block Text',
      basedOn: 'BodyText',
      next: 'BodyText',
      uiPriority: 9,
      qFormat: true,
      pPr: { borderLeft: { color: COLORS.quoteBorder, size: 24, space: 10 }, spacing: { before: 80, after: 80 }, indent: { left: STYLE_INDENT.BlockText, right: 0 } },
      rPr: { color: COLORS.quoteText },
    },
    {
      type: 'paragraph',
      id: 'SourceCode',
      name: 'Source Code',
      basedOn: 'Normal',
      link: 'VerbatimChar',
      qFormat: true,
      // No keepLines here: the code handler keeps short blocks together (a long one kept whole would jump to the next page).
      pPr: {
        border: { color: COLORS.codeBorder, size: 4, space: 4 },
        shade: COLORS.codeShade,
        tabs: codeTabs(code),
        spacing: { before: 120, after: 200, line: 240 },
        contextualSpacing: false,
      },
      rPr: { font: options.codeFont, size: code, noProof: true },
    },
    { type: 'character', id: 'VerbatimChar', name: 'Verbatim Char', basedOn: 'DefaultParagraphFont', link: 'SourceCode', rPr: { font: options.codeFont, size: code, shade: COLORS.inlineCodeShade, noProof: true } },
    { type: 'character', id: 'Hyperlink', name: 'Hyperlink', basedOn: 'DefaultParagraphFont', uiPriority: 99, rPr: { color: COLORS.link, underline: true } },
    { type: 'paragraph', id: 'FootnoteText', name: 'footnote text', basedOn: 'Normal', link: 'FootnoteTextChar', uiPriority: 99, qFormat: true, pPr: { spacing: { after: 40 } }, rPr: { size: scale(9) } },
    { type: 'character', id: 'FootnoteTextChar', name: 'Footnote Text Char', basedOn: 'DefaultParagraphFont', link: 'FootnoteText', rPr: { size: scale(9) } },
    { type: 'character', id: 'FootnoteReference', name: 'footnote reference', basedOn: 'DefaultParagraphFont', uiPriority: 99, rPr: { vertAlign: 'superscript' } },
    { type: 'paragraph', id: 'Caption', name: 'caption', basedOn: 'Normal', next: 'BodyText', uiPriority: 35, qFormat: true, pPr: { spacing: { before: 60, after: 200 } }, rPr: { italic: true, color: COLORS.caption, size: scale(9) } },
    { type: 'paragraph', id: 'ImageCaption', name: 'Image Caption', basedOn: 'Caption', next: 'BodyText', qFormat: true, pPr: { jc: 'center' } },
    { type: 'paragraph', id: 'TableCaption', name: 'Table Caption', basedOn: 'Caption', next: 'BodyText', qFormat: true, pPr: { keepNext: true, spacing: { before: 200, after: 80 } } },
    { type: 'paragraph', id: 'Figure', name: 'Figure', basedOn: 'Normal', next: 'BodyText', qFormat: true, pPr: { spacing: { before: 120, after: 120 }, jc: 'center' } },
    { type: 'paragraph', id: 'CaptionedFigure', name: 'Captioned Figure', basedOn: 'Figure', next: 'ImageCaption', qFormat: true, pPr: { keepNext: true, spacing: { after: 0 } } },
    { type: 'paragraph', id: 'HorizontalRule', name: 'Horizontal Rule', basedOn: 'Normal', next: 'BodyText', qFormat: true, pPr: { borderBottom: { color: COLORS.rule, size: 6, space: 1 }, spacing: { before: 120, after: 240 } }, rPr: { size: 8 } },
    {
      type: 'table',
      id: 'Table',
      name: 'Table',
      basedOn: 'TableNormal',
      uiPriority: 59,
      qFormat: true,
      pPr: { spacing: { before: 0, after: 0 } },
      tblPr: `<w:tblPr><w:tblBorders>${['top', 'left', 'bottom', 'right', 'insideH', 'insideV'].map((side) => `<w:${side} w:val="single" w:sz="4" w:space="0" w:color="${COLORS.tableBorder}"/>`).join('')}</w:tblBorders><w:tblCellMar><w:top w:w="43" w:type="dxa"/><w:left w:w="86" w:type="dxa"/><w:bottom w:w="43" w:type="dxa"/><w:right w:w="86" w:type="dxa"/></w:tblCellMar></w:tblPr>`,
      tblStylePr: `<w:tblStylePr w:type="firstRow"><w:rPr><w:b/><w:bCs/></w:rPr><w:tblPr/><w:trPr><w:tblHeader/></w:trPr><w:tcPr><w:tcBorders><w:bottom w:val="single" w:sz="8" w:space="0" w:color="${COLORS.tableBorder}"/></w:tcBorders><w:shd w:val="clear" w:color="auto" w:fill="${COLORS.tableHeaderShade}"/></w:tcPr></w:tblStylePr>`,
    },
  ]
  return [...all, ...featureStyles(options, all.find((style) => style.id === 'Table')), ...calloutStyles(), ...tokenStyleDefinitions()]
}

/** The whole styles.xml part; `extra`: styles the document defines (custom styles). */
export function stylesXml(options: ResolvedOptions, lang = 'en-US', extra: readonly StyleDef[] = []): string {
  const size = Math.round(options.fontSize * 2)
  const font = esc(options.font)
  const language = languageAttributes(lang)
  const defaults =
    '<w:docDefaults>' +
    `<w:rPrDefault><w:rPr><w:rFonts w:ascii="${font}" w:hAnsi="${font}" w:eastAsiaTheme="minorEastAsia" w:cs="${font}"/><w:sz w:val="${size}"/><w:szCs w:val="${size}"/><w:lang w:val="${esc(language.val)}" w:eastAsia="${esc(language.eastAsia)}" w:bidi="${esc(language.bidi)}"/></w:rPr></w:rPrDefault>` +
    '<w:pPrDefault><w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr></w:pPrDefault>' +
    '</w:docDefaults>'
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
    defaults +
    [...styleDefinitions(options), ...extra].map(styleXml).join('') +
    '</w:styles>'
  )
}
