/**
 * Installable and offline (issue 15): the built app, served by `vite preview`, registers its
 * service worker; once the worker controls the page the network goes away, and the reloaded
 * app still edits, previews (math, a Mermaid diagram and citations: lazily loaded chunks) and
 * exports a .docx; Chromium finds it installable. The manifest is linked, parses without errors in Chromium, and its icons are there at
 * the sizes it says.
 */
import { strFromU8, unzipSync } from 'fflate'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launch, newContext, openApp, replaceText, watch } from './browser.js'

const url = inject('appUrl')
let browser: Browser

beforeAll(async () => {
  browser = await launch()
})

afterAll(async () => {
  await browser?.close()
})

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG')
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

interface ManifestIcon {
  src: string
  sizes: string
  type: string
  purpose?: string
}

describe('the app offline', () => {
  it('is linked to a valid manifest whose icons exist at their sizes', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    await openApp(page, url)
    const href = await page.getAttribute('link[rel="manifest"]', 'href')
    expect(href).toBeTruthy()
    const cdp = await context.newCDPSession(page)
    const parsed = (await cdp.send('Page.getAppManifest')) as { url: string; errors: { message: string }[]; data?: string }
    expect(parsed.errors).toEqual([])
    const manifest = JSON.parse(parsed.data ?? '{}') as { name: string; short_name: string; start_url: string; display: string; icons: ManifestIcon[] }
    expect(manifest.name).toMatch(/markdocx/)
    expect(manifest.short_name).toBe('markdocx')
    expect(manifest.display).toBe('standalone')
    expect(new URL(manifest.start_url, parsed.url).href).toBe(new URL('./', url).href)
    const sizes = new Set<string>()
    for (const icon of manifest.icons) {
      const response = await context.request.get(new URL(icon.src, parsed.url).href)
      expect(response.ok(), icon.src).toBe(true)
      expect(response.headers()['content-type']).toContain(icon.type)
      if (icon.type === 'image/png') {
        const { width, height } = pngSize(await response.body())
        expect(`${width}x${height}`).toBe(icon.sizes)
        sizes.add(`${icon.sizes} ${icon.purpose ?? 'any'}`)
      }
    }
    expect([...sizes].sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable'])
    await context.close()
  })

  it('keeps editing, previewing and exporting with no network once the service worker controls it', async () => {
    const context = await newContext(browser, { serviceWorkers: 'allow' })
    const page = await context.newPage()
    const { errors } = watch(page)
    await openApp(page, url)
    // The worker installs (precaching the whole build) and, claiming its clients, controls this page.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 90_000 })
    const scriptUrl = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)
    expect(scriptUrl).toBe(new URL('sw.js', url).href)
    // Chromium would offer to install it: nothing stands in the way but the test profile's being incognito.
    const cdp = await context.newCDPSession(page)
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] }
    expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito')).toEqual([])

    await context.setOffline(true)
    // The network is really gone for the page: a file the build does not hold cannot be had.
    expect(await page.evaluate(() => fetch('https://example.com/').then(() => 'fetched', () => 'failed'))).toBe('failed')
    await page.reload()
    await openApp(page, url)

    const text = '# Offline\n\nStill *here*: $e^{i\\pi} + 1 = 0$.\n\n```mermaid\nflowchart LR\n  accTitle: Offline flow\n  A --> B\n```\n'
    await replaceText(page, text)
    const preview = page.locator('[data-testid="preview"]')
    await expect.poll(() => preview.locator('h1').first().textContent(), { timeout: 30_000 }).toBe('Offline')
    await expect.poll(() => preview.locator('em').first().textContent()).toBe('here')
    await preview.locator('math').first().waitFor({ timeout: 30_000 })
    const diagram = preview.locator('img.diagram-picture')
    await diagram.waitFor({ timeout: 60_000 })
    expect(await diagram.getAttribute('alt')).toBe('Offline flow')

    // Citations: citation-js's chunk, loaded for the first time offline.
    await page.setInputFiles('[data-testid="open-file"]', { name: 'refs.bib', mimeType: 'text/x-bibtex', buffer: Buffer.from('@book{knuth1984, author = {Knuth, Donald E.}, title = {The {TeX}book}, publisher = {Addison-Wesley}, year = {1984}}\n') })
    await page.click('[data-testid="editor"] .cm-content')
    await page.keyboard.press('Control+End')
    await page.keyboard.insertText('\nCited [@knuth1984].\n')
    await expect.poll(() => preview.locator('span.citation').first().textContent(), { timeout: 60_000 }).toBe('(Knuth 1984)')

    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.click('[data-testid="export-docx"]')])
    const path = await download.path()
    const { readFileSync } = await import('node:fs')
    const xml = strFromU8(unzipSync(new Uint8Array(readFileSync(path)))['word/document.xml']!)
    expect(xml).toContain('Offline')
    expect(xml).toContain('<m:oMath')
    expect(xml).toContain('Addison-Wesley')
    // Nothing failed to load: every chunk and worker came from the precache.
    expect(errors.filter((error) => !/net::ERR_INTERNET_DISCONNECTED/.test(error))).toEqual([])
    await context.close()
  })
})
