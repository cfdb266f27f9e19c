/**
 * How long the worker may take before the page gives up on it, terminates it and starts a
 * fresh one. A parse cannot be interrupted, only the whole worker; the budget is a backstop for
 * input that makes the parser or the compiler run away, not a target: it grows with the text,
 * so large real documents (30 000 footnotes take ~14 s to render in Chromium on a slow machine)
 * still render. `?render-budget=<ms>` in the app's URL sets the base for a session (tests use
 * it to provoke an overrun; a slow machine can raise it).
 */

export interface Budget {
  /** Milliseconds any request may take. */
  baseMs: number
  /** Extra milliseconds per million characters of text. */
  perMillionCharsMs: number
  /** Never more than this. */
  maxMs: number
}

export const RENDER_BUDGET: Budget = { baseMs: 20_000, perMillionCharsMs: 10_000, maxMs: 120_000 }
export const EXPORT_BUDGET: Budget = { baseMs: 120_000, perMillionCharsMs: 60_000, maxMs: 600_000 }

/** The milliseconds a request over `characters` of text may take. */
export function budgetFor(budget: Budget, characters: number): number {
  return Math.min(budget.maxMs, budget.baseMs + (budget.perMillionCharsMs * characters) / 1_000_000)
}

/** The render budget a page URL asks for (`?render-budget=300`), or the default. */
export function renderBudgetFromQuery(search: string): Budget {
  const value = Number(new URLSearchParams(search).get('render-budget'))
  if (!Number.isFinite(value) || value <= 0) return RENDER_BUDGET
  return { baseMs: value, perMillionCharsMs: 0, maxMs: value }
}
