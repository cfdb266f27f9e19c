/**
 * Export with many remote images, in Chromium, against local servers (no real network): one
 * serves its images, the other never answers. While the export waits, the status says how many
 * images loaded; Cancel stops the export (nothing downloaded); Skip images finishes it at once
 * with placeholders; left alone, the hanging server is given up after a couple of time limits
 * and the export finishes by itself. Each .docx passes check-docx.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { strFromU8, unzipSync } from 'fflate'
import type { Browser, Download, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { checkDocx, findOracle } from '../support/oracle.js'
import { startImageServer, type ImageServer } from '../support/image-server.js'
import { launch, newContext, openApp, replaceText } from './browser.js'

const url = inject('appUrl')
const work = mkdtempSync(join(tmpdir(), 'markdocx-e2e-images-'))

let browser: Browser
let good: ImageServer
let hanging: ImageServer

beforeAll(async () => {
  ;[browser, good, hanging] = await Promise.all([launch(), startImageServer(), startImageServer()])
})

afterAll(async () => {
  await browser?.close()
  await Promise.all([good?.close(), hanging?.close()])
})

const OK = 20
const HUNG = 60

/** Badges: 20 that load, then 60 that hang, each a line of its own. */
function badges(round: string): string {
  const lines = ['# Badges', '']
  for (let i = 0; i < OK; i++) lines.push(`[![ok ${i}](${good.origin}/ok/${round}-${i}.png)](https://example.com/${i})`, '')
  for (let i = 0; i < HUNG; i++) lines.push(`[![hanging ${i}](${hanging.origin}/hang/${round}-${i}.svg)](https://example.com/h${i})`, '')
  return lines.join('\n')
}

const status = (page: Page) => page.locator('[role="status"]').textContent()

async function saved(download: Download): Promise<{ path: string; xml: string }> {
  const path = join(work, `${Date.now()}-${download.suggestedFilename()}`)
  await download.saveAs(path)
  const { readFileSync } = await import('node:fs')
  return { path, xml: strFromU8(unzipSync(new Uint8Array(readFileSync(path)))['word/document.xml']!) }
}

async function checked(path: string): Promise<void> {
  const oracle = findOracle()
  if (!oracle) return
  const [result] = await checkDocx(oracle, [path])
  expect(result?.errors ?? []).toEqual([])
}

describe('export with remote images', () => {
  it('shows progress; Cancel downloads nothing; Skip images finishes with placeholders; left alone it finishes by itself', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    const downloads: Download[] = []
    page.on('download', (download) => downloads.push(download))
    await openApp(page, url)
    await replaceText(page, badges('a'))
    await expect.poll(() => page.locator('[data-testid="preview"] img').count(), { timeout: 30_000 }).toBe(OK + HUNG)

    // 1. Progress, then Cancel: the status says so and nothing is downloaded.
    await page.click('[data-testid="export-docx"]')
    await expect.poll(() => status(page), { timeout: 30_000 }).toMatch(new RegExp(`Loading images \\d+/${OK + HUNG}`))
    await page.click('[data-testid="export-cancel"]')
    await expect.poll(() => status(page)).toBe('Export cancelled')
    expect(await page.locator('[data-testid="export-cancel"]').count()).toBe(0)

    // 2. Skip images: the export finishes at once, the 20 loaded images in it, placeholders for the rest.
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      (async () => {
        await page.click('[data-testid="export-docx"]')
        await expect.poll(() => status(page), { timeout: 30_000 }).toMatch(new RegExp(`Loading images \\d+/${OK + HUNG}`))
        await page.click('[data-testid="export-skip-images"]')
      })(),
    ])
    const skipped = await saved(download)
    expect(skipped.xml.match(/<w:drawing>/g)?.length).toBe(OK)
    expect(skipped.xml).toContain('[image: hanging 0]')
    expect(skipped.xml).toContain(`[image: hanging ${HUNG - 1}]`)
    await checked(skipped.path)
    await expect.poll(() => status(page)).toMatch(/^Exported .*\.docx .* messages? below/)
    // Each image not loaded is a message with its line.
    const messages = page.locator('[data-testid="messages"]')
    await expect.poll(() => messages.textContent()).toMatch(/is not in the document: not loaded/)
    expect(downloads).toHaveLength(1)

    // 3. Left alone (new URLs: nothing cached), the hanging server is given up after two time limits.
    await replaceText(page, badges('b'))
    await expect.poll(() => page.locator(`[data-testid="preview"] img[src*="/ok/b-0.png"]`).count(), { timeout: 30_000 }).toBe(1)
    const [alone] = await Promise.all([page.waitForEvent('download', { timeout: 90_000 }), page.click('[data-testid="export-docx"]')])
    const finished = await saved(alone)
    expect(finished.xml.match(/<w:drawing>/g)?.length).toBe(OK)
    expect(finished.xml).toContain(`[image: hanging ${HUNG - 1}]`)
    await checked(finished.path)
    await expect.poll(() => messages.textContent()).toMatch(/no answer within 8 s/)
    expect(downloads).toHaveLength(2)
    await context.close()
  })
})
