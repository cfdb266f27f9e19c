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

/** A fresh profile (its own IndexedDB) with downloads and clipboard allowed. */
export async function newContext(browser: Browser, options: { colorScheme?: 'light' | 'dark' } = {}): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 1400, height: 900 }, acceptDownloads: true, colorScheme: options.colorScheme ?? 'light' })
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
