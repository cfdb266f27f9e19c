/**
 * The CLI's diagram renderer (see docx/media/diagrams.ts): Mermaid diagrams drawn in the machine's own
 * Chromium, headless, through playwright-core — never a downloaded browser. Mermaid needs a
 * browser: it measures its labels' text to lay a diagram out.
 *
 * Nothing starts until the first diagram: a document without one never loads playwright (the
 * CLI's start-up stays as it was). Then one browser and one blank page serve the whole run,
 * mermaid's own bundle loaded into it from node_modules; the page has no network (every request
 * is refused), so a diagram can load nothing. `close()` ends the browser; the CLI calls it when
 * the run ends. Where there is no Chromium, or it does not start, every diagram stays code
 * (`unavailable`: one note per document says why).
 */
import { createRequire } from 'node:module'
import type { Browser, Page } from 'playwright-core'
import type { DiagramRenderer, DiagramResult } from '../docx/media/diagrams.js'
import { drawMermaid, type DrawOptions, type PageDrawing, type PageMermaid } from '../diagrams/draw-mermaid.js'
import { DIAGRAM_BOX_WIDTH, MAX_PNG_SIDE, MERMAID_CONFIG, PNG_SCALE } from '../diagrams/mermaid-config.js'
import { findChromium } from './find-chromium.js'

export interface ChromiumDiagramOptions {
  /** The browser to use; default: `findChromium()` (CHROMIUM_PATH, then the usual places). */
  executablePath?: string
  /** How long one diagram may take to draw, in milliseconds (default 30 000); the page is replaced after one that overran. */
  timeoutMs?: number
}

export interface ChromiumDiagramRenderer {
  render: DiagramRenderer
  /** Closes the browser, if one was started. The renderer can be used again after (it starts another). */
  close(): Promise<void>
}

type Unavailable = { ok: false; error: string; unavailable: true }

interface Session {
  browser: Browser
  page: Page
}

const DRAW_OPTIONS: DrawOptions = { config: MERMAID_CONFIG, boxWidth: DIAGRAM_BOX_WIDTH, scale: PNG_SCALE, maxSide: MAX_PNG_SIDE }

/** Resolves a file of an installed package: with the CLI bundle's own `require`, or one made for this module. */
function resolvePackageFile(specifier: string): string {
  const resolver = typeof require === 'function' ? require : createRequire(import.meta.url)
  return resolver.resolve(specifier)
}

export function createChromiumDiagramRenderer(options: ChromiumDiagramOptions = {}): ChromiumDiagramRenderer {
  const timeoutMs = options.timeoutMs ?? 30_000
  let starting: Promise<Session | Unavailable> | undefined
  /** Diagrams are drawn one at a time: the page holds one mermaid. */
  let queue: Promise<unknown> = Promise.resolve()

  const start = async (): Promise<Session | Unavailable> => {
    const executable = options.executablePath ? { ok: true as const, path: options.executablePath } : findChromium()
    if (!executable.ok) return { ok: false, error: executable.reason, unavailable: true }
    let playwright: typeof import('playwright-core')
    try {
      playwright = await import('playwright-core')
    } catch (error) {
      return { ok: false, error: `playwright-core could not be loaded (${firstLine(error)})`, unavailable: true }
    }
    let browser: Browser | undefined
    try {
      browser = await playwright.chromium.launch({ executablePath: executable.path, headless: true, timeout: 60_000 })
      const page = await newPage(browser)
      return { browser, page }
    } catch (error) {
      await browser?.close().catch(() => undefined)
      return { ok: false, error: `Chromium (${executable.path}) could not draw them: ${firstLine(error)}`, unavailable: true }
    }
  }

  const draw = async (source: string): Promise<DiagramResult> => {
    starting ??= start()
    const session = await starting
    if ('ok' in session) return session
    const drawing = await withTimeout(
      session.page.evaluate(([text, drawOptions]) => {
        const page = globalThis as unknown as { markdocxDraw: typeof drawMermaid; mermaid: PageMermaid }
        return page.markdocxDraw(page.mermaid, text, drawOptions)
      }, [source, DRAW_OPTIONS] as const),
      timeoutMs,
    ).catch((error: unknown): PageDrawing | 'timeout' => (error instanceof TimeoutError ? 'timeout' : { ok: false, error: `the page failed (${firstLine(error)})` }))
    if (drawing === 'timeout' || (!drawing.ok && drawing.error.startsWith('the page failed'))) {
      // The page may be stuck in the diagram's layout: the next diagram gets a fresh one.
      const stuck = session.page
      session.page = await newPage(session.browser)
      void stuck.context().close().catch(() => undefined)
      if (drawing === 'timeout') return { ok: false, error: `drawing it took longer than ${timeoutMs < 1000 ? `${timeoutMs} ms` : `${Math.round(timeoutMs / 1000)} s`}` }
    }
    if (!drawing.ok) return drawing
    const png = dataUrlBytes(drawing.png)
    if (!png) return { ok: false, error: 'the page drew no PNG picture' }
    return { ok: true, svg: drawing.svg, png, width: drawing.width, height: drawing.height }
  }

  return {
    render: (source, request) => {
      if (request.kind !== 'mermaid') return Promise.resolve({ ok: false, error: `${String(request.kind)} diagrams are not supported` })
      const result = queue.then(() => draw(source))
      queue = result.catch(() => undefined)
      return result
    },
    async close() {
      const session = await starting
      starting = undefined
      if (session && !('ok' in session)) await session.browser.close().catch(() => undefined)
    },
  }
}

/** A blank page without network, with mermaid and the drawing function loaded. */
async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ offline: true, deviceScaleFactor: 1, viewport: { width: 1024, height: 768 } })
  const page = await context.newPage()
  await page.route('**/*', (route) => route.abort())
  await page.setContent('<!doctype html><html><head><meta charset="utf-8"></head><body></body></html>')
  await page.addScriptTag({ path: resolvePackageFile('mermaid/dist/mermaid.min.js') })
  await page.addScriptTag({ content: `globalThis.markdocxDraw = ${drawMermaid.toString()};` })
  return page
}

class TimeoutError extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError()), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

function dataUrlBytes(url: string): Uint8Array | undefined {
  const match = /^data:image\/png;base64,(.*)$/s.exec(url)
  if (!match) return undefined
  const buffer = Buffer.from(match[1]!, 'base64')
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength)
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!.trim()
}
