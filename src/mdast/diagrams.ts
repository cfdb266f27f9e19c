/**
 * Which code blocks are diagrams: a fenced block whose language is `mermaid` (```` ```mermaid ````,
 * as GitHub and pandoc filters write it, or pandoc's ```` ``` {.mermaid} ````). Read the same
 * way by the preview (which draws them) and the compiler (which embeds their picture), so the
 * two agree on what is a diagram.
 */
import type { Code, Root } from 'mdast'
import { hasClass, parseAttributes } from './attributes.js'
import { walk } from './walk.js'

/** The diagram languages markdocx draws. */
export type DiagramKind = 'mermaid'

/** The kind of diagram a code block holds, or undefined for ordinary code. */
export function diagramKind(node: Code): DiagramKind | undefined {
  const language = node.lang?.trim().split(/\s+/)[0]?.toLowerCase()
  if (language === 'mermaid') return 'mermaid'
  // pandoc's attribute syntax: read onto the node by the parser, or still in the info string (```` ``` {.mermaid} ````).
  if (hasClass(node.data?.attributes, 'mermaid')) return 'mermaid'
  if (node.lang?.startsWith('{')) {
    const block = parseAttributes(`${node.lang} ${node.meta ?? ''}`.trim())
    if (block && hasClass(block.attributes, 'mermaid')) return 'mermaid'
  }
  return undefined
}

/** A diagram's source as the renderer gets it: the block's text with line ends made `\n`. */
export function diagramSource(node: Code): string {
  return node.value.replace(/\r\n?/g, '\n')
}

/** What a rendered diagram is kept by: its kind and its source text (so equal diagrams are drawn once). */
export function diagramKey(kind: DiagramKind, source: string): string {
  return `${kind}\u0000${source}`
}

export interface DiagramBlock {
  kind: DiagramKind
  source: string
}

/** Every diagram of a tree, each distinct one once, in document order. */
export function diagramBlocks(tree: Root): DiagramBlock[] {
  const found = new Map<string, DiagramBlock>()
  walk(tree, (node) => {
    if (node.type !== 'code') return
    const code = node as Code
    const kind = diagramKind(code)
    if (!kind) return
    const source = diagramSource(code)
    const key = diagramKey(kind, source)
    if (!found.has(key)) found.set(key, { kind, source })
  })
  return [...found.values()]
}
