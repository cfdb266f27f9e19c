/**
 * The footnotes section in parts, each a preview block, as long lists are (list-parts.ts): the
 * page draws a block whole, and 20 000 notes in one section (cut at 4 000 elements) took Chromium
 * 250 ms to lay out; a thesis's or a brief's thousand notes were cut. The first part holds the
 * section's heading and separator rule; each other part is a section of the class
 * FOOTNOTES_MORE (no rule, no gap: preview.css) whose list starts at its first note's number.
 */
import type { Element, ElementContent, Root as HastRoot } from 'hast'
import { LIST_PART_MORE } from './list-parts.js'
import { groupBySize, treeSize } from '../../util/parts.js'

/** Elements of rendered notes one part holds, at most, unless one note alone is larger. */
export const FOOTNOTE_PART_ELEMENTS = 300

/** The class of every part of the section after the first. */
export const FOOTNOTES_MORE = 'footnotes-more'

/** The section (the rendering of all notes, sanitised) as one root per part; one part when it is short. */
export function footnoteParts(section: HastRoot): HastRoot[] {
  const element = section.children.find((child): child is Element => child.type === 'element' && child.tagName === 'section')
  const listIndex = element?.children.findIndex((child) => child.type === 'element' && child.tagName === 'ol') ?? -1
  if (!element || listIndex < 0) return [section]
  const list = element.children[listIndex] as Element
  const items = list.children.filter((child): child is Element => child.type === 'element' && child.tagName === 'li')
  const groups = groupBySize(items, (item) => treeSize(item, (node) => node.type === 'element'), FOOTNOTE_PART_ELEMENTS)
  if (groups.length < 2) return [section]
  const start = typeof list.properties.start === 'number' ? list.properties.start : 1
  let offset = 0
  return groups.map((group, index) => {
    const part: Element = { ...list, properties: { ...list.properties }, children: interleave(group) }
    if (index > 0) part.properties.start = start + offset
    // No gap below a part another follows, as in a long list's parts.
    if (index < groups.length - 1) part.properties.className = [...classesOf(list), LIST_PART_MORE]
    offset += group.length
    const children: ElementContent[] = index === 0 ? [...element.children.slice(0, listIndex), part] : [part]
    const className = index === 0 ? element.properties.className : [...classesOf(element), FOOTNOTES_MORE]
    return { type: 'root', children: [{ ...element, properties: { ...element.properties, className }, children }] }
  })
}

/** Items with a line break between them, as mdast-util-to-hast writes a list. */
function interleave(items: Element[]): ElementContent[] {
  const out: ElementContent[] = [{ type: 'text', value: '\n' }]
  for (const item of items) out.push(item, { type: 'text', value: '\n' })
  return out
}

function classesOf(element: Element): string[] {
  const value = element.properties.className
  return Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : []
}
