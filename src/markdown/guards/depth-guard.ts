/**
 * Flattens nesting deeper than the preview, the compiler and Word can take (each recurses per
 * level; thousands of levels overflow the stack). Containers and inline wrappers below the cap
 * give their children to their parent; the text is all kept, only the deepest structure goes.
 * Iterative, so the guard itself survives any depth.
 */
import type { Nodes, Parents, Root } from 'mdast'
import type { VFile } from 'vfile'

/** Nesting levels kept (Word has 9 list levels; a quote 64 deep is already past any reader). */
export const MAX_TREE_DEPTH = 64

/**
 * Every container that can hold its own kind, Markdown's and markdocx's own (fenced divs, spans,
 * tracked changes, definition lists): 5 000 nested `:::` fences overflowed the compiler.
 */
const WRAPPERS = new Set([
  'blockquote',
  'list',
  'listItem',
  'emphasis',
  'strong',
  'delete',
  'link',
  'linkReference',
  'footnoteDefinition',
  'fencedDiv',
  'bracketedSpan',
  'superscript',
  'subscript',
  'criticInsertion',
  'criticDeletion',
  'criticHighlight',
  'criticComment',
  'defList',
  'defListDescription',
])

/** An unwrapped definition list's terms stand as the paragraphs they read as. */
const asParagraph = (node: Nodes): Nodes => (node.type === 'defListTerm' ? ({ type: 'paragraph', children: node.children, ...(node.position ? { position: node.position } : {}) } as Nodes) : node)

export function remarkDepthGuard() {
  return (tree: Root, file: VFile) => {
    const flattened = flattenDeep(tree)
    if (flattened) {
      file.message(`Nesting deeper than ${MAX_TREE_DEPTH} levels was flattened; its text is kept`, {
        place: flattened.position,
        ruleId: 'nesting-too-deep',
        source: 'markdocx',
      })
    }
  }
}

/** Returns the first node that was flattened, if any. */
export function flattenDeep(tree: Root): Nodes | undefined {
  let first: Nodes | undefined
  const stack: Array<{ node: Parents; depth: number }> = [{ node: tree, depth: 0 }]
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!
    // A list keeps its items (the compiler numbers them); what is inside the items flattens.
    if (depth >= MAX_TREE_DEPTH && node.type !== 'list') {
      const children = node.children as Nodes[]
      if (children.some((child) => WRAPPERS.has(child.type))) {
        const replaced: Nodes[] = []
        for (const child of children) {
          if (WRAPPERS.has(child.type) && 'children' in child) {
            first ??= child
            // Unwrap repeatedly: a list's items' content, an item's blocks, an emphasis' text.
            // A stack, last child first (no shift, no spread: a wrapper may hold 100 000 children).
            const pending: Nodes[] = []
            const pushChildren = (parent: Parents) => {
              for (let index = parent.children.length - 1; index >= 0; index--) pending.push(parent.children[index] as Nodes)
            }
            pushChildren(child)
            while (pending.length > 0) {
              const inner = pending.pop()!
              if (WRAPPERS.has(inner.type) && 'children' in inner) pushChildren(inner)
              else replaced.push(asParagraph(inner))
            }
          } else replaced.push(child)
        }
        ;(node as { children: Nodes[] }).children = replaced
      }
    }
    for (const child of node.children as Nodes[]) if ('children' in child) stack.push({ node: child, depth: depth + 1 })
  }
  return first
}
