/**
 * Lays a document out in preview blocks, incrementally: a layouter keeps the last tree's
 * top-level nodes with their facts, content keys and renderings, and on the next tree (from
 * the chunked parser, which hands back the very same node objects for text that did not
 * change) it looks only at the nodes it has not seen. The document-wide
 * context (heading slugs, definitions, footnote numbers) is computed again only when the
 * headings, definitions or footnotes it comes from changed; otherwise every other block keeps
 * its key without being looked at. Per keystroke in a 1 MiB document that is a few identity checks
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
  remapEnvironment,
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
import { groupBlocks } from './block-groups.js'
import { shapesNumbers } from './cross-references.js'
import { previewNodes } from './list-parts.js'
import type { PreviewCut } from './size-limits.js'
import type { Message } from '../messages.js'

/** What a layout pass did, for tests and timings. */
export interface LayoutStats {
  /** Top-level nodes looked at (not known from the previous tree). */
  visited: number
  /** Whether the document-wide context was computed again. */
  context: boolean
  /** Whether it changed, so that every block depending on it was keyed again. */
  rekeyed: boolean
}

interface NodeState {
  node: RootContent
  facts: NodeFacts
  /** The block's key and rendering; undefined for nodes that make no block (definitions). */
  key: string | undefined
  rendered: RenderedBlock | undefined
  /** The block as last laid out (kept while key and lines stay). */
  block?: PreviewBlock
}

export class PreviewLayouter {
  private nodes: NodeState[] = []
  private env: Environment | undefined
  /** The nodes the context was computed from, in order, and the content hashes of the top-level nodes holding them (see update). */
  private contributors: object[] = []
  private contents: string[] = []
  private outline: OutlineEntry[] = []
  /** The keys of the footnotes section's parts. */
  private footnoteKeys: string[] = []
  /** The keys of the groups of small blocks (block-groups.ts). */
  private groupKeys = new Set<string>()
  /** What the last update did. */
  stats: LayoutStats = { visited: 0, context: false, rekeyed: false }

  constructor(private readonly cache: PreviewCache) {}

  update(tree: Root, text: string): PreviewLayout {
    const previous = new Map<RootContent, NodeState>()
    for (const state of this.nodes) previous.set(state.node, state)
    // Nodes the parser handed back from the last tree keep what was worked out for them; the
    // others (the edited chunks, lists joined across chunks) are looked at.
    const nodes: NodeState[] = []
    const fresh: NodeState[] = []
    for (const node of previewNodes(tree.children)) {
      const known = previous.get(node)
      if (known) {
        previous.delete(node)
        nodes.push(known)
      } else {
        const state: NodeState = { node, facts: factsOf(node, text), key: undefined, rendered: undefined }
        nodes.push(state)
        fresh.push(state)
      }
    }
    // The context is a function of the headings, definitions and footnotes in document order.
    // The same objects in the same order (the parser's nodes are never changed, only moved)
    // give the very same context; other objects of the same content (a re-parsed chunk with a
    // heading in it) give the same slugs, definitions and numbers, so no block's key changes.
    const contributors: object[] = []
    const contents: string[] = []
    for (const state of nodes) {
      const facts = state.facts
      if (!shapesContext(facts)) continue
      contents.push(facts.hash)
      for (const item of facts.headings) contributors.push(item)
      for (const item of facts.definitions) contributors.push(item)
      for (const item of facts.footnoteDefinitions) contributors.push(item)
      for (const item of facts.footnoteReferences) contributors.push(item)
      // Numbered figures, tables, equations, listings and labels (cross-references.ts); the front matter (its words and numbering).
      for (const entry of facts.crossReferences) if (shapesNumbers(entry)) contributors.push(entry.node)
      if (facts.numberSections !== undefined) contributors.push(state.node)
    }
    const rebuild = this.env === undefined || !sameItems(contributors, this.contributors)
    const rekey = rebuild && !(this.env !== undefined && contributors.length === this.contributors.length && sameItems(contents, this.contents))
    if (rekey || this.env === undefined) this.env = environment(nodes.map((state) => state.facts))
    else if (rebuild) this.env = remapEnvironment(this.env, this.contributors, contributors)
    this.contributors = contributors
    this.contents = contents
    const env = this.env!
    const todo = rekey ? nodes.filter((state) => state.key === undefined || dependsOnContext(state.facts)) : fresh
    for (const state of todo) {
      const node = state.node
      if (node.type === 'definition' || node.type === 'footnoteDefinition' || !node.position) continue
      const key = blockKey(state.facts, env)
      if (key !== state.key || !state.rendered) {
        state.key = key
        state.rendered = renderedBlock(node, state.facts, key, env, text, this.cache)
      }
    }
    this.nodes = nodes
    this.stats = { visited: fresh.length, context: rebuild, rekeyed: rekey }

    let blocks: PreviewBlock[] = []
    const notes: Message[] = []
    let words = 0
    let characters = 0
    for (const state of nodes) {
      const { key, rendered, node } = state
      if (key === undefined || !rendered || !node.position) continue
      words += rendered.words
      characters += rendered.characters
      const line = node.position.start.line
      const endLine = node.position.end.line
      let block = state.block
      if (!block || block.key !== key || block.line !== line || block.endLine !== endLine) {
        block = { key, line, endLine, kind: 'block', rows: rendered.rows, elements: rendered.elements }
        if (rendered.ids.length > 0) block.ids = rendered.ids
        state.block = block
      }
      blocks.push(block)
      if (rendered.cuts) notes.push(...cutNotes(rendered.cuts, node.position.start))
    }
    // Past GROUP_FROM blocks, runs of small ones are drawn as one (block-groups.ts).
    this.groupKeys = new Set()
    blocks = groupBlocks(blocks, this.cache, this.groupKeys)
    const footnotes = footnoteSection(env, text, this.cache)
    this.footnoteKeys = footnotes.map((part) => part.block.key)
    for (const part of footnotes) {
      blocks.push(part.block)
      if (part.rendered.cuts) notes.push(...cutNotes(part.rendered.cuts, { line: part.block.line, column: 1 }))
      words += part.rendered.words
      characters += part.rendered.characters
    }
    this.outline = outlineOf(env, rekey ? undefined : this.outline)
    return { blocks, outline: this.outline, words, characters, notes }
  }

  /** The keys of the current blocks' renderings (what the cache must keep). */
  keys(): Set<string> {
    const keys = new Set<string>()
    for (const state of this.nodes) if (state.key !== undefined) keys.add(state.key)
    for (const key of this.footnoteKeys) keys.add(key)
    for (const key of this.groupKeys) keys.add(key)
    return keys
  }
}

/** A block's cuts as messages: at the block's start, or at the line of the element where the preview stops. */
function cutNotes(cuts: readonly PreviewCut[], start: { line: number; column: number }): Message[] {
  return cuts.map((cut) => ({ reason: cut.reason, ruleId: cut.ruleId, severity: 'info', line: start.line + cut.rel, column: cut.rel === 0 ? start.column : 1 }))
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false
  for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) return false
  return true
}

/**
 * The most characters of a heading the outline and the contents list show. A setext heading can
 * hold a whole pasted paragraph (100 000 lines of `key: value` under a `---`): laying out its
 * megabyte in the sidebar took the page 800 ms.
 */
export const MAX_OUTLINE_TEXT = 300

/** A heading's text as the outline shows it: cut at MAX_OUTLINE_TEXT characters, with an ellipsis. */
export function outlineText(text: string): string {
  if (text.length <= MAX_OUTLINE_TEXT) return text
  // Not between the two halves of a surrogate pair.
  const end = /[\uD800-\uDBFF]/.test(text[MAX_OUTLINE_TEXT - 1]!) ? MAX_OUTLINE_TEXT - 1 : MAX_OUTLINE_TEXT
  return `${text.slice(0, end).trimEnd()}…`
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
    const number = env.sectionNumbers?.get(heading)
    const text = outlineText(number ? `${number} ${headingText(heading)}` : headingText(heading))
    if (same && old && old.line === line && old.slug === slug && old.depth === heading.depth && old.text === text) entries.push(old)
    else {
      same = false
      entries.push({ depth: heading.depth, text, slug, line })
    }
    index++
  }
  return same && previous ? previous : entries
}

/** Lays the document out in blocks, rendering (into `cache`) those whose key is new. */
export function layoutPreview(tree: Root, text: string, cache: PreviewCache): PreviewLayout {
  return new PreviewLayouter(cache).update(tree, text)
}
