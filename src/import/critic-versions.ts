/**
 * What a paragraph's inline content holds in the two versions of a reviewed text: the old one
 * (every change rejected) and the new one (every change accepted). The importer's trees hold
 * CriticMarkup as raw delimiters (`{++`, `++}`… as html leaves, phrasing.ts); the parser's as
 * `criticInsertion`/`criticDeletion` nodes: both are read, so the printer judges the imported
 * and the parsed tree alike. This mirrors the parser's rule (critic-spans.ts): a paragraph
 * whose text is all inserted gets an inserted paragraph mark without saying so, one all deleted
 * a deleted mark.
 */
import type { Nodes, PhrasingContent } from 'mdast'
import type { ChangeKind } from '../mdast/nodes.js'

export interface Versions {
  old: boolean
  new: boolean
}

type State = 'none' | 'ins' | 'del'

const DELIMITERS: Record<string, State> = { '{++': 'ins', '++}': 'none', '{--': 'del', '--}': 'none', '{~~': 'del', '~>': 'ins', '~~}': 'none' }

/** Whether the content has text in the old and in the new version. */
export function versionsOf(children: readonly PhrasingContent[]): Versions {
  const found: Versions = { old: false, new: false }
  let state: State = 'none'
  const visit = (nodes: readonly Nodes[], forced: State | undefined) => {
    for (const node of nodes) {
      if (node.type === 'html' && node.value in DELIMITERS) {
        state = DELIMITERS[node.value]!
        continue
      }
      if (node.type === 'criticInsertion' || node.type === 'criticDeletion') {
        visit(node.children, node.type === 'criticInsertion' ? 'ins' : 'del')
        continue
      }
      if ('children' in node && node.type !== 'criticComment' && node.children.length > 0) {
        visit(node.children as Nodes[], forced)
        continue
      }
      if ((node.type === 'text' && node.value.trim() === '') || (node.type === 'html' && node.value === '')) continue
      const now = forced ?? state
      if (now !== 'ins') found.old = true
      if (now !== 'del') found.new = true
    }
  }
  visit(children, undefined)
  return found
}

/** The paragraph mark a paragraph gets from its content alone, when Markdown says nothing more. */
export function impliedMark(children: readonly PhrasingContent[]): ChangeKind | undefined {
  const { old, new: neu } = versionsOf(children)
  return old && !neu ? 'deletion' : neu && !old ? 'insertion' : undefined
}

/** Content with one kind's delimiters taken out (it is all that change: a whole block carries it). */
export function withoutDelimiters<T extends Nodes>(nodes: T[], kind: ChangeKind): T[] {
  const drop = kind === 'insertion' ? new Set(['{++', '++}']) : new Set(['{--', '--}'])
  const out: T[] = []
  for (const node of nodes) {
    if (node.type === 'html' && drop.has(node.value)) continue
    if ('children' in node) (node as { children: Nodes[] }).children = withoutDelimiters(node.children as Nodes[], kind)
    out.push(node)
  }
  return out
}
