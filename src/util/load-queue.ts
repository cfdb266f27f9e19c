/**
 * A queue for loads that wait on something else (the network, a disk, the page): each key once,
 * a bounded number at a time, each given a time limit, the whole given a deadline, and the lot
 * cancellable — and it never rejects: a load that failed, timed out, was not reached before the
 * deadline or was cancelled comes back as a failure with a reason a person understands, so the
 * caller can put a placeholder in its place. Pure (timers only): the loads are the caller's.
 */

export type Settled<T> = { ok: true; value: T } | { ok: false; reason: string; kind: FailureKind }

/**
 * Why a load has no value. Only `failed` says something about the thing loaded; the others say
 * the wait was cut short (a later try may succeed, so callers should not remember them).
 */
export type FailureKind = 'failed' | 'timeout' | 'deadline' | 'cancelled' | 'skipped'

export interface LoadQueueOptions {
  /** Loads running at once (default 6, at least 1). */
  concurrency?: number
  /** Milliseconds one load may take before it is given up (default none). */
  timeoutMs?: number
  /** Milliseconds the whole queue may take: loads still running or waiting then are given up (default none). */
  deadlineMs?: number
  /** Aborting it gives up every load still running or waiting (the ones done keep their value). */
  signal?: AbortSignal
  /** Called after each key settles: how many settled, of how many keys (each counted once). */
  onProgress?: (done: number, total: number) => void
  /**
   * The group a key belongs to (a URL's host): after `groupTimeouts` timeouts in a row in one
   * group, with no success between them, that group's waiting keys are skipped — a server that
   * hangs would otherwise cost a time limit for every one of its images.
   */
  groupOf?: (key: string) => string | undefined
  /** Timeouts in a row that give a group up (default 4). */
  groupTimeouts?: number
  /**
   * Whether a load's error says its whole group cannot be reached (a host name that does not
   * resolve, a refused connection): that group's other keys are then skipped at once. Offline,
   * or behind a resolver that drops queries, each such failure can cost seconds, once per image.
   */
  groupUnreachable?: (error: unknown) => boolean
}

/** Thrown (and caught) inside the queue when a load's wait is cut short. */
class CutShort extends Error {
  constructor(
    readonly kind: Exclude<FailureKind, 'failed'>,
    reason: string,
  ) {
    super(reason)
  }
}

/**
 * Loads every key (duplicates once) with `load`, which gets a signal that aborts when its wait
 * is cut short (a load that ignores it is still abandoned, its late result dropped). The map is
 * in the keys' first-seen order, whatever order the loads finished in.
 */
export async function loadAll<T>(keys: Iterable<string>, load: (key: string, signal: AbortSignal) => Promise<T>, options: LoadQueueOptions = {}): Promise<Map<string, Settled<T>>> {
  const unique = [...new Set(keys)]
  const results = new Map<string, Settled<T>>()
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 6))
  const groupLimit = Math.max(1, options.groupTimeouts ?? 4)
  /** Timeouts in a row per group. */
  const hung = new Map<string, number>()
  /** The loads of each group in flight, to give up together when their group is given up. */
  const running = new Map<string, Set<AbortController>>()
  /** Groups found unreachable, with the failure that showed it. */
  const unreachable = new Map<string, string>()
  const givenUp = (group: string) => {
    const failure = unreachable.get(group)
    return failure !== undefined ? `not loaded: ${group} could not be reached (${failure})` : `not loaded: ${group} did not answer for ${groupLimit} earlier images`
  }
  const giveUp = (group: string, except: AbortController) => {
    for (const other of running.get(group) ?? []) if (other !== except) other.abort(new CutShort('skipped', givenUp(group)))
  }
  // One controller for the whole queue: the deadline and the caller's cancel both abort it.
  const all = new AbortController()
  const stopAll = (kind: 'deadline' | 'cancelled', reason: string) => {
    if (!all.signal.aborted) all.abort(new CutShort(kind, reason))
  }
  const onCancel = () => stopAll('cancelled', 'not loaded: the export went on without waiting for it')
  if (options.signal?.aborted) onCancel()
  else options.signal?.addEventListener('abort', onCancel, { once: true })
  const deadline = options.deadlineMs !== undefined && unique.length > 0 ? setTimeout(() => stopAll('deadline', `not loaded: the export stopped waiting for images after ${seconds(options.deadlineMs!)}`), options.deadlineMs) : undefined

  const settle = (key: string, result: Settled<T>) => {
    results.set(key, result)
    options.onProgress?.(results.size, unique.length)
  }

  const one = async (key: string): Promise<void> => {
    if (all.signal.aborted) return settle(key, cutShort(all.signal.reason))
    const group = options.groupOf?.(key)
    if (group !== undefined && ((hung.get(group) ?? 0) >= groupLimit || unreachable.has(group))) {
      return settle(key, { ok: false, kind: 'skipped', reason: givenUp(group) })
    }
    const controller = new AbortController()
    if (group !== undefined) running.set(group, (running.get(group) ?? new Set()).add(controller))
    const forward = () => controller.abort(all.signal.reason)
    all.signal.addEventListener('abort', forward, { once: true })
    const timer = options.timeoutMs !== undefined ? setTimeout(() => controller.abort(new CutShort('timeout', `no answer within ${seconds(options.timeoutMs!)}`)), options.timeoutMs) : undefined
    try {
      const value = await abandonable(load(key, controller.signal), controller.signal)
      if (group !== undefined) hung.delete(group)
      settle(key, { ok: true, value })
    } catch (error) {
      // A loader that saw the abort throws its own error (an AbortError): the reason is the queue's.
      const cause = controller.signal.aborted ? controller.signal.reason : error
      if (cause instanceof CutShort && cause.kind === 'timeout' && group !== undefined) {
        const count = (hung.get(group) ?? 0) + 1
        hung.set(group, count)
        // Given up: its other loads in flight would only wait out their time limits too.
        if (count >= groupLimit) giveUp(group, controller)
      } else if (!controller.signal.aborted && group !== undefined && !unreachable.has(group) && options.groupUnreachable?.(error) === true) {
        unreachable.set(group, describe(error))
        giveUp(group, controller)
      }
      settle(key, cause instanceof CutShort ? cutShort(cause) : { ok: false, kind: 'failed', reason: describe(cause) })
    } finally {
      clearTimeout(timer)
      all.signal.removeEventListener('abort', forward)
      if (group !== undefined) running.get(group)?.delete(controller)
    }
  }

  let next = 0
  const worker = async () => {
    while (next < unique.length) await one(unique[next++]!)
  }
  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, unique.length) }, worker))
  } finally {
    clearTimeout(deadline)
    options.signal?.removeEventListener('abort', onCancel)
  }
  return new Map(unique.map((key) => [key, results.get(key)!]))
}

/** The load's promise, or a rejection as soon as the signal aborts (the load's late result is dropped). */
function abandonable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason)
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort)
        resolve(value)
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort)
        reject(error)
      },
    )
  })
}

function cutShort(reason: unknown): Settled<never> {
  if (reason instanceof CutShort) return { ok: false, kind: reason.kind, reason: reason.message }
  return { ok: false, kind: 'cancelled', reason: 'not loaded: cancelled' }
}

function seconds(ms: number): string {
  const value = Math.round(ms / 100) / 10
  return `${value} s`
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message || error.name
  return String(error)
}
