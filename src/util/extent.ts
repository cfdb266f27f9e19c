/**
 * The least and greatest of some numbers; undefined for none. `Math.min(...numbers)` passes every
 * number as an argument, and more than about 120 000 overflow the call stack (200 000 footnotes).
 */
export function extent(numbers: Iterable<number>): { min: number; max: number } | undefined {
  let min = Infinity
  let max = -Infinity
  for (const value of numbers) {
    if (value < min) min = value
    if (value > max) max = value
  }
  return min === Infinity ? undefined : { min, max }
}
