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

  /** Measured heights are for one width of the page: another width forgets them. */
  setWidth(width: number): boolean {
    if (Math.abs(width - this.width) < 0.5) return false
    this.width = width
    this.measured.clear()
    this.measuredPixels = 0
    this.measuredRows = 0
    return true
  }

  heightOf(block: PreviewBlock): number {
    return this.measured.get(block.key) ?? this.estimate(block)
  }

  estimate(block: PreviewBlock): number {
    const perRow = this.measuredRows > 40 ? this.measuredPixels / this.measuredRows : DEFAULT_PER_ROW
    return Math.max(8, block.rows * perRow)
  }

  /** Records a drawn block's height; true when it differs from what was assumed. */
  record(block: PreviewBlock, height: number): boolean {
    const previous = this.measured.get(block.key)
    if (previous !== undefined && Math.abs(previous - height) < 0.5) return false
    if (previous === undefined) {
      this.measuredPixels += height
      this.measuredRows += block.rows
    }
    this.measured.set(block.key, height)
    return true
  }

  /** Forgets heights of keys no longer shown, once there are many more than blocks. */
  prune(blocks: readonly PreviewBlock[]): void {
    if (this.measured.size < blocks.length * 2 + 512) return
    const keep = new Set(blocks.map((block) => block.key))
    for (const key of this.measured.keys()) if (!keep.has(key)) this.measured.delete(key)
  }

  /** offsets[i]: top of block i; offsets[blocks.length]: the whole height. */
  offsets(blocks: readonly PreviewBlock[]): Float64Array {
    const offsets = new Float64Array(blocks.length + 1)
    let top = 0
    for (let index = 0; index < blocks.length; index++) {
      offsets[index] = top
      top += this.heightOf(blocks[index]!)
    }
    offsets[blocks.length] = top
    return offsets
  }
}

/** Index of the last offset at or before `top` (0 when none), among offsets[0 … count-1]. */
export function indexAtOffset(offsets: Float64Array, count: number, top: number): number {
  return Math.max(0, lastIndexWhere(count, (index) => offsets[index]! <= top))
}
