/**
 * Summaries of repeated timings: the median and the spread (fastest–slowest) of a few runs,
 * which on a shared two-core machine says more than a mean.
 */

export interface Summary {
  median: number
  min: number
  max: number
  runs: number
}

export function summarize(values: readonly number[]): Summary | undefined {
  if (values.length === 0) return undefined
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  const median = sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]!, runs: sorted.length }
}

/** `1.23 s (1.20–1.31)` or `85 ms (80–92)`; one run shows no spread. */
export function formatTime(summary: Summary | undefined): string {
  if (!summary) return '—'
  const unit = summary.median >= 1000 ? (ms: number) => (ms / 1000).toFixed(2) : (ms: number) => ms.toFixed(0)
  const suffix = summary.median >= 1000 ? ' s' : ' ms'
  const spread = summary.runs > 1 ? ` (${unit(summary.min)}–${unit(summary.max)})` : ''
  return `${unit(summary.median)}${suffix}${spread}`
}

export function formatMegabytes(bytes: number | undefined): string {
  if (bytes === undefined) return '—'
  return bytes < 10 * 1048576 ? `${(bytes / 1048576).toFixed(1)} MB` : `${Math.round(bytes / 1048576)} MB`
}

/** The p-th percentile (0–100) of some values, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[rank]!
}
