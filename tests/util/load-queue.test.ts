/**
 * The load queue (src/util/load-queue.ts) against a local HTTP server with slow, failing and
 * hanging endpoints (tests/support/image-server.ts): no real network. Fetches are Node's, with
 * the queue's signal, as the CLI's loader does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadAll, type Settled } from '../../src/util/load-queue.js'
import { startImageServer, type ImageServer } from '../support/image-server.js'

let server: ImageServer

beforeAll(async () => {
  server = await startImageServer()
})
afterAll(async () => {
  await server.close()
})

/** Fetches a path of the test server with the queue's signal (a 500 throws, as loaders do). */
async function fetchBytes(url: string, signal: AbortSignal): Promise<number> {
  const response = await fetch(url, { signal })
  if (!response.ok) throw new Error(`the server answered ${response.status}`)
  return (await response.arrayBuffer()).byteLength
}

const url = (path: string) => `${server.origin}${path}`

function kinds<T>(results: Map<string, Settled<T>>): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const result of results.values()) {
    const kind = result.ok ? 'ok' : result.kind
    counts[kind] = (counts[kind] ?? 0) + 1
  }
  return counts
}

describe('loadAll', () => {
  it('never runs more loads at once than its concurrency, and loads them all', async () => {
    const before = server.maxInFlight()
    expect(before).toBe(0)
    const keys = Array.from({ length: 12 }, (_, i) => url(`/slow/60/bound-${i}.png`))
    let running = 0
    let most = 0
    const results = await loadAll(
      keys,
      async (key, signal) => {
        running++
        most = Math.max(most, running)
        try {
          return await fetchBytes(key, signal)
        } finally {
          running--
        }
      },
      { concurrency: 3 },
    )
    expect(kinds(results)).toEqual({ ok: 12 })
    expect(most).toBe(3)
    expect(server.maxInFlight()).toBeLessThanOrEqual(3)
    expect([...results.keys()]).toEqual(keys)
  })

  it('loads each key once however often it is given, and keeps first-seen order', async () => {
    const a = url('/ok/dedupe-a.png')
    const b = url('/ok/dedupe-b.png')
    const progress: Array<[number, number]> = []
    const results = await loadAll([a, b, a, a, b], fetchBytes, { onProgress: (done, total) => progress.push([done, total]) })
    expect([...results.keys()]).toEqual([a, b])
    expect(server.requests.get('/ok/dedupe-a.png')).toBe(1)
    expect(server.requests.get('/ok/dedupe-b.png')).toBe(1)
    expect(progress.map(([done]) => done)).toEqual([1, 2])
    expect(progress.every(([, total]) => total === 2)).toBe(true)
  })

  it('gives a hanging load up at its time limit, aborting the request', async () => {
    const started = performance.now()
    const results = await loadAll([url('/hang/timeout.png'), url('/ok/timeout-ok.png')], fetchBytes, { timeoutMs: 300 })
    const elapsed = performance.now() - started
    expect(results.get(url('/hang/timeout.png'))).toEqual({ ok: false, kind: 'timeout', reason: 'no answer within 0.3 s' })
    expect(results.get(url('/ok/timeout-ok.png'))?.ok).toBe(true)
    expect(elapsed).toBeLessThan(5_000)
    // The signal reached the request: the server saw the client hang up.
    await expect.poll(() => server.requests.get('/hang/timeout.png')).toBe(1)
    await expect.poll(() => server.abandoned()).toBeGreaterThanOrEqual(1)
  })

  it('drops the late result of a load that ignores its signal', async () => {
    const results = await loadAll(['stubborn'], () => new Promise<number>((resolve) => setTimeout(() => resolve(1), 400)), { timeoutMs: 50 })
    expect(results.get('stubborn')).toMatchObject({ ok: false, kind: 'timeout' })
  })

  it('turns failures into reasons, not rejections', async () => {
    const results = await loadAll([url('/fail/500.png'), url('/ok/fine.png'), 'http://127.0.0.1:1/closed.png'], fetchBytes, { timeoutMs: 5_000 })
    expect(results.get(url('/fail/500.png'))).toEqual({ ok: false, kind: 'failed', reason: 'the server answered 500' })
    expect(results.get(url('/ok/fine.png'))?.ok).toBe(true)
    expect(results.get('http://127.0.0.1:1/closed.png')).toMatchObject({ ok: false, kind: 'failed' })
  })

  it('stops at its deadline: loads running and waiting are given up, those done keep their value', async () => {
    const keys = [url('/ok/deadline-ok.png'), ...Array.from({ length: 10 }, (_, i) => url(`/hang/deadline-${i}.png`))]
    const started = performance.now()
    const results = await loadAll(keys, fetchBytes, { concurrency: 4, timeoutMs: 60_000, deadlineMs: 400 })
    expect(performance.now() - started).toBeLessThan(5_000)
    expect(kinds(results)).toEqual({ ok: 1, deadline: 10 })
    expect(results.get(keys[1]!)).toMatchObject({ reason: 'not loaded: the export stopped waiting for images after 0.4 s' })
    // Only the loads that had started reached the server.
    const hung = [...server.requests.keys()].filter((path) => path.startsWith('/hang/deadline-')).length
    expect(hung).toBeLessThanOrEqual(4)
  })

  it('is cancelled by its signal: what loaded stays, the rest is given up at once', async () => {
    const controller = new AbortController()
    const keys = [url('/ok/cancel-a.png'), url('/ok/cancel-b.png'), ...Array.from({ length: 6 }, (_, i) => url(`/hang/cancel-${i}.png`))]
    let loaded = 0
    const pending = loadAll(keys, fetchBytes, {
      concurrency: 8,
      signal: controller.signal,
      onProgress: (done) => {
        loaded = done
      },
    })
    await expect.poll(() => loaded).toBe(2)
    controller.abort()
    const results = await pending
    expect(kinds(results)).toEqual({ ok: 2, cancelled: 6 })
    expect(results.get(keys[2]!)).toMatchObject({ reason: 'not loaded: the export went on without waiting for it' })
  })

  it('given an aborted signal, loads nothing', async () => {
    const controller = new AbortController()
    controller.abort()
    let calls = 0
    const results = await loadAll(['a', 'b'], async () => ++calls, { signal: controller.signal })
    expect(calls).toBe(0)
    expect(kinds(results)).toEqual({ cancelled: 2 })
  })

  it('stops waiting for a group (a host) that left several loads in a row unanswered', async () => {
    const keys = Array.from({ length: 30 }, (_, i) => url(`/hang/group-${i}.png`))
    const started = performance.now()
    const results = await loadAll(keys, fetchBytes, { concurrency: 4, timeoutMs: 300, groupOf: (key) => new URL(key).host, groupTimeouts: 4 })
    // One round of time limits, not 30 / 4 of them.
    expect(performance.now() - started).toBeLessThan(3_000)
    expect(kinds(results)).toEqual({ timeout: 4, skipped: 26 })
    expect(results.get(keys[29]!)).toMatchObject({ reason: `not loaded: ${new URL(server.origin).host} did not answer for 4 earlier images` })
  })

  it('skips the rest of a group at once when a load says the group cannot be reached', async () => {
    const keys = Array.from({ length: 20 }, (_, i) => `https://down.example/${i}.png`).concat(['https://up.example/a.png'])
    let calls = 0
    const unreachable = new Error('download failed (ENOTFOUND)')
    const results = await loadAll(
      keys,
      async (key) => {
        calls++
        if (key.includes('down')) throw unreachable
        return 1
      },
      { concurrency: 1, groupOf: (key) => new URL(key).host, groupUnreachable: (error) => error === unreachable },
    )
    expect(calls).toBe(2)
    expect(kinds(results)).toEqual({ failed: 1, skipped: 19, ok: 1 })
    expect(results.get(keys[0]!)).toMatchObject({ reason: 'download failed (ENOTFOUND)' })
    expect(results.get(keys[19]!)).toMatchObject({ reason: 'not loaded: down.example could not be reached (download failed (ENOTFOUND))' })
  })

  it('a failure that does not condemn the group leaves its other loads alone', async () => {
    const keys = Array.from({ length: 5 }, (_, i) => url(`/fail/not-group-${i}.png`))
    const results = await loadAll(keys, fetchBytes, { concurrency: 2, groupOf: (key) => new URL(key).host, groupUnreachable: () => false })
    expect(kinds(results)).toEqual({ failed: 5 })
  })

  it('an answer from the group resets its count of timeouts', async () => {
    const keys = [url('/hang/reset-0.png'), url('/ok/reset-1.png'), url('/hang/reset-2.png'), url('/ok/reset-3.png')]
    const results = await loadAll(keys, fetchBytes, { concurrency: 1, timeoutMs: 150, groupOf: (key) => new URL(key).host, groupTimeouts: 2 })
    expect(kinds(results)).toEqual({ ok: 2, timeout: 2 })
  })

  it('an empty queue settles at once', async () => {
    expect((await loadAll([], fetchBytes, { deadlineMs: 10 })).size).toBe(0)
  })
})
