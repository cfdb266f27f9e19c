/**
 * A long top-level list is shown as several preview blocks ("parts"), each a list of some of its
 * items, so the page draws and lays out only the parts in view. Why: the page draws a block whole,
 * and Chromium laid out a list of 4 000 elements (20 000 nested items, cut by size-limits.ts) in
 * 140–330 ms; a tight list of 2 500 links (an awesome-list README) was cut in the preview. Parts
 * look like the list they come from: an ordered part starts at its first item's number, every part
 * is loose or tight as the whole list is, and a part followed by another has no bottom margin
 * (`list-part-more`, preview.css). The export never sees parts (they are made for the preview only).
 */
import type { List, RootContent } from 'mdast'
import { groupBySize, treeSize } from '../../util/parts.js'

/** Nodes (of mdast, about the elements of its rendering) one part holds, at most, unless one item alone is larger. */
export const LIST_PART_NODES = 300

/** The class of a part that another part of the same list follows. */
export const LIST_PART_MORE = 'list-part-more'

/** Parts by list node: the parser hands back the same node for text that did not change, so a list is split once. */
const split = new WeakMap<List, readonly List[]>()

/** The top-level nodes as the preview lays them out: each long list replaced by its parts. */
export function previewNodes(children: readonly RootContent[]): RootContent[] {
  const out: RootContent[] = []
  for (const node of children) {
    if (node.type !== 'list' || node.children.length < 2) {
      out.push(node)
      continue
    }
    let parts = split.get(node)
    if (!parts) {
      parts = partsOf(node)
      split.set(node, parts)
    }
    for (const part of parts) out.push(part)
  }
  return out
}

function partsOf(list: List): readonly List[] {
  const items = list.children
  if (items.some((item) => !item.position)) return [list]
  const groups = groupBySize(items, (item) => treeSize(item), LIST_PART_NODES)
  if (groups.length < 2) return [list]
  // As mdast-util-to-hast decides for the whole list: loose if the list or any item is spread.
  const spread = list.spread === true || items.some((item) => item.spread === true)
  let offset = 0
  return groups.map((group, index) => {
    const more = index < groups.length - 1
    // mdast-util-to-hast sets the task-list class itself, but hProperties replace its className.
    const className = [...(group.some((item) => typeof item.checked === 'boolean') ? ['contains-task-list'] : []), LIST_PART_MORE]
    const part: List = {
      ...list,
      children: group,
      spread,
      position: { start: group[0]!.position!.start, end: group[group.length - 1]!.position!.end },
      ...(more ? { data: { ...list.data, hProperties: { ...list.data?.hProperties, className } } } : {}),
    }
    if (list.ordered && index > 0) part.start = (list.start ?? 1) + offset
    offset += group.length
    return part
  })
}
