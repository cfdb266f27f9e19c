import type { List } from 'mdast'
import { MAX_LIST_LEVEL, type ListKind } from '../numbering.js'
import type { Handler } from './types.js'

/**
 * A list: each one its own Word list instance (so it restarts), its items at the level its
 * nesting gives (Word has nine; deeper lists stay at the ninth, with a message). Tight lists
 * use the Compact style, loose ones Body Text spacing.
 */
export const list: Handler<List> = (state, node, context) => {
  const depth = context.listDepth
  if (depth > MAX_LIST_LEVEL) {
    state.warn(node, `List nested ${depth + 1} levels deep; Word has 9 list levels, so it is shown at the 9th`, 'list-too-deep')
  }
  const level = Math.min(depth, MAX_LIST_LEVEL)
  const kind: ListKind = node.ordered ? 'ordered' : node.children.length > 0 && node.children.every((item) => typeof item.checked === 'boolean') ? 'task' : 'bullet'
  const loose = node.spread === true || node.children.some((item) => item.spread === true)
  return state.blocks(node, {
    ...context,
    listDepth: depth + 1,
    list: state.numbering.list(node, kind, level, state.previousSibling?.type === 'list' ? state.previousSibling : undefined),
    paragraphStyle: context.inFootnote ? context.paragraphStyle : loose ? 'BodyText' : 'Compact',
  })
}
