/**
 * Word's list numbers, worked out paragraph by paragraph as Word does: the instances of one
 * abstract list share its counters (they continue each other — LibreOffice writes a list as a
 * first item in an instance that sets its start and the rest in one that does not); an
 * instance's `w:startOverride` for a level restarts that level the first time the instance is
 * used at it; an item resets the levels below it. The importer needs the numbers for `start`
 * (`5.`) and to tell a restarted list from a continued one; mammoth gives neither.
 */
import type { ListLevel, WordNumbering, WordStyle } from './word-styles.js'

export interface ListFacts {
  /** The list instance (`w:numId`). */
  numId: string
  /** 0–8. */
  level: number
  /** The item's number at its level. */
  value: number
  ordered: boolean
  /** What tells one list's look from another's: format and level text (`decimal %1.`). */
  look: string
  /** The number was set by the instance's own start (a list that restarts), not counted on. */
  restarted: boolean
  /** Where the level's text starts (twips), when the list says. */
  indent?: number
  /** A level that shows no number or bullet (pandoc indents an item's later paragraphs with one). */
  invisible: boolean
}

export type ListCounter = (numId: string, ilvl: number) => ListFacts | undefined

export function createListCounter(numbering: WordNumbering, styles: Map<string, WordStyle>): ListCounter {
  const counters = new Map<string, Array<number | undefined>>()
  /** Levels each instance has numbered already. */
  const seen = new Map<string, Set<number>>()

  function abstractOf(numId: string): { abstractId: string; levels: Map<number, ListLevel> } | undefined {
    let current = numId
    for (let hop = 0; hop < 8; hop++) {
      const num = numbering.nums.get(current)
      if (!num) return undefined
      const abstract = numbering.abstracts.get(num.abstractId)
      if (!abstract) return undefined
      if (abstract.numStyleLink === undefined) return { abstractId: num.abstractId, levels: abstract.levels }
      // A list that takes its levels from a numbering style (Word's multilevel list styles).
      const linked = styles.get(abstract.numStyleLink)?.numId
      if (linked === undefined || linked === current) return { abstractId: num.abstractId, levels: abstract.levels }
      current = linked
    }
    return undefined
  }

  return (numId, ilvl) => {
    if (numId === '0') return undefined
    const num = numbering.nums.get(numId)
    const abstract = abstractOf(numId)
    if (!num || !abstract) return undefined
    const level = Math.min(Math.max(ilvl, 0), 8)
    const override = num.overrides.get(level)
    const definition = override?.level ?? abstract.levels.get(level) ?? { start: 1, format: 'decimal', text: `%${level + 1}.` }
    let levels = counters.get(abstract.abstractId)
    if (!levels) counters.set(abstract.abstractId, (levels = []))
    let numbered = seen.get(numId)
    if (!numbered) seen.set(numId, (numbered = new Set()))
    const restarted = !numbered.has(level) && override?.startOverride !== undefined
    numbered.add(level)
    const previous = levels[level]
    const value = restarted ? override!.startOverride! : previous === undefined ? definition.start : previous + 1
    levels[level] = value
    for (let deeper = level + 1; deeper < levels.length; deeper++) levels[deeper] = undefined
    return { numId, level, value, ordered: definition.format !== 'bullet' && definition.format !== 'none', look: `${definition.format} ${definition.text}`, restarted, invisible: definition.format === 'none' || (definition.format === 'bullet' && definition.text.trim() === ''), ...(definition.indent !== undefined ? { indent: definition.indent } : {}) }
  }
}
