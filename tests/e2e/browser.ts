/**
 * Debian's Chromium through playwright-core (never a downloaded browser); CHROMIUM_PATH overrides.
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  })
}

/**
 * A fresh profile (its own IndexedDB) with downloads and clipboard allowed. The app's service
 * worker is blocked unless asked for (offline.test.ts): it would precache the whole build (~13 MB)
 * in every test on a shared machine, and answer requests that a test routes itself.
 */
export async function newContext(browser: Browser, options: { colorScheme?: 'light' | 'dark'; serviceWorkers?: 'allow' | 'block' } = {}): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 1400, height: 900 }, acceptDownloads: true, colorScheme: options.colorScheme ?? 'light', serviceWorkers: options.serviceWorkers ?? 'block' })
}

/** A fresh profile with the app open; its errors collected, any dialog (a window.confirm) one of them. */
export async function freshApp(browser: Browser, url: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await newContext(browser)
  const page = await context.newPage()
  const { errors } = watch(page)
  page.on('dialog', (dialog) => {
    errors.push(`unexpected dialog: ${dialog.message()}`)
    void dialog.dismiss()
  })
  await openApp(page, url)
  return { context, page, errors }
}

/** Collects page errors and CSP violations, so a test can assert there were none. */
export function watch(page: Page): { errors: string[] } {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error' && !/favicon/.test(message.text())) errors.push(`console: ${message.text()}`)
  })
  return { errors }
}

/** Opens the app and waits for the first preview. */
export async function openApp(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await page.waitForSelector('[data-testid="editor"] .cm-content')
  await page.waitForSelector('[data-testid="preview"] [data-line]')
}

/** Replaces the editor's text the way a person would: select all, delete, type or paste. */
export async function replaceText(page: Page, text: string, how: 'type' | 'paste' = 'paste'): Promise<void> {
  await page.click('[data-testid="editor"] .cm-content')
  await page.keyboard.press('Control+A')
  await page.keyboard.press('Delete')
  if (how === 'type') await page.keyboard.type(text)
  else await page.keyboard.insertText(text)
}

export async function editorText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const lines = [...document.querySelectorAll('[data-testid="editor"] .cm-line')].map((line) => line.textContent ?? '')
    return lines.join('\n')
  })
}

/**
 * Waits until what the page was last given has had its turn, the condition a test needs before
 * it says "nothing happened": every image in view under `root` has loaded or failed (its load or
 * error handlers have run), then two animation frames (animations, transitions and focus have
 * started, a scroll has been answered) and a task after them. A page that navigated away counts
 * as settled (the caller sees where it went).
 */
export async function settled(page: Page, root = 'body'): Promise<void> {
  await page
    .evaluate(async (selector) => {
      const inView = (element: Element) => {
        const box = element.getBoundingClientRect()
        return box.bottom > 0 && box.right > 0 && box.top < innerHeight && box.left < innerWidth
      }
      const loading = [...document.querySelectorAll<HTMLImageElement>(`${selector} img`)].filter((image) => !image.complete && inView(image))
      const loaded = Promise.all(
        loading.map(
          (image) =>
            new Promise((resolve) => {
              image.addEventListener('load', resolve, { once: true })
              image.addEventListener('error', resolve, { once: true })
            }),
        ),
      )
      // A ceiling, not a pause: only an image that never finishes would reach it.
      await Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, 10_000))])
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
      await new Promise((resolve) => setTimeout(resolve, 0))
    }, root)
    .catch(() => undefined)
}

export interface ExportCounts {
  built: number
  prepared: number
  reused: number
  superseded: number
}

/** The export worker's counts (src/worker/export-engine.ts; src/worker/exporter.ts shows them), once the worker runs. */
export async function exportCounts(page: Page): Promise<ExportCounts | undefined> {
  const worker = page.workers().find((candidate) => /\/exporter[^/]*\.js/.test(candidate.url()))
  return worker?.evaluate(() => (self as unknown as { markdocxExportCounts?: ExportCounts }).markdocxExportCounts)
}
