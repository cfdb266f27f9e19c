/**
 * The page's copy of the preview: the block list and the rendering (hast) of each block, kept
 * outside React and changed by the worker's patches. The preview component subscribes to it
 * (useSyncExternalStore), so a patch re-renders the preview alone — not the app around it —
 * and only the blocks it draws.
 */
import type { Root as HastRoot } from 'hast'
import { applyBlockPatch, bodyLength, type BlockPatch, type PreviewBlock } from '../markdown/preview-hast.js'
import { lastIndexWhere } from '../util/last-index.js'

/**
 * A block's rendering as the worker sends it: hast, or hast as JSON text, which is parsed when
 * the block is first drawn (the worker sends JSON: see HastJson in src/worker/protocol.ts).
 */
export type HastSource = HastRoot | string

export class PreviewStore {
  private blocks: PreviewBlock[] = []
  /**
   * Renderings by block key (equal blocks share one). Those of blocks gone are dropped by a
   * sweep once they outnumber the blocks, not counted block by block: counting the keys
   * of a patch of 100 000 blocks in a Map took 35–60 ms of the task that brought it.
   */
  private readonly hast = new Map<string, HastSource>()
  private version = 0
  /** Whether a render has come since the last clear (an empty list then means an empty document). */
  private drawn = false
  private readonly listeners = new Set<() => void>()

  /** Applies a worker patch and the renderings it brought. */
  apply(patch: BlockPatch, hast: Readonly<Record<string, HastSource>>): void {
    for (const [key, tree] of Object.entries(hast)) this.hast.set(key, tree)
    this.blocks = applyBlockPatch(this.blocks, patch)
    this.drawn = true
    this.sweep()
    this.changed()
  }

  /**
   * Renderings the worker sent after its patch (in parts). The worker sends only renderings of
   * blocks it knows the page has; one that comes after a newer patch removed its block is swept
   * with the others.
   */
  addHast(hast: Readonly<Record<string, HastSource>>): void {
    let added = false
    for (const [key, tree] of Object.entries(hast)) {
      this.hast.set(key, tree)
      added = true
    }
    if (!added) return
    this.sweep()
    this.changed()
  }

  /** Drops the renderings no block has, once there are more of them than blocks (amortised: a sweep is a pass over the blocks). */
  private sweep(): void {
    if (this.hast.size <= this.blocks.length * 2 + 256) return
    const keep = new Set<string>()
    for (const block of this.blocks) keep.add(block.key)
    for (const key of this.hast.keys()) if (!keep.has(key)) this.hast.delete(key)
  }

  /** Replaces everything (tests, and callers that lay out the whole document themselves). */
  set(blocks: readonly PreviewBlock[], hast: ReadonlyMap<string, HastSource>, drawn = true): void {
    this.blocks = [...blocks]
    this.drawn = drawn
    this.hast.clear()
    for (const block of blocks) {
      const tree = hast.get(block.key)
      if (tree) this.hast.set(block.key, tree)
    }
    this.changed()
  }

  clear(): void {
    this.set([], new Map(), false)
  }

  getBlocks(): readonly PreviewBlock[] {
    return this.blocks
  }

  /** The block's rendering, parsed now if it came as JSON (and kept parsed, so it stays the same object). */
  hastOf(key: string): HastRoot | undefined {
    const source = this.hast.get(key)
    if (typeof source !== 'string') return source
    const tree = JSON.parse(source) as HastRoot
    this.hast.set(key, tree)
    return tree
  }

  /** Whether the block's rendering has come (without parsing it). */
  hasHast(key: string): boolean {
    return this.hast.has(key)
  }

  /** The index of the first block that holds an element with this id, or -1. */
  indexOfId(id: string): number {
    return this.blocks.findIndex((block) => block.ids?.includes(id) === true)
  }

  /** The index of the last block (footnotes aside) starting at or before `line`, or -1. */
  indexOfLine(line: number): number {
    const blocks = this.blocks
    return lastIndexWhere(bodyLength(blocks), (index) => blocks[index]!.line <= line)
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  readonly getVersion = (): number => this.version

  /** A document was rendered and has nothing to show (the empty state's hint). */
  readonly isBlank = (): boolean => this.drawn && this.blocks.length === 0

  private changed(): void {
    this.version++
    for (const listener of this.listeners) listener()
  }
}
