/**
 * Every node of a tree, parents before children, in document order: what unist-util-visit
 * does, without its parent lists. The parser and the compiler walk whole trees many times (each
 * chunk's labels and positions, image URLs, headings, footnote references); on a list-heavy MiB
 * each unist-util-visit pass took ~50 ms, building a parent list for every node. Iterative, so
 * no depth overflows the stack. `enter` returning `false` leaves that node's children out.
 */
import type { Node, Parent } from 'unist'

export function walk(tree: Node, enter: (node: Node) => boolean | void): void {
  const stack: Node[] = [tree]
  while (stack.length > 0) {
    const node = stack.pop()!
    if (enter(node) === false) continue
    const children = (node as Partial<Parent>).children
    if (children) for (let index = children.length - 1; index >= 0; index--) stack.push(children[index]!)
  }
}
