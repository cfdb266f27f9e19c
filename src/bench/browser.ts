/**
 * The app in Debian's Chromium (playwright-core, never a downloaded browser): open a 1 MiB
 * document, type into a paragraph in its middle and time each keystroke until the preview shows
 * it, watch the main thread's long tasks while typing, and time Export .docx from click to file.
 *
 * Latency is measured in the page: from the keydown (capture phase, before CodeMirror sees it)
 * to the MutationObserver callback that sees the typed text in the preview, i.e. the DOM update
 * before the next paint. Long tasks come from the Long Tasks API (tasks over 50 ms).
 */
import { createReadStream, existsSync, statSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, sep } from 'node:path'
import { chromium, type Page } from 'playwright-core'
import { percentile } from './stats.js'

/** Debian's Chromium (a downloaded browser is not available here); CHROMIUM_PATH overrides. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export interface BrowserResult {
  /** Keystroke → preview updated, per keystroke (ms). */
  latencies: number[]
  /** Keystrokes whose update was not seen within the wait. */
  missed: number
  /** Durations of main-thread tasks over 50 ms while typing. */
  longTasks: number[]
  /** Opening the document → its last block in the preview (ms). */
  firstRender: number
  /** Export .docx clicks half a second after a keystroke → downloaded file (ms), per run. */
  exports: number[]
  /**
   * The same, clicked after a pause of a few seconds (reading the text over, reaching for the
   * button): the export worker has prepared the file meanwhile.
   */
  exportsAfterPause: number[]
  /**
   * Clicked half a second after a keystroke, the pointer having rested on the button for the
   * last 0.4 s of it (a hand reaching for the button; the app starts the export on hover).
   */
  exportsAfterReach: number[]
  exportBytes: number
}

const MARKER = 'BENCHMARK-TYPING-HERE'
const END_MARKER = 'BENCHMARK-END'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.md': 'text/markdown; charset=utf-8',
}

/** Serves the built app (dist/app) on a free loopback port. */
function serve(folder: string): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname)
    let file = normalize(join(folder, path))
    if (!file.startsWith(folder + sep) && file !== folder) {
      response.writeHead(403).end()
      return
    }
    if (!existsSync(file) || statSync(file).isDirectory()) file = join(folder, 'index.html')
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' })
    createReadStream(file).pipe(response)
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` })))
}

/** The document with the typing marker as a paragraph in its middle, and an end marker (a heading, so the outline shows it). */
export function withMarker(text: string): string {
  const middle = text.indexOf('\n\n', Math.floor(text.length / 2))
  const at = middle === -1 ? text.length : middle + 2
  return `${text.slice(0, at)}${MARKER}\n\n${text.slice(at)}\n\n## ${END_MARKER}\n`
}

export async function runBrowser(appFolder: string, markdown: string, options: { keystrokes: number; exports: number; chromium: string }): Promise<BrowserResult> {
  const { server, url } = await serve(appFolder)
  const browser = await chromium.launch({
    executablePath: options.chromium,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  })
  try {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, acceptDownloads: true })
    // tsx (which runs the benchmark) wraps functions in `__name(…)` calls; the functions given
    // to page.evaluate are sent as source, so the page needs that helper too.
    await context.addInitScript({ content: 'globalThis.__name = (target) => target' })
    // Offline, as this machine is: requests to other hosts (README badges) fail at once instead
    // of waiting for a network that is not there, so the export times the conversion itself.
    await context.route((requested) => !requested.href.startsWith(url), (route) => route.abort('internetdisconnected'))
    const page = await context.newPage()
    await page.goto(url)
    await page.waitForSelector('[data-testid="editor"] .cm-content', { timeout: 60_000 })
    await page.waitForSelector('[data-testid="preview"] [data-line]', { timeout: 60_000 })
    const text = withMarker(markdown)
    // Open the document as a person would, from a file.
    const pasted = Date.now()
    await page.setInputFiles('[data-testid="open-file"]', { name: 'book.md', mimeType: 'text/markdown', buffer: Buffer.from(text) })
    // The preview draws only the blocks in view, so it is scrolled to its end until the end
    // marker is drawn there. (Waiting for the outline to list the last heading never ended once
    // the corpus had 1 364 headings: the outline lists the first 1 000.)
    await page.waitForFunction(
      (end) => {
        if ((document.querySelector('[data-testid="preview"]')?.textContent ?? '').includes(end)) return true
        const pane = document.querySelector('.preview-pane')
        if (pane) pane.scrollTop = pane.scrollHeight
        return false
      },
      END_MARKER,
      { timeout: 120_000, polling: 250 },
    )
    const firstRender = Date.now() - pasted
    await placeCursorAfterMarker(page)
    await installProbes(page)
    // MARKDOCX_BENCH_PROFILE=<file.cpuprofile>: the page's main thread profiled while typing
    // (open it in Chrome's DevTools, or sum self times per function to see where a keystroke goes).
    // MARKDOCX_BENCH_SETTLE_MS=<ms>: wait before typing (typing at once measures a user who
    // types right after opening, while CodeMirror's background parse of the document still runs).
    if (process.env.MARKDOCX_BENCH_SETTLE_MS) await page.waitForTimeout(Number(process.env.MARKDOCX_BENCH_SETTLE_MS))
    const profileTo = process.env.MARKDOCX_BENCH_PROFILE
    const cdp = profileTo ? await context.newCDPSession(page) : undefined
    if (cdp) {
      await cdp.send('Profiler.enable')
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
      await cdp.send('Profiler.start')
    }
    // MARKDOCX_BENCH_TRACE=<file.json>: a Chromium performance trace of the typing (style, layout,
    // paint and script tasks; open it in DevTools' Performance panel).
    const traceTo = process.env.MARKDOCX_BENCH_TRACE
    if (traceTo) await browser.startTracing(page, { path: traceTo, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] })
    const latencies: number[] = []
    let missed = 0
    let typed = ''
    const alphabet = 'benchmark typing into the middle of a long document '
    for (let index = 0; index < options.keystrokes; index++) {
      const char = alphabet[index % alphabet.length]!
      typed += char
      await page.evaluate((expected) => {
        const probe = (window as unknown as { __bench: Probe }).__bench
        probe.expected = expected
        probe.seen = false
      }, `${MARKER}${typed}`.trimEnd())
      const started = Date.now()
      await page.keyboard.type(char)
      const latency = await page
        .waitForFunction(() => {
          const probe = (window as unknown as { __bench: Probe }).__bench
          return probe.seen ? probe.latency : false
        }, undefined, { timeout: 5_000, polling: 16 })
        .then((handle) => handle.jsonValue() as Promise<number>)
        .catch(() => undefined)
      if (latency === undefined) missed++
      else latencies.push(latency)
      // About eight keystrokes a second, a brisk typist.
      const pause = 120 - (Date.now() - started)
      if (pause > 0) await page.waitForTimeout(pause)
    }
    const longTasks = await page.evaluate(() => (window as unknown as { __bench: Probe }).__bench.longTasks)
    if (traceTo) await browser.stopTracing()
    if (cdp && profileTo) {
      const { profile } = await cdp.send('Profiler.stop')
      writeFileSync(profileTo, JSON.stringify(profile))
    }
    const exports: number[] = []
    const exportsAfterPause: number[] = []
    let exportBytes = 0
    // Each export follows a keystroke, so none is of a text exported before.
    const exportAfter = async (pauseMs: number, reachMs = 0): Promise<number> => {
      await page.keyboard.type('x')
      await page.waitForTimeout(pauseMs - reachMs)
      if (reachMs > 0) {
        await page.hover('[data-testid="export-docx"]')
        await page.waitForTimeout(reachMs)
      }
      const started = Date.now()
      const [download] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), page.click('[data-testid="export-docx"]')])
      const path = await download.path()
      const elapsed = Date.now() - started
      exportBytes = statSync(path).size
      if (process.env.MARKDOCX_BENCH_DEBUG) console.log(`export after ${pauseMs} ms: ${elapsed} ms; the app says: ${await page.locator('footer [role="status"]').textContent()}`)
      // The click moved focus to the button: back to the editor for the next keystroke.
      await placeCursorAfterMarker(page)
      return elapsed
    }
    for (let run = 0; run < options.exports; run++) exports.push(await exportAfter(500))
    for (let run = 0; run < options.exports; run++) exportsAfterPause.push(await exportAfter(6_000))
    const exportsAfterReach: number[] = []
    for (let run = 0; run < options.exports; run++) exportsAfterReach.push(await exportAfter(500, 400))
    return { latencies, missed, longTasks, firstRender, exports, exportsAfterPause, exportsAfterReach, exportBytes }
  } finally {
    await browser.close()
    server.close()
  }
}

interface Probe {
  expected: string
  seen: boolean
  latency: number
  start: number
  longTasks: number[]
}

/** Keydown → the preview's DOM holding the expected text; long tasks while typing. */
async function installProbes(page: Page): Promise<void> {
  await page.evaluate(() => {
    const probe: Probe = { expected: '', seen: true, latency: 0, start: 0, longTasks: [] }
    ;(window as unknown as { __bench: Probe }).__bench = probe
    document.addEventListener('keydown', () => (probe.start = performance.now()), true)
    const root = document.querySelector('[data-testid="preview"]')!
    const holds = (node: Node | null) => node !== null && node !== root && (node.textContent ?? '').includes(probe.expected)
    new MutationObserver((records) => {
      if (probe.seen) return
      for (const record of records) {
        const candidates = record.type === 'characterData' ? [record.target.parentNode] : [...record.addedNodes, record.target]
        if (candidates.some(holds)) {
          probe.latency = performance.now() - probe.start
          probe.seen = true
          return
        }
      }
    }).observe(root, { subtree: true, childList: true, characterData: true })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) probe.longTasks.push(entry.duration)
    }).observe({ type: 'longtask' })
  })
}

/** Finds the marker with the editor's search (Ctrl+F) and puts the cursor at its line's end. */
async function placeCursorAfterMarker(page: Page): Promise<void> {
  await page.click('[data-testid="editor"] .cm-content')
  await page.keyboard.press('Control+f')
  await page.waitForSelector('.cm-search input[name="search"]')
  // Typed, not filled: the search panel reads its query from key events.
  await page.keyboard.type(MARKER)
  await page.keyboard.press('Enter')
  await page.keyboard.press('Escape')
  await page.keyboard.press('End')
  await page.waitForTimeout(300)
}

export function describeBrowser(result: BrowserResult): { median: number; p95: number; longest: number; exportMedian: number; exportAfterPauseMedian: number; exportAfterReachMedian: number } {
  return {
    median: percentile(result.latencies, 50),
    p95: percentile(result.latencies, 95),
    longest: result.longTasks.length > 0 ? Math.max(...result.longTasks) : 0,
    exportMedian: percentile(result.exports, 50),
    exportAfterPauseMedian: percentile(result.exportsAfterPause, 50),
    exportAfterReachMedian: percentile(result.exportsAfterReach, 50),
  }
}
