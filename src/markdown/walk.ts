/**
 * Every node of a tree, parents before children, in document order: what unist-util-visit
 * does, without its visitor protocol (no parent list, no skipping). The compiler reads the
 * whole tree a few times before compiling (images, headings, footnote references); on a
 * list-heavy MiB each unist-util-visit pass took ~50 ms, building a parent list for every node.
 * Iterative, so no depth overflows the stack.
 */
import type { Node, Parent } from 'unist'

export function walk(tree: Node, enter: (node: Node) => void): void {
  const stack: Node[] = [tree]
  while (stack.length > 0) {
    const node = stack.pop()!
    enter(node)
    const children = (node as Partial<Parent>).children
    if (children) for (let index = children.length - 1; index >= 0; index--) stack.push(children[index]!)
  }
}
