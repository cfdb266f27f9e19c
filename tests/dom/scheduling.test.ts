/**
 * What src/editor/scheduling.ts changes in the page before CodeMirror loads: the browser's
 * isInputPending hidden, and the idle time requestIdleCallback reports capped, so the editor's
 * background parse works in short slices.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'

type IdleCallback = (deadline: IdleDeadline) => void

const original = {
  requestIdleCallback: Object.getOwnPropertyDescriptor(window, 'requestIdleCallback'),
  scheduling: Object.getOwnPropertyDescriptor(navigator, 'scheduling'),
}

afterEach(() => {
  for (const [name, descriptor] of Object.entries(original)) {
    const target = name === 'scheduling' ? navigator : window
    if (descriptor) Object.defineProperty(target, name, descriptor)
    else Reflect.deleteProperty(target, name)
  }
  vi.resetModules()
})

/** Installs a browser's requestIdleCallback that hands every callback `remaining` ms, then loads the module. */
async function load(remaining: number, didTimeout = false): Promise<{ calls: { options: IdleRequestOptions | undefined }[]; sliceMs: number }> {
  const calls: { options: IdleRequestOptions | undefined }[] = []
  Object.defineProperty(window, 'requestIdleCallback', {
    configurable: true,
    writable: true,
    value: (callback: IdleCallback, options?: IdleRequestOptions) => {
      calls.push({ options })
      callback({ didTimeout, timeRemaining: () => remaining })
      return calls.length
    },
  })
  const { IDLE_SLICE_MS } = await import('../../src/editor/scheduling.js')
  return { calls, sliceMs: IDLE_SLICE_MS }
}

describe('idle slices', () => {
  it('reports at most IDLE_SLICE_MS of idle time, and less when the browser has less', async () => {
    const { calls, sliceMs } = await load(49.5)
    expect(sliceMs).toBeLessThan(50)
    const seen: number[] = []
    const id = window.requestIdleCallback((deadline) => seen.push(deadline.timeRemaining()), { timeout: 400 })
    expect(seen).toEqual([sliceMs])
    // The browser's own callback got the options and gave the id back, so cancelIdleCallback still works.
    expect(calls).toEqual([{ options: { timeout: 400 } }])
    expect(id).toBe(1)
  })

  it('passes a shorter idle time and didTimeout through', async () => {
    await load(7, true)
    const seen: [number, boolean][] = []
    window.requestIdleCallback((deadline) => seen.push([deadline.timeRemaining(), deadline.didTimeout]))
    expect(seen).toEqual([[7, true]])
  })
})

describe('isInputPending', () => {
  it('is hidden from the page, so CodeMirror falls back to idle slices', async () => {
    Object.defineProperty(navigator, 'scheduling', { configurable: true, value: { isInputPending: () => false } })
    await load(10)
    expect((navigator as Navigator & { scheduling?: unknown }).scheduling).toBeUndefined()
  })
})
