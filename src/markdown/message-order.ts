/**
 * The parser's messages in document order. Transforms run one after another over the whole
 * tree, so their messages come grouped by transform; the chunked parser gathers them chunk by
 * chunk. Sorting both by place (stable, placeless first) gives one order — the reader's.
 */
import type { Root } from 'mdast'
import type { VFile } from 'vfile'
import { append } from '../util/append.js'

export function remarkMessageOrder() {
  return (_tree: Root, file: VFile) => sortMessages(file)
}

/**
 * Sorts a file's messages by place, as the transform does: the chunked parser sorts the
 * messages it gathers from its pieces again, since a piece's placeless messages (first in the
 * piece) come after the placed ones of the pieces before it.
 */
export function sortMessages(file: VFile): void {
  if (file.messages.length < 2) return
  const key = (index: number) => {
    const place = file.messages[index]!.place
    const start = place ? ('start' in place ? place.start : place) : undefined
    return start ? [start.line ?? 0, start.column ?? 0] : [0, 0]
  }
  const order = file.messages.map((_, index) => index)
  order.sort((a, b) => {
    const [lineA, columnA] = key(a)
    const [lineB, columnB] = key(b)
    // Two messages at one place (two unpaired markers a transform reports together) come in
    // the order their transform found them, which a chunk's parse need not share: their text decides.
    const reasonA = file.messages[a]!.reason
    const reasonB = file.messages[b]!.reason
    return lineA! - lineB! || columnA! - columnB! || (reasonA < reasonB ? -1 : reasonA > reasonB ? 1 : a - b)
  })
  const sorted = order.map((index) => file.messages[index]!)
  file.messages.length = 0
  append(file.messages, sorted)
}
