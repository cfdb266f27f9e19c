/**
 * Blocks too large to lay out at once (markdown/preview/size-limits.ts): the preview keeps
 * their beginning and a note, the counts are of all of it, and the layout reports each cut as
 * a message at the block's source line.
 */
import type { Element, Root as HastRoot, RootContent } from 'hast'
import { describe, expect, it } from 'vitest'
import { MAX_HTML_TABLE_CELLS } from '../../src/mdast/table-limits.js'
import { layout } from '../support/preview-layout.js'
import { group, limitBlock, PREVIEW_LIMITS, WIDE_TABLE, WIDE_TABLE_COLUMNS } from '../../src/markdown/preview/size-limits.js'

function count(node: HastRoot | RootContent, tagName: string): number {
  let n = node.type === 'element' && node.tagName === tagName ? 1 : 0
  if ('children' in node) for (const child of node.children) n += count(child, tagName)
  return n
}

function toString(node: HastRoot | RootContent): string {
  if (node.type === 'text') return node.value
  return 'children' in node ? node.children.map(toString).join('') : ''
}

const cutNote = (hast: HastRoot) => hast.children.find((child): child is Element => child.type === 'element' && String(child.properties.className).includes('preview-cut'))

describe('preview size limits', () => {
  it('leaves ordinary blocks alone', () => {
    const { notes, hast } = layout('# Title\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nSome *text*.\n')
    expect(notes).toEqual([])
    expect(hast.every((tree) => cutNote(tree) === undefined)).toBe(true)
  })

  it('keeps PREVIEW_LIMITS.cells of a long table no wider than WIDE_TABLE_COLUMNS', () => {
    const row = (cell: (c: number) => string) => `|${Array.from({ length: 12 }, (_, c) => cell(c)).join('|')}|`
    const text = `${[row((c) => `h${c}`), row(() => '---'), ...Array.from({ length: 300 }, (_, r) => row((c) => `${r}.${c}`))].join('\n')}\n`
    const table = layout(text).hast[0]!
    const cells = count(table, 'td') + count(table, 'th')
    expect(cells).toBeLessThanOrEqual(PREVIEW_LIMITS.cells)
    expect(cells).toBeGreaterThan(PREVIEW_LIMITS.cells - 12)
  })

  it('shows a large table’s first rows and how many cells are left out', () => {
    const row = (cell: (c: number) => string) => `|${Array.from({ length: 100 }, (_, c) => cell(c)).join('|')}|`
    const text = `Intro\n\n${[row((c) => `h${c}`), row(() => '---'), ...Array.from({ length: 100 }, (_, r) => row((c) => `${r}.${c}`))].join('\n')}\n`
    const { notes, hast, blocks } = layout(text)
    const table = hast[1]!
    const cells = count(table, 'td') + count(table, 'th')
    // 100 columns: a wide table, which keeps fewer cells (it scrolls sideways, laid out at its natural width).
    expect(cells).toBeLessThanOrEqual(PREVIEW_LIMITS.wideCells)
    expect(cells).toBeGreaterThan(PREVIEW_LIMITS.wideCells - 100)
    expect(count(table, 'th')).toBe(100)
    expect(toString(cutNote(table)!)).toBe(`… ${group(10_100 - cells)} more cells — shown in the export`)
    expect(notes).toEqual([expect.objectContaining({ ruleId: 'preview-table-cut', severity: 'info', line: 3, column: 1 })])
    expect(notes[0]!.reason).toContain('10\u00a0100 cells')
    // The estimate of its height is of what is drawn.
    expect(blocks[1]!.rows).toBeLessThan(400)
  })

  it('says an HTML table over the export’s cell budget is written there as lines of text', () => {
    const row = `<tr>${'<td>x</td>'.repeat(50)}</tr>`
    const { notes, hast } = layout(`<table>${row.repeat(MAX_HTML_TABLE_CELLS / 50 + 1)}</table>\n`)
    expect(toString(cutNote(hast[0]!)!)).toMatch(/more cells — shown in the export, as lines of text$/)
    expect(notes[0]!.reason).toMatch(/the export has all of them, written as lines of text, a row a line/)
  })

  it('cuts a huge paragraph at a space, and counts all its words', () => {
    const text = `Before\n\n${'word '.repeat(100_000)}\n`
    const { notes, hast, words } = layout(text)
    const shown = toString(hast[1]!)
    expect(shown.length).toBeLessThan(PREVIEW_LIMITS.characters + 200)
    expect(shown).toMatch(/word…… \d[\d\u00a0]* more characters of this block — shown in the export$/)
    expect(words).toBe(100_001)
    expect(notes).toEqual([expect.objectContaining({ ruleId: 'preview-block-cut', line: 3 })])
  })

  it('stops a list of 8 000 items in one top-level item after the element limit, at the item’s line', () => {
    // One top-level item, so the list cannot be shown in parts (list-parts.ts); a list of many is (below).
    const text = `- top\n${Array.from({ length: 8000 }, (_, i) => `${'  '.repeat(1 + (i % 5))}- item ${i}`).join('\n')}`
    const { notes, hast } = layout(text)
    const list = hast[0]!
    expect(count(list, 'li')).toBeLessThan(PREVIEW_LIMITS.elements)
    expect(toString(cutNote(list)!)).toMatch(/^… [\d\u00a0]+ more elements and [\d\u00a0]+ more characters of this block — shown in the export$/)
    expect(notes).toHaveLength(1)
    expect(notes[0]!.line).toBeGreaterThan(1000)
    expect(notes[0]!.line).toBeLessThan(6000)
  })

  it('shows a list of 8 000 items, nested up to 5 deep, whole, in parts', () => {
    const text = Array.from({ length: 8000 }, (_, i) => `${'  '.repeat(i % 5)}- item ${i}`).join('\n')
    const { notes, hast } = layout(text)
    expect(notes).toEqual([])
    expect(hast.length).toBeGreaterThan(1)
    expect(hast.reduce((sum, tree) => sum + count(tree, 'li'), 0)).toBe(8000)
    expect(hast.every((tree) => cutNote(tree) === undefined)).toBe(true)
  })

  it('marks a table of more than WIDE_TABLE_COLUMNS columns to scroll sideways, and no narrower one', () => {
    const table = (columns: number) => `|${Array.from({ length: columns }, (_, c) => ` h${c} `).join('|')}|\n|${'---|'.repeat(columns)}\n|${Array.from({ length: columns }, (_, c) => ` ${c} `).join('|')}|\n`
    const tableOf = (tree: HastRoot) => tree.children.find((child): child is Element => child.type === 'element' && child.tagName === 'table')!
    expect(tableOf(layout(table(WIDE_TABLE_COLUMNS + 1)).hast[0]!).properties.className).toEqual([WIDE_TABLE])
    expect(tableOf(layout(table(WIDE_TABLE_COLUMNS)).hast[0]!).properties.className).toBeUndefined()
  })

  it('counts an emoji (outside the BMP, shaped through a fallback font) as 32 characters', () => {
    const emoji = (n: number) => `${'😀 '.repeat(n)}\n`
    expect(layout(emoji(1500)).notes).toEqual([])
    const { notes, hast } = layout(emoji(10_000))
    expect(notes).toHaveLength(1)
    const shown = [...toString(hast[0]!).matchAll(/😀/gu)].length
    expect(shown).toBeGreaterThan(PREVIEW_LIMITS.characters / 34)
    expect(shown).toBeLessThanOrEqual(PREVIEW_LIMITS.characters / 33)
    // Never half a pair.
    expect(toString(hast[0]!)).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/)
  })

  it('counts a letter of a right-to-left script, or U+FFFD, as 8 characters; CJK as 1', () => {
    const hebrew = (n: number) => `${'אבג '.repeat(n)}\n`
    expect(layout(hebrew(1500)).notes).toEqual([])
    const { notes, hast } = layout(hebrew(10_000))
    expect(notes).toHaveLength(1)
    const shown = [...toString(hast[0]!).matchAll(/[\u0590-\u05ff]/g)].length
    // Three letters (8 each) and a space a word: 25 per word.
    expect(shown).toBeGreaterThan((PREVIEW_LIMITS.characters / 25) * 3 - 300)
    expect(shown).toBeLessThanOrEqual((PREVIEW_LIMITS.characters / 25) * 3)
    expect(layout(`${'\ufffd'.repeat(10_000)}\n`).notes).toHaveLength(1)
    expect(layout(`${'中文 '.repeat(15_000)}\n`).notes).toEqual([])
  })

  it('counts a bidi control (override, isolate, mark) as 16 characters', () => {
    // RLO, a letter, RLM, LRI, x, PDI, space: 4 controls at 16, a Hebrew letter at 8, two at 1 — 74 a repeat.
    const repeat = '\u202e\u05d0\u200f\u2066x\u2069 '
    const { notes, hast } = layout(`${repeat.repeat(100_000)}\n`)
    expect(notes).toHaveLength(1)
    const shown = [...toString(hast[0]!).matchAll(/\u2066/g)].length
    expect(shown).toBeGreaterThan(PREVIEW_LIMITS.characters / 74 - 10)
    expect(shown).toBeLessThanOrEqual(PREVIEW_LIMITS.characters / 74)
    // A real paragraph's few marks cost nothing to speak of.
    expect(layout(`${'word \u200f'.repeat(2_000)}\n`).notes).toEqual([])
  })

  it('cuts 20 000 hard breaks', () => {
    const text = Array.from({ length: 20_000 }, (_, i) => `l${i}\\`).join('\n')
    const { hast, notes } = layout(text)
    expect(count(hast[0]!, 'br')).toBeLessThanOrEqual(PREVIEW_LIMITS.elements)
    expect(notes).toHaveLength(1)
  })

  it('counts inline elements thrice: one paragraph is laid out whole, list items each on their own', () => {
    // 3 000 links in one paragraph pass the elements limit (each counts 3); 3 000 list items do not.
    const links = Array.from({ length: 3000 }, (_, i) => `[l${i}](https://example.org/${i})`).join(' ')
    const paragraph = layout(`${links}\n`)
    expect(paragraph.notes).toHaveLength(1)
    expect(count(paragraph.hast[0]!, 'a')).toBeLessThanOrEqual(PREVIEW_LIMITS.elements / 3)
    const list = layout(`${Array.from({ length: 3000 }, (_, i) => `1. item ${i}`).join('\n\n')}\n`)
    expect(list.notes).toEqual([])
  })

  it('stops elements nested deeper than the depth limit', () => {
    // (The parser keeps quotes and lists over 32 deep as text; raw HTML can nest deeper.)
    let inner: Element = { type: 'element', tagName: 'div', properties: { dataRel: 0 }, children: [{ type: 'text', value: 'x' }] }
    for (let i = 0; i < 100; i++) inner = { type: 'element', tagName: 'div', properties: {}, children: [inner] }
    const tree: HastRoot = { type: 'root', children: [inner] }
    const cuts = limitBlock(tree)
    expect(count(tree, 'div')).toBe(PREVIEW_LIMITS.depth)
    expect(toString(cutNote(tree)!)).toBe(`… ${101 - PREVIEW_LIMITS.depth} more elements and 1 more characters of this block, nested over ${PREVIEW_LIMITS.depth} deep — shown in the export`)
    expect(cuts.map((cut) => cut.ruleId)).toEqual(['preview-block-cut'])
  })

  it('stops a run of thousands of combining marks', () => {
    const { hast, notes, characters } = layout(`a${'\u0301'.repeat(10_000)} end\n`)
    expect(toString(hast[0]!)).toMatch(new RegExp(`^a\u0301{32}…… [\\d\u00a0]+ more characters of this block — shown in the export$`, 'u'))
    expect(characters).toBeGreaterThan(10_000)
    expect(notes).toHaveLength(1)
  })

  it('says the line of the first element it leaves out, not of the list around it', () => {
    // A nested list from line 1, its items on lines 1…50: cut after some 20 elements, at an item's line.
    const item = (line: number): Element => ({ type: 'element', tagName: 'li', properties: { dataRel: line }, children: [{ type: 'text', value: `item ${line}` }] })
    const nested: Element = { type: 'element', tagName: 'ul', properties: { dataRel: 1 }, children: Array.from({ length: 50 }, (_, i) => item(i + 1)) }
    const tree: HastRoot = { type: 'root', children: [{ type: 'element', tagName: 'ul', properties: { dataRel: 0 }, children: [{ type: 'element', tagName: 'li', properties: { dataRel: 0 }, children: [nested] }] }] }
    const cuts = limitBlock(tree, { cells: 10, wideCells: 10, elements: 20, characters: 10_000, depth: 10 })
    expect(cuts).toHaveLength(1)
    const shown = nested.children.filter((child) => child.type === 'element' && child.tagName === 'li').length
    expect(cuts[0]!.rel).toBe(shown + 1)
  })

  it('cuts a table of 40 000 rows in one pass over its rows', () => {
    // Each dropped row used to filter its section again: 25 000 rows took 50 s in the worker.
    const cell = (tagName: string, value: string): Element => ({ type: 'element', tagName, properties: {}, children: [{ type: 'text', value }] })
    const row = (tagName: string, r: number): Element => ({ type: 'element', tagName: 'tr', properties: {}, children: [cell(tagName, `${r}a`), { type: 'text', value: '\n' }, cell(tagName, `${r}b`)] })
    const body: Element = { type: 'element', tagName: 'tbody', properties: {}, children: Array.from({ length: 40_000 }, (_, r) => row('td', r)) }
    const head: Element = { type: 'element', tagName: 'thead', properties: {}, children: [row('th', -1)] }
    const tree: HastRoot = { type: 'root', children: [{ type: 'element', tagName: 'table', properties: {}, children: [head, body] }] }
    const started = performance.now()
    const cuts = limitBlock(tree)
    // A hang guard, not a benchmark: the pass takes milliseconds; the old one took minutes.
    expect(performance.now() - started).toBeLessThan(4000)
    expect(cuts.map((cut) => cut.ruleId)).toEqual(['preview-table-cut'])
    expect(body.children).toHaveLength(PREVIEW_LIMITS.cells / 2 - 1)
    expect(toString(body.children.at(-1)!)).toBe(`${PREVIEW_LIMITS.cells / 2 - 2}a\n${PREVIEW_LIMITS.cells / 2 - 2}b`)
    expect(toString(cutNote(tree)!)).toBe(`… ${group(80_002 - PREVIEW_LIMITS.cells)} more cells — shown in the export`)
  })

  it('never splits a surrogate pair', () => {
    // An emoji counts 32 characters: three fit in 103.
    const tree: HastRoot = { type: 'root', children: [{ type: 'element', tagName: 'p', properties: {}, children: [{ type: 'text', value: '😀'.repeat(20) }] }] }
    const cuts = limitBlock(tree, { cells: 10, wideCells: 10, elements: 10, characters: 3 * 32 + 7, depth: 10 })
    expect(cuts).toHaveLength(1)
    const text = toString(tree.children[0]!)
    expect(text).toBe(`${'😀'.repeat(3)}…`)
  })

  it('shows all of a footnotes section of 2 400 notes, in parts, and cuts the paragraph of their references', () => {
    // (Over 5 000 brackets in a paragraph the parser keeps them as text: 2 400 references stay under it.)
    const text = `${Array.from({ length: 2400 }, (_, i) => `T[^n${i}].`).join(' ')}\n\n${Array.from({ length: 2400 }, (_, i) => `[^n${i}]: Note ${i}.`).join('\n')}\n`
    const { blocks, notes, hast } = layout(text)
    expect(blocks.at(-1)!.kind).toBe('footnotes')
    expect(blocks.every((block) => (block.elements ?? 0) <= PREVIEW_LIMITS.elements + 2)).toBe(true)
    // The paragraph of 2 400 references (4 800 elements) at its line; the notes are all shown.
    expect(notes.map((note) => note.ruleId)).toEqual(['preview-block-cut'])
    expect(notes[0]!.line).toBe(1)
    const parts = hast.filter((_, index) => blocks[index]!.kind === 'footnotes')
    expect(parts.length).toBeGreaterThan(10)
    expect(parts.reduce((sum, tree) => sum + count(tree, 'li'), 0)).toBe(2400)
  })
})
