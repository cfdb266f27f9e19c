/**
 * Where each block of the preview is, drawn or not: a block's height is what it measured when
 * it was last drawn (kept by content key), or an estimate from its size in text rows, scaled by
 * what the blocks measured so far averaged per row. Offsets are the sums of heights before
 * each block, in pixels from the top of the rendered document.
 */
import type { PreviewBlock } from '../markdown/preview-hast.js'
import { lastIndexWhere } from '../util/last-index.js'

/** Pixels per row before anything has been measured (11 pt text, 1.1 line height, margins). */
const DEFAULT_PER_ROW = 17

export class BlockGeometry {
  private readonly measured = new Map<string, number>()
  private measuredPixels = 0
  private measuredRows = 0
  private width = -1
  /**
   * The blocks the offsets were last asked for, with each one's measured height (NaN when
   * none) by index, the indices of blocks that share a content key (twins), and the offsets
   * made of them until a height changes. Offsets are asked for on every scroll and every slice
   * drawn: made afresh from the map each time, they held the page 0.2–0.4 s per scroll step on
   * 100 000 blocks.
   */
  private indexed: { blocks: readonly PreviewBlock[]; heights: Float64Array; rows: Float64Array; twins: Map<string, number[]> } | undefined
  private cached: Float64Array | undefined

  /** Measured heights are for one width of the page: another width forgets them. */
  setWidth(width: number): boolean {
    if (Math.abs(width - this.width) < 0.5) return false
    this.width = width
    this.measured.clear()
    this.measuredPixels = 0
    this.measuredRows = 0
    this.indexed = undefined
    this.cached = undefined
    return true
  }

  private perRow(): number {
    return this.measuredRows > 40 ? this.measuredPixels / this.measuredRows : DEFAULT_PER_ROW
  }

  /** Records the height of a drawn block (block `index` of the list drawn); true when it differs from what was assumed. */
  record(block: PreviewBlock, height: number, index?: number): boolean {
    const previous = this.measured.get(block.key)
    const indexed = this.indexed
    const here = indexed && index !== undefined && indexed.blocks[index] === block ? index : undefined
    // Already counted: indexing reads measured heights by key, and a first measure sets every twin.
    if (previous !== undefined && Math.abs(previous - height) < 0.5) return false
    this.cached = undefined
    if (previous === undefined) {
      this.measuredPixels += height
      this.measuredRows += block.rows
      if (here !== undefined) this.setHeight(indexed!, here, block.key, height)
      else this.indexed = undefined
    } else {
      // A height that changed: every block of this content changes with it.
      this.indexed = undefined
    }
    this.measured.set(block.key, height)
    return true
  }

  /**
   * Gives block `index` its height, and its twins too: equal blocks are equally tall. Counted at
   * one index alone, 600 equal parts of a long list summed to 2.6 million pixels until the list
   * was indexed again and to 1.1 million after, so the range drawn for one scroll position
   * jumped between the list's middle and its end.
   */
  private setHeight(indexed: NonNullable<BlockGeometry['indexed']>, index: number, key: string, height: number): void {
    indexed.heights[index] = height
    for (const twin of indexed.twins.get(key) ?? []) indexed.heights[twin] = height
  }

  /** Forgets heights of keys no longer shown, once there are many more than blocks. */
  prune(blocks: readonly PreviewBlock[]): void {
    if (this.measured.size < blocks.length * 2 + 512) return
    const keep = new Set(blocks.map((block) => block.key))
    for (const key of this.measured.keys()) if (!keep.has(key)) this.measured.delete(key)
  }

  /** offsets[i]: top of block i; offsets[blocks.length]: the whole height (the same array until a height changes). */
  offsets(blocks: readonly PreviewBlock[]): Float64Array {
    let indexed = this.indexed
    if (!indexed || indexed.blocks !== blocks) {
      // Rows too, so the sums after a height is measured read two typed arrays, not 100 000
      // block objects scattered in memory (15–20 ms a pass on the page).
      const heights = new Float64Array(blocks.length)
      const rows = new Float64Array(blocks.length)
      // Only keys held by more than one block get a list of indices.
      const first = new Map<string, number>()
      const twins = new Map<string, number[]>()
      for (let index = 0; index < blocks.length; index++) {
        const block = blocks[index]!
        heights[index] = this.measured.get(block.key) ?? Number.NaN
        rows[index] = block.rows
        const earlier = first.get(block.key)
        if (earlier === undefined) first.set(block.key, index)
        else {
          const list = twins.get(block.key)
          if (list) list.push(index)
          else twins.set(block.key, [earlier, index])
        }
      }
      indexed = this.indexed = { blocks, heights, rows, twins }
      this.cached = undefined
    }
    if (this.cached) return this.cached
    const perRow = this.perRow()
    const offsets = new Float64Array(blocks.length + 1)
    const { heights, rows } = indexed
    let top = 0
    for (let index = 0; index < blocks.length; index++) {
      offsets[index] = top
      const height = heights[index]!
      // Not measured yet: estimated from its size in text rows.
      top += Number.isNaN(height) ? Math.max(8, rows[index]! * perRow) : height
    }
    offsets[blocks.length] = top
    this.cached = offsets
    return offsets
  }
}

/** Index of the last offset at or before `top` (0 when none), among offsets[0 … count-1]. */
export function indexAtOffset(offsets: Float64Array, count: number, top: number): number {
  return Math.max(0, lastIndexWhere(count, (index) => offsets[index]! <= top))
}
