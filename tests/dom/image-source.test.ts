/**
 * The worker's image cache (src/worker/image-source.ts): what loaded is kept; a failure is
 * remembered for exports prepared in the background and tried again for an export the user
 * asked for, once it is RETRY_FAILED_IMAGES_AFTER_MS old; a load given up (its signal aborted) is neither remembered nor handed to a later
 * caller. fetch is stubbed: no network.
 */
import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { RETRY_FAILED_IMAGES_AFTER_MS } from '../../src/worker/image-limits.js'
import { ImageSource } from '../../src/worker/image-source.js'

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47])

afterEach(() => {
  vi.unstubAllGlobals()
})

/** A stubbed fetch: each URL answers as `answer` says, counting calls. */
function stubFetch(answer: (url: string, signal: AbortSignal | undefined) => Promise<Response>): Map<string, number> {
  const calls = new Map<string, number>()
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    calls.set(url, (calls.get(url) ?? 0) + 1)
    return answer(url, init?.signal ?? undefined)
  })
  return calls
}

describe('ImageSource', () => {
  it('keeps what loaded', async () => {
    const calls = stubFetch(async () => new Response(PNG))
    const source = new ImageSource(undefined)
    expect(await source.load('doc', 'https://example.com/a.png')).toEqual(PNG)
    expect(await source.load('doc', 'https://example.com/a.png', undefined, true)).toEqual(PNG)
    expect(calls.get('https://example.com/a.png')).toBe(1)
  })

  it('remembers a failure for background exports, and tries it again when asked to once it is not fresh', async () => {
    let ok = false
    let time = 1000
    const calls = stubFetch(async () => (ok ? new Response(PNG) : new Response('gone', { status: 404 })))
    const source = new ImageSource(undefined, () => time)
    await expect(source.load('doc', 'https://example.com/b.png')).rejects.toThrow('the server answered 404')
    await expect(source.load('doc', 'https://example.com/b.png')).rejects.toThrow('the server answered 404')
    expect(calls.get('https://example.com/b.png')).toBe(1)
    ok = true
    // Asked for moments after it failed: not tried again (an export prepared with it stands).
    time += RETRY_FAILED_IMAGES_AFTER_MS - 1
    expect(source.recentlyFailed('https://example.com/b.png')).toBe(true)
    await expect(source.load('doc', 'https://example.com/b.png', undefined, true)).rejects.toThrow('the server answered 404')
    expect(calls.get('https://example.com/b.png')).toBe(1)
    time += 1
    expect(source.recentlyFailed('https://example.com/b.png')).toBe(false)
    expect(await source.load('doc', 'https://example.com/b.png', undefined, true)).toEqual(PNG)
    expect(calls.get('https://example.com/b.png')).toBe(2)
    expect(source.recentlyFailed('https://example.com/b.png')).toBe(false)
  })

  it('tries no failure again while the browser says it is offline, and every one once it says the network is back', async () => {
    let offline = true
    const calls = stubFetch(async () => new Response('gone', { status: 404 }))
    const source = new ImageSource(undefined, () => 0, () => offline)
    await expect(source.load('doc', 'https://example.com/d.png')).rejects.toThrow('the server answered 404')
    offline = false
    expect(source.recentlyFailed('https://example.com/d.png')).toBe(true)
    offline = true
    source.networkBack()
    expect(source.recentlyFailed('https://example.com/d.png')).toBe(true)
    offline = false
    expect(source.recentlyFailed('https://example.com/d.png')).toBe(false)
    await expect(source.load('doc', 'https://example.com/d.png', undefined, true)).rejects.toThrow('the server answered 404')
    expect(calls.get('https://example.com/d.png')).toBe(2)
    // Failed again just now: not tried by the next click.
    expect(source.recentlyFailed('https://example.com/d.png')).toBe(true)
  })

  it('neither remembers nor hands on a load that was given up', async () => {
    let hang = true
    const calls = stubFetch((_url, signal) =>
      hang
        ? new Promise<Response>((_resolve, reject) => signal?.addEventListener('abort', () => reject(new DOMException('This operation was aborted', 'AbortError'))))
        : Promise.resolve(new Response(PNG)),
    )
    const source = new ImageSource(undefined)
    const controller = new AbortController()
    const first = source.load('doc', 'https://example.com/c.png', controller.signal)
    controller.abort()
    // A caller after the abort (and before the rejection is handled) gets a load of its own.
    hang = false
    expect(await source.load('doc', 'https://example.com/c.png')).toEqual(PNG)
    await expect(first).rejects.toThrow('could not be downloaded')
    // And the aborted one left no remembered failure.
    expect(await source.load('doc', 'https://example.com/c.png')).toEqual(PNG)
    expect(calls.get('https://example.com/c.png')).toBe(2)
  })
})
