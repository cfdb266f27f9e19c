/**
 * A line diff (longest common subsequence) in a plain form: `- ` lines only in the first text,
 * `+ ` lines only in the second, hunks separated by `@@`. Enough for the round-trip test to
 * record, and compare, exactly how a fixture's import differs from its original.
 */
export function lineDiff(a: string, b: string): string {
  const left = a.split('\n')
  const right = b.split('\n')
  const n = left.length
  const m = right.length
  // lengths[i][j]: LCS of left[i..] and right[j..].
  const lengths: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1))
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lengths[i]![j] = left[i] === right[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!)
    }
  }
  const out: string[] = []
  let i = 0
  let j = 0
  let inHunk = false
  const mark = () => {
    if (!inHunk) out.push('@@')
    inHunk = true
  }
  while (i < n || j < m) {
    if (i < n && j < m && left[i] === right[j]) {
      i++
      j++
      inHunk = false
    } else if (i < n && (j === m || lengths[i + 1]![j]! >= lengths[i]![j + 1]!)) {
      mark()
      out.push(`- ${left[i++]}`)
    } else {
      mark()
      out.push(`+ ${right[j++]}`)
    }
  }
  return out.join('\n')
}
