/**
 * Points (line, column) of source offsets, asked for in any order, each in logarithmic time: the
 * source's line starts are found once, on first use. A transform that cuts a text node into
 * many pieces needs a point per cut; counting lines from the node's start for each (pointAt)
 * costs the node's length per cut, so thousands of cuts in one paragraph were quadratic.
 */
import type { Point } from 'unist'
import { lastIndexWhere } from '../../util/last-index.js'

export class SourcePoints {
  private starts: number[] | undefined

  constructor(readonly source: string) {}

  /**
   * The point of `offset`, counted from `from`, a known point before it (a text node's start):
   * the same answer as pointAt(source, from, offset), whatever the source before `from` holds.
   */
  pointAt(from: Point, offset: number): Point {
    const starts = (this.starts ??= lineStarts(this.source))
    const base = from.offset!
    const line = lastIndexWhere(starts.length, (index) => starts[index]! <= offset)
    const fromLine = lastIndexWhere(starts.length, (index) => starts[index]! <= base)
    if (line === fromLine) return { line: from.line, column: from.column + offset - base, offset }
    return { line: from.line + line - fromLine, column: offset - starts[line]! + 1, offset }
  }
}

/** Where each line starts: after `\n`, `\r\n` or a lone `\r`, as micromark counts lines. */
function lineStarts(source: string): number[] {
  const starts = [0]
  if (!source.includes('\r')) {
    for (let at = source.indexOf('\n'); at !== -1; at = source.indexOf('\n', at + 1)) starts.push(at + 1)
    return starts
  }
  for (let at = 0; at < source.length; at++) {
    const code = source.charCodeAt(at)
    if (code === 10 || (code === 13 && source.charCodeAt(at + 1) !== 10)) starts.push(at + 1)
  }
  return starts
}
