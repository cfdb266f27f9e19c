/**
 * The one binary search: the last index in [0, count) at which a predicate that holds for a
 * prefix of the indices (true… then false…) still holds, or -1 when it holds nowhere. Block
 * lines, scroll offsets and chunk cuts are all sorted, and every lookup asks this question.
 */
export function lastIndexWhere(count: number, holds: (index: number) => boolean): number {
  let low = 0
  let high = count - 1
  let found = -1
  while (low <= high) {
    const middle = (low + high) >> 1
    if (holds(middle)) {
      found = middle
      low = middle + 1
    } else high = middle - 1
  }
  return found
}
