/**
 * Lays a document out in preview blocks, incrementally: a layouter keeps the last tree's
 * top-level nodes with their facts, content keys and renderings, and on the next tree (from
 * the chunked parser, which hands back the very same node objects for text that did not
 * change) it looks only at the nodes between the unchanged start and end. The document-wide
 * context (heading slugs, definitions, footnote numbers) is computed again only when those
 * nodes hold headings, definitions or footnotes; otherwise every other block keeps its key
 * without being looked at. Per keystroke in a 1 MiB document that is a few identity checks
 * per block instead of hashing and keying all of them.
 */
import type { Root, RootContent } from 'mdast'
import {
  blockKey,
  dependsOnContext,
  environment,
  factsOf,
  footnoteSection,
  headingText,
  renderedBlock,
  shapesContext,
  type Environment,
  type NodeFacts,
  type OutlineEntry,
  type PreviewBlock,
  type PreviewCache,
  type PreviewLayout,
  type RenderedBlock,
} from './blocks.js'

/** What a layout pass did, for tests and timings. */
export interface LayoutStats {
  /** Top-level nodes looked at (not known from the previous tree). */
  visited: number
  /** Whether the document-wide context was computed again. */
  context: boolean
}

interface NodeState {
  node: RootContent
  facts: NodeFacts
  /** The block's key and rendering; undefined for nodes that make no block (definitions). */
  key: string | undefined
  rendered: RenderedBlock | undefined
}

export class PreviewLayouter {
  private nodes: NodeState[] = []
  private env: Environment | undefined
  private outline: OutlineEntry[] = []
  /** What the last update did. */
  stats: LayoutStats = { visited: 0, context: false }

  constructor(private readonly cache: PreviewCache) {}

  update(tree: Root, text: string): PreviewLayout {
    const children = tree.children
    const old = this.nodes
    const limit = Math.min(old.length, children.length)
    let head = 0
    while (head < limit && old[head]!.node === children[head]) head++
    let tail = 0
    while (tail < limit - head && old[old.length - 1 - tail]!.node === children[children.length - 1 - tail]) tail++
    const middle: NodeState[] = []
    for (let index = head; index < children.length - tail; index++) {
      const node = children[index]!
      middle.push({ node, facts: factsOf(node, text), key: undefined, rendered: undefined })
    }
    const removed = old.slice(head, old.length - tail)
    const rebuild = this.env === undefined || middle.some((state) => shapesContext(state.facts)) || removed.some((state) => shapesContext(state.facts))
    const nodes = old.length === 0 ? middle : [...old.slice(0, head), ...middle, ...old.slice(old.length - tail)]
    if (rebuild) this.env = environment(nodes.map((state) => state.facts))
    const env = this.env!
    for (let index = 0; index < nodes.length; index++) {
      const state = nodes[index]!
      const fresh = index >= head && index < head + middle.length
      if (!fresh && !(rebuild && dependsOnContext(state.facts))) continue
      const node = state.node
      if (node.type === 'definition' || node.type === 'footnoteDefinition' || !node.position) continue
      const key = blockKey(state.facts, env)
      if (key !== state.key || !state.rendered) {
        state.key = key
        state.rendered = renderedBlock(node, state.facts, key, env, text, this.cache)
      }
    }
    this.nodes = nodes
    this.stats = { visited: middle.length, context: rebuild }

    const blocks: PreviewBlock[] = []
    let words = 0
    let characters = 0
    for (const state of nodes) {
      const { key, rendered, node } = state
      if (key === undefined || !rendered || !node.position) continue
      words += rendered.words
      characters += rendered.characters
      blocks.push({ key, line: node.position.start.line, endLine: node.position.end.line, kind: 'block', rows: rendered.rows, ...(rendered.ids.length > 0 ? { ids: rendered.ids } : {}) })
    }
    const footnotes = footnoteSection(env, text, this.cache)
    if (footnotes) {
      blocks.push(footnotes.block)
      words += footnotes.rendered.words
      characters += footnotes.rendered.characters
    }
    this.outline = outlineOf(env, rebuild ? undefined : this.outline)
    return { blocks, outline: this.outline, words, characters }
  }

  /** The keys of the current blocks' renderings (what the cache must keep). */
  keys(): Set<string> {
    const keys = new Set<string>()
    for (const state of this.nodes) if (state.key !== undefined) keys.add(state.key)
    return keys
  }
}

/**
 * The outline: every heading with its slug and line. The previous array is returned when
 * nothing in it changed (an edit that moves no heading), so callers can compare by identity.
 */
function outlineOf(env: Environment, previous: OutlineEntry[] | undefined): OutlineEntry[] {
  const entries: OutlineEntry[] = []
  let same = previous !== undefined && previous.length === env.slugs.size
  let index = 0
  for (const [heading, slug] of env.slugs) {
    const line = heading.position?.start.line ?? 1
    const old = previous?.[index]
    if (same && old && old.line === line && old.slug === slug && old.depth === heading.depth) entries.push(old)
    else {
      same = false
      entries.push({ depth: heading.depth, text: headingText(heading), slug, line })
    }
    index++
  }
  return same && previous ? previous : entries
}

/** Lays the document out in blocks, rendering (into `cache`) those whose key is new. */
export function layoutPreview(tree: Root, text: string, cache: PreviewCache): PreviewLayout {
  return new PreviewLayouter(cache).update(tree, text)
}
