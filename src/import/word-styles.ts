/**
 * What the pre-pass needs to know of styles.xml and numbering.xml: each style's name, parent,
 * outline level and list; each list's levels (start, format, text) — so a paragraph's list
 * number can be worked out as Word does (numbering.ts).
 */
import { attribute, child, children, parseXml, type XmlElement } from './xml.js'

export interface WordStyle {
  id: string
  name: string
  type: string
  basedOn?: string
  /** Outline level 0–8 (a heading), from the style or its parents. */
  outlineLevel?: number
  /** The list the style's paragraphs belong to (`w:numPr` in the style). */
  numId?: string
  ilvl?: number
  /** `w:customStyle`: a style the document's author made (Word's users', pandoc's `custom-style`). */
  custom?: boolean
}

export interface ListLevel {
  start: number
  /** `decimal`, `bullet`, `lowerLetter`… */
  format: string
  /** `%1.`, `•`… */
  text: string
  /** Where the item's text starts (twips), from the level's own indentation. */
  indent?: number
}

export interface WordNumbering {
  /** numId → abstractNumId, and its level overrides. */
  nums: Map<string, { abstractId: string; overrides: Map<number, { startOverride?: number; level?: ListLevel }> }>
  /** abstractNumId → its levels, and the numbering style it stands for. */
  abstracts: Map<string, { levels: Map<number, ListLevel>; styleLink?: string; numStyleLink?: string }>
}

export function readStyles(xml: string | undefined): Map<string, WordStyle> {
  const styles = new Map<string, WordStyle>()
  if (xml === undefined) return styles
  const root = child(parseXml(xml), 'w:styles')
  for (const element of children(root, 'w:style')) {
    const id = attribute(element, 'w:styleId')
    if (id === undefined) continue
    const pPr = child(element, 'w:pPr')
    const numPr = child(pPr, 'w:numPr')
    const outline = attribute(child(pPr, 'w:outlineLvl'), 'w:val')
    const numId = attribute(child(numPr, 'w:numId'), 'w:val')
    const ilvl = attribute(child(numPr, 'w:ilvl'), 'w:val')
    const basedOn = attribute(child(element, 'w:basedOn'), 'w:val')
    const style: WordStyle = { id, name: attribute(child(element, 'w:name'), 'w:val') ?? id, type: attribute(element, 'w:type') ?? 'paragraph' }
    if (basedOn !== undefined) style.basedOn = basedOn
    const custom = attribute(element, 'w:customStyle')
    if (custom === '1' || custom === 'true' || custom === 'on') style.custom = true
    if (outline !== undefined && /^[0-8]$/.test(outline)) style.outlineLevel = Number(outline)
    if (numId !== undefined) style.numId = numId
    if (ilvl !== undefined && /^[0-8]$/.test(ilvl)) style.ilvl = Number(ilvl)
    styles.set(id, style)
  }
  return styles
}

/** A style and its parents, nearest first (a loop in basedOn ends the chain). */
export function styleChain(styles: Map<string, WordStyle>, id: string | undefined): WordStyle[] {
  const chain: WordStyle[] = []
  const seen = new Set<string>()
  let current = id
  while (current !== undefined && !seen.has(current) && chain.length < 32) {
    seen.add(current)
    const style = styles.get(current)
    if (!style) break
    chain.push(style)
    current = style.basedOn
  }
  return chain
}

export function readNumbering(xml: string | undefined): WordNumbering {
  const numbering: WordNumbering = { nums: new Map(), abstracts: new Map() }
  if (xml === undefined) return numbering
  const root = child(parseXml(xml), 'w:numbering')
  for (const element of children(root, 'w:abstractNum')) {
    const id = attribute(element, 'w:abstractNumId')
    if (id === undefined) continue
    const levels = new Map<number, ListLevel>()
    for (const lvl of children(element, 'w:lvl')) {
      const index = Number(attribute(lvl, 'w:ilvl') ?? '0')
      if (Number.isInteger(index) && index >= 0 && index <= 8) levels.set(index, readLevel(lvl))
    }
    const entry: { levels: Map<number, ListLevel>; styleLink?: string; numStyleLink?: string } = { levels }
    const styleLink = attribute(child(element, 'w:styleLink'), 'w:val')
    const numStyleLink = attribute(child(element, 'w:numStyleLink'), 'w:val')
    if (styleLink !== undefined) entry.styleLink = styleLink
    if (numStyleLink !== undefined) entry.numStyleLink = numStyleLink
    numbering.abstracts.set(id, entry)
  }
  for (const element of children(root, 'w:num')) {
    const id = attribute(element, 'w:numId')
    const abstractId = attribute(child(element, 'w:abstractNumId'), 'w:val')
    if (id === undefined || abstractId === undefined) continue
    const overrides = new Map<number, { startOverride?: number; level?: ListLevel }>()
    for (const override of children(element, 'w:lvlOverride')) {
      const index = Number(attribute(override, 'w:ilvl') ?? '0')
      if (!Number.isInteger(index) || index < 0 || index > 8) continue
      const start = attribute(child(override, 'w:startOverride'), 'w:val')
      const lvl = child(override, 'w:lvl')
      const entry: { startOverride?: number; level?: ListLevel } = {}
      if (start !== undefined && /^-?\d+$/.test(start)) entry.startOverride = Number(start)
      if (lvl) entry.level = readLevel(lvl)
      overrides.set(index, entry)
    }
    numbering.nums.set(id, { abstractId, overrides })
  }
  return numbering
}

function readLevel(lvl: XmlElement): ListLevel {
  const start = attribute(child(lvl, 'w:start'), 'w:val')
  const ind = child(child(lvl, 'w:pPr'), 'w:ind')
  const left = Number(attribute(ind, 'w:left') ?? attribute(ind, 'w:start') ?? 'NaN')
  return {
    ...(Number.isFinite(left) ? { indent: left } : {}),
    // The schema's default is 0, but writers that leave it out mean 1 (pandoc reads it so too).
    start: start !== undefined && /^-?\d+$/.test(start) ? Number(start) : 1,
    format: attribute(child(lvl, 'w:numFmt'), 'w:val') ?? 'decimal',
    text: attribute(child(lvl, 'w:lvlText'), 'w:val') ?? '',
  }
}
