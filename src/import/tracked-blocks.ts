/**
 * Word's tracked paragraph marks and table rows → CriticMarkup's shapes for changes that
 * span blocks, as markdocx's parser reads them (src/markdown/syntax/critic-spans.ts) and its
 * export writes them (src/docx/changes.ts):
 *
 * - a paragraph's tracked mark (the pre-pass's `r` marker) becomes its `criticMark`: an
 *   inserted mark is a paragraph break a reviewer made (Enter), a deleted one two paragraphs
 *   joined; the printer writes it as a change over the blank line (`one.{++` ¶ `++}Two`)
 *   where the paragraph's text does not say it already (`{++New paragraph.++}`);
 * - a table whose every row is tracked (the `w` markers) as inserted or deleted, and a list
 *   or quote whose every paragraph is — text and mark — is a whole block in a change:
 *   `{++` ¶ block ¶ `++}`. Rows tracked in a table that stays are kept with their text marked
 *   (a Markdown table cannot mark a row), with a message.
 */
import type { Heading, Nodes, Paragraph, Parent, RootContent } from 'mdast'
import type { ChangeKind, CriticChangeBlock } from '../mdast/nodes.js'
import { versionsOf, withoutDelimiters } from './critic-versions.js'
import type { TableModel } from './html-to-mdast.js'
import type { Marker } from './markers.js'
import type { MessageLog } from './messages.js'
import { append } from '../util/append.js'

const KIND: Record<string, ChangeKind> = { i: 'insertion', d: 'deletion' }

/** The block's mark marker (last in it) taken out and kept as its `criticMark`. */
export function takeParagraphMark(block: Paragraph | Heading, markerOf: (node: Nodes) => Marker | undefined): void {
  const found = takeMarkers(block, 'r', markerOf)
  const kind = found ? KIND[found.payload] : undefined
  if (kind) block.data = { ...block.data, criticMark: kind }
}

/**
 * The table's row markers taken out: the change every row shares (the table is a whole block
 * in it), or undefined; rows tracked in a table that stays are reported.
 */
export function takeRowChanges(model: TableModel, markerOf: (node: Nodes) => Marker | undefined, log: MessageLog): ChangeKind | undefined {
  const kinds = model.rows.map((row) => {
    let kind: ChangeKind | undefined
    for (const cell of row.cells) {
      const found = takeMarkers(cell, 'w', markerOf)
      kind ??= found ? KIND[found.payload] : undefined
    }
    return kind
  })
  const first = kinds[0]
  if (first && kinds.every((kind) => kind === first)) return first
  const tracked = kinds.filter((kind) => kind !== undefined).length
  if (tracked > 0) log.add('import-row-tracked', `${tracked} table row${tracked === 1 ? '' : 's'} inserted or deleted with tracked changes kept with only ${tracked === 1 ? 'its' : 'their'} text marked (a Markdown table cannot mark a row)`, 'warning')
  return undefined
}

/** A whole table in a change: its cells' text loses that change's delimiters (the block carries it). */
export function unmarkTable(model: TableModel, kind: ChangeKind): void {
  for (const row of model.rows) for (const cell of row.cells) cell.children = withoutDelimiters(cell.children, kind)
}

/**
 * A container's blocks (and, within, its quotes', items' and notes') with lists and quotes
 * that are wholly one change made `criticChangeBlock`s, and neighbouring change blocks of one
 * kind joined.
 */
export function wholeBlockChanges(blocks: RootContent[]): RootContent[] {
  const out: RootContent[] = []
  for (const block of blocks) {
    let made: RootContent = block
    const kind = block.type === 'list' || block.type === 'blockquote' ? wholly(block) : undefined
    if (kind && (block.type === 'list' || block.type === 'blockquote')) {
      unmark(block)
      made = changeBlock(kind, withoutDelimiters([block], kind) as CriticChangeBlock['children'])
    } else if ('children' in block && block.type !== 'paragraph' && block.type !== 'heading' && block.type !== 'criticChangeBlock') {
      for (const child of block.children as Nodes[]) if (child.type === 'listItem') child.children = wholeBlockChanges(child.children) as typeof child.children
      if (block.type === 'blockquote' || block.type === 'footnoteDefinition') block.children = wholeBlockChanges(block.children) as typeof block.children
    }
    const last = out[out.length - 1]
    if (made.type === 'criticChangeBlock' && last?.type === 'criticChangeBlock' && last.change === made.change) append(last.children, made.children)
    else out.push(made)
  }
  return out
}

export function changeBlock(kind: ChangeKind, children: CriticChangeBlock['children']): CriticChangeBlock {
  return { type: 'criticChangeBlock', change: kind, children }
}

/** The change every paragraph of a list or quote is in, text and mark; undefined if any is not, or it holds other blocks. */
function wholly(block: Parent): ChangeKind | undefined {
  let kind: ChangeKind | undefined
  let count = 0
  const stack: Nodes[] = [...(block.children as Nodes[])]
  while (stack.length > 0) {
    const node = stack.pop()!
    if (node.type === 'list' || node.type === 'listItem' || node.type === 'blockquote') {
      append(stack, node.children as Nodes[])
      continue
    }
    if (node.type !== 'paragraph' && node.type !== 'heading') return undefined
    const mark = node.data?.criticMark
    const versions = versionsOf(node.children)
    const own = mark === 'insertion' && versions.new && !versions.old ? 'insertion' : mark === 'deletion' && versions.old && !versions.new ? 'deletion' : undefined
    if (!own || (kind && own !== kind)) return undefined
    kind = own
    count++
  }
  return count > 0 ? kind : undefined
}

/** The paragraphs' marks go: inside a change block, the block carries them. */
function unmark(block: Nodes): void {
  const stack: Nodes[] = [block]
  while (stack.length > 0) {
    const node = stack.pop()!
    if ((node.type === 'paragraph' || node.type === 'heading') && node.data?.criticMark) {
      const { criticMark: _, ...rest } = node.data
      node.data = rest
    }
    if ('children' in node && node.type !== 'paragraph' && node.type !== 'heading') append(stack, node.children as Nodes[])
  }
}

/** Marker leaves of one kind taken out of a subtree; the first of them. */
function takeMarkers(root: Parent, kind: 'r' | 'w', markerOf: (node: Nodes) => Marker | undefined): Marker | undefined {
  let first: Marker | undefined
  const stack: Parent[] = [root]
  while (stack.length > 0) {
    const parent = stack.pop()!
    const children = parent.children as Nodes[]
    if (children.some((child) => markerOf(child)?.kind === kind)) {
      ;(parent as { children: Nodes[] }).children = children.filter((child) => {
        const found = markerOf(child)
        if (found?.kind !== kind) return true
        first ??= found
        return false
      })
    }
    for (const child of parent.children as Nodes[]) if ('children' in child) stack.push(child as Parent)
  }
  return first
}
