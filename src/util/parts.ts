/**
 * Splitting a long run of items (a list's items, the footnotes' notes) into parts of about
 * `limit`, each item whole, and sizing a tree for it: the preview lays such parts out as blocks of
 * their own (markdown/preview/list-parts.ts, footnote-parts.ts).
 */

/** Consecutive groups of `items`, each costing at most `limit` unless one item alone costs more. */
export function groupBySize<T>(items: readonly T[], cost: (item: T) => number, limit: number): T[][] {
  const groups: T[][] = []
  let size = 0
  for (const item of items) {
    const each = cost(item)
    if (groups.length === 0 || (size > 0 && size + each > limit)) {
      groups.push([])
      size = 0
    }
    groups[groups.length - 1]!.push(item)
    size += each
  }
  return groups
}

/** A node of a unist tree (mdast, hast), as far as counting goes. */
interface TreeNode {
  type: string
  children?: readonly TreeNode[]
}

/** The nodes of `root`'s tree that `counts` accepts (all by default), itself included; iterative, as trees may nest deeper than the stack allows. */
export function treeSize(root: TreeNode, counts: (node: TreeNode) => boolean = () => true): number {
  let size = 0
  const stack: TreeNode[] = [root]
  while (stack.length > 0) {
    const node = stack.pop()!
    if (counts(node)) size++
    if (node.children) for (const child of node.children) stack.push(child)
  }
  return size
}
