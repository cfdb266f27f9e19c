/**
 * Imported by the app's entry before the app itself (src/app/main.tsx, which then loads the app
 * with a dynamic import, so this runs before CodeMirror's modules are evaluated): hides
 * `navigator.scheduling.isInputPending` from @codemirror/language, and caps the idle time
 * `requestIdleCallback` reports (IDLE_SLICE_MS).
 *
 * Why: CodeMirror's background parser works in slices of up to 100 ms when the browser has
 * isInputPending (Chromium), yielding only when input is already waiting; with it absent (as in
 * Firefox and Safari) it works in requestIdleCallback slices bounded by the idle deadline (at
 * most 50 ms). Measured in Chromium on a 1 MiB README document typed into right after opening:
 * 53 main-thread tasks of 50–100 ms in 60 keystrokes (the parse of fenced code and HTML was
 * still catching up), each one holding back the preview and the next frame. The parser does
 * the same work either way; this only keeps its slices short. Nothing else in the app reads
 * the API. The override is on the page's own navigator object and only shadows the getter.
 */
const scheduling = (navigator as Navigator & { scheduling?: { isInputPending?: () => boolean } }).scheduling
if (scheduling && typeof scheduling.isInputPending === 'function') {
  Object.defineProperty(navigator, 'scheduling', { configurable: true, enumerable: true, get: () => undefined })
}

/**
 * The idle time a requestIdleCallback callback is told it has, at most. CodeMirror's background
 * parser works for the reported time less 5 ms (at least 25 ms), then finishes the step it is in
 * and, when the parse is done, builds the tree and redraws the highlighting in the same task.
 * With Chromium's 50 ms idle periods that made tasks of 99–106 ms after pasting 20 000 link
 * definitions (in a profile, most of it balancing the tree of 20 000 top-level blocks and the
 * redraw, after up to 45 ms of parsing); capped, the parse takes its minimum slice, and that
 * task was 61–70 ms. The parser does the same work in more, shorter slices. Nothing
 * else in the app uses requestIdleCallback; a caller that did would only be told less time.
 */
export const IDLE_SLICE_MS = 30

const nativeIdle = typeof window === 'undefined' ? undefined : window.requestIdleCallback
if (nativeIdle) {
  window.requestIdleCallback = (callback, options) =>
    nativeIdle.call(window, (deadline) => callback({ didTimeout: deadline.didTimeout, timeRemaining: () => Math.min(IDLE_SLICE_MS, deadline.timeRemaining()) }), options)
}

export {}
