/**
 * Imported by the app's entry before the app itself (src/app/main.tsx, which then loads the app
 * with a dynamic import, so this runs before CodeMirror's modules are evaluated): hides
 * `navigator.scheduling.isInputPending` from @codemirror/language.
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

export {}
