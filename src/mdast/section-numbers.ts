/**
 * Section numbers (pandoc's `number-sections`): 1, 1.1, 1.1.1…, counted the way pandoc counts
 * them — a heading raises its level's counter and resets the deeper ones; a level above it that
 * never had a heading counts 0 (`## A` before any `#` is 0.1); an unnumbered heading
 * (`{-}` or `{.unnumbered}`) neither takes a number nor raises a counter. The preview and the
 * compiler both number through here, so they agree; Word numbers the same way from its list
 * (numbering.xml), which is what keeps the numbers right when the document is edited there.
 */
import type { Heading } from 'mdast'
import { hasClass } from './attributes.js'

/** Levels numbered: all six of Markdown's. */
export const NUMBERED_LEVELS = 6

/** Whether a heading is left out of the numbering (`{-}`, `{.unnumbered}`). */
export function isUnnumbered(heading: Heading): boolean {
  return hasClass(heading.data?.attributes, 'unnumbered')
}

/** The number of each numbered heading, for headings given in document order. */
export function sectionNumbers(headings: Iterable<Heading>): Map<Heading, string> {
  const counters = new Array<number>(NUMBERED_LEVELS).fill(0)
  const numbers = new Map<Heading, string>()
  for (const heading of headings) {
    if (isUnnumbered(heading)) continue
    const level = Math.min(Math.max(heading.depth, 1), NUMBERED_LEVELS) - 1
    counters[level]!++
    for (let deeper = level + 1; deeper < NUMBERED_LEVELS; deeper++) counters[deeper] = 0
    numbers.set(heading, counters.slice(0, level + 1).join('.'))
  }
  return numbers
}

/** `number-sections` in the front matter, read as pandoc reads it (a YAML boolean, or "true"). */
export function numberSectionsOf(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value
  if (value === 'true') return true
  if (value === 'false') return false
  return undefined
}
