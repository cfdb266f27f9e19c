/**
 * What the page needs to know about a rendered block without drawing it: its word and
 * character counts, the element ids in it (so a `#slug` link or an outline jump can find a
 * block the page has not drawn yet) and a rough height in text rows.
 *
 * The rows are only an estimate, in the units of a nominal page line (CHARS_PER_ROW
 * characters): a page that draws only the blocks near its viewport sizes the others from it,
 * calibrating rows to pixels with the blocks it has measured (src/preview/geometry.ts).
 */
import type { Element, Root as HastRoot, RootContent as HastContent } from 'hast'
import { countText, type TextCounts } from './counts.js'

export interface BlockSummary extends TextCounts {
  rows: number
  ids: string[]
  /** Elements in the tree: what drawing it costs the page, roughly (a form control counts INPUT_WEIGHT). */
  elements: number
}

/**
 * What an `<input>` (a task item's box) counts for among a block's elements. Each is a React
 * component whose input React tracks and listens to, and a form control in Blink: the page
 * held 20 000 task items as 20 000 checkboxes, and drawing a slice of 800 elements of them
 * (some 400 items) took tasks of 90–160 ms, a third to a half of it garbage collection.
 */
export const INPUT_WEIGHT = 4

/** Characters on a line of body text on an A4 page at 11 pt, roughly. */
const CHARS_PER_ROW = 90

/** Elements whose text flows as one paragraph (their block children, if any, are counted on their own). */
const FLOWING = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'dt', 'dd', 'li', 'figcaption', 'summary', 'caption'])
/** Elements laid out as blocks around their children; each adds a little for its margins. */
const BLOCKS = new Set(['blockquote', 'ul', 'ol', 'dl', 'div', 'section', 'header', 'figure', 'details', 'table', 'nav'])

export function summarize(tree: HastRoot): BlockSummary {
  const ids: string[] = []
  const elements = collectIds(tree, ids)
  return { ...countText(tree), rows: Math.max(1, Math.round(rowsOf(tree) * 10) / 10), ids, elements }
}

/** Collects the ids; returns the number of elements. */
function collectIds(node: HastRoot | HastContent, into: string[]): number {
  let elements = 0
  if (node.type === 'element') {
    elements += node.tagName === 'input' ? INPUT_WEIGHT : 1
    const id = node.properties.id
    if (typeof id === 'string' && id !== '') into.push(id)
  }
  if ('children' in node) for (const child of node.children) elements += collectIds(child, into)
  return elements
}

function rowsOf(node: HastRoot | HastContent): number {
  if (node.type === 'text') return textRows(node.value.length)
  if (node.type !== 'element') return 'children' in node ? sum(node.children) : 0
  const element: Element = node
  switch (element.tagName) {
    case 'pre':
      return preRows(textOf(element)) + 0.6
    case 'tr':
      return rowOfCells(element)
    case 'hr':
      return 1.2
    case 'img': {
      const height = Number(element.properties.height)
      return Number.isFinite(height) && height > 0 ? height / 18 : 12
    }
    case 'br':
      return 1
  }
  if (FLOWING.has(element.tagName)) {
    const inline = element.children.every((child) => child.type !== 'element' || !isBlock(child))
    const heading = /^h[1-6]$/.test(element.tagName) ? 1.2 : 0
    return (inline ? textRows(textOf(element).length) : sum(element.children)) + 0.5 + heading
  }
  return sum(element.children) + (BLOCKS.has(element.tagName) ? 0.5 : 0)
}

function sum(children: readonly HastContent[]): number {
  let rows = 0
  for (const child of children) rows += rowsOf(child)
  return rows
}

function isBlock(element: Element): boolean {
  return FLOWING.has(element.tagName) || BLOCKS.has(element.tagName) || element.tagName === 'pre' || element.tagName === 'hr' || element.tagName === 'table'
}

function textRows(characters: number): number {
  return characters === 0 ? 0 : Math.ceil(characters / CHARS_PER_ROW)
}

/** Code wraps (the preview's code blocks are pre-wrap): each source line is at least one row. */
function preRows(text: string): number {
  let rows = 0
  for (const line of text.split('\n')) rows += Math.max(1, Math.ceil(line.length / CHARS_PER_ROW))
  return rows
}

/** A table row is as tall as its fullest cell, the width shared between the cells. */
function rowOfCells(row: Element): number {
  const cells = row.children.filter((child): child is Element => child.type === 'element')
  if (cells.length === 0) return 1
  const width = CHARS_PER_ROW / cells.length
  let rows = 1
  for (const cell of cells) rows = Math.max(rows, Math.ceil(textOf(cell).length / width))
  return rows + 0.4
}

function textOf(node: HastRoot | HastContent): string {
  if (node.type === 'text') return node.value
  if (!('children' in node)) return ''
  let text = ''
  for (const child of node.children) text += textOf(child)
  return text
}
