/**
 * Work done in steps: a generator that yields where its caller may pause (between the
 * document's top-level blocks) and returns its result. The compiler stays synchronous and
 * pure; whoever drives the steps decides whether to pause (the export worker does, to keep
 * the second core free while the user types).
 */
export type Steps<T> = Generator<void, T, undefined>

/** Runs the steps to the end without pausing. */
export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next()
    if (step.done) return step.value
  }
}
