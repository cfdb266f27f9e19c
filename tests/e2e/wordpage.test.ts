/**
 * The "Word page" preview (issue 15): the preview on pages of the export's paper, orientation
 * and margins, broken at `\newpage`, with the running title and page numbers on every page and
 * the contents when Page setup asks for them — white paper in the dark theme too; the switch
 * is remembered. Screenshots of the view are saved next to the test run for a person to look at.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { axeViolations } from './axe.js'
import { launch, replaceText, watch } from './browser.js'

const url = inject('appUrl')
const shots = mkdtempSync(join(tmpdir(), 'markdocx-e2e-wordpage-'))

let browser: Browser

beforeAll(async () => {
  browser = await launch()
})

afterAll(async () => {
  await browser?.close()
})

async function fresh(colorScheme: 'light' | 'dark' = 'light'): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, colorScheme })
  const page = await context.newPage()
  const { errors } = watch(page)
  await page.goto(url)
  await page.waitForSelector('[data-testid="editor"] .cm-content')
  await page.waitForSelector('[data-testid="preview"] [data-line]')
  return { context, page, errors }
}

/** Two pages of text, a `\newpage`, then a short last part: a running title and "Page X of Y" from the front matter. */
const DOCUMENT = [
  '---',
  'title: Annual Report',
  'page-numbers: page-of-pages',
  '---',
  '',
  '# Introduction',
  '',
  ...Array.from({ length: 24 }, (_, i) => `Paragraph ${i + 1}: ${'the quick brown fox jumps over the lazy dog '.repeat(8)}\n`),
  '\\newpage',
  '',
  '# After the break',
  '',
  'This paragraph starts a page of its own.',
  '',
].join('\n')

interface PageBox {
  top: number
  bottom: number
  width: number
  height: number
  header: string
  footer: string
  background: string
}

async function pages(page: Page): Promise<PageBox[]> {
  return page.locator('.word-page').evaluateAll((elements) =>
    elements.map((element) => {
      const box = element.getBoundingClientRect()
      return {
        top: box.top,
        bottom: box.bottom,
        width: box.width,
        height: box.height,
        header: element.querySelector('.word-page-header')?.textContent ?? '',
        footer: element.querySelector('.word-page-footer')?.textContent ?? '',
        background: getComputedStyle(element).backgroundColor,
      }
    }),
  )
}

/** The index of the page an element's top stands on. */
async function pageOf(page: Page, selector: string): Promise<number> {
  const top = await page.locator(selector).first().evaluate((element) => element.getBoundingClientRect().top)
  const boxes = await pages(page)
  return boxes.findIndex((box) => top >= box.top && top < box.bottom)
}

async function wordPageView(page: Page): Promise<void> {
  const toggle = page.getByTestId('word-page-toggle')
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click()
  await page.waitForSelector('.word-page')
}

async function pageSetup(page: Page, change: (dialog: ReturnType<Page['getByRole']>) => Promise<void>): Promise<void> {
  await page.getByRole('button', { name: 'Page setup' }).click()
  const dialog = page.getByRole('dialog')
  await change(dialog)
  await dialog.getByRole('button', { name: 'Save' }).click()
}

describe('Word page preview', () => {
  it('lays the text on A4 pages with the page break, running title and page numbers of the export', async () => {
    const { context, page, errors } = await fresh()
    await replaceText(page, DOCUMENT)
    await page.waitForSelector('[data-testid="preview"] h1:has-text("After the break")')
    await wordPageView(page)
    // More than one page of text, then the page break starts the last page.
    await expect.poll(async () => (await pages(page)).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(3)
    const boxes = await pages(page)
    const count = boxes.length
    for (const box of boxes) {
      // A4's shape, whatever the scale the pane shows it at.
      expect(box.height / box.width).toBeCloseTo(297 / 210, 2)
      expect(box.header).toBe('Annual Report')
    }
    expect(boxes.map((box) => box.footer)).toEqual(boxes.map((_, i) => `Page ${i + 1} of ${count}`))
    // The text is on the pages: the first heading on the first, the text before the break on
    // the page before the last, and the heading after the break alone on the last.
    expect(await pageOf(page, '[data-testid="preview"] h1:has-text("Introduction")')).toBe(0)
    expect(await pageOf(page, '[data-testid="preview"] p:has-text("Paragraph 24:")')).toBe(count - 2)
    expect(await pageOf(page, '[data-testid="preview"] h1:has-text("After the break")')).toBe(count - 1)
    expect(await pageOf(page, '[data-testid="preview"] p:has-text("Paragraph 1:")')).toBe(0)
    // No block runs into the bottom margin: every paragraph ends inside its page's text area.
    const overflow = await page.evaluate(() => {
      const scale = Number(document.querySelector<HTMLElement>('[data-testid="word-pages"]')?.dataset.scale ?? 1)
      const margin = 25.4 * (96 / 25.4) * scale
      const boxes = [...document.querySelectorAll('.word-page')].map((element) => element.getBoundingClientRect())
      return [...document.querySelectorAll('[data-testid="preview"] p')].filter((p) => {
        const box = p.getBoundingClientRect()
        const on = boxes.find((page) => box.top >= page.top && box.top < page.bottom)
        return !on || box.bottom > on.bottom - margin + 1
      }).length
    })
    expect(overflow).toBe(0)
    await page.screenshot({ path: join(shots, 'a4.png') })

    // Remembered: after a reload the preview is in pages again.
    await page.reload()
    await page.waitForSelector('.word-page')
    expect(await page.getByTestId('word-page-toggle').getAttribute('aria-pressed')).toBe('true')
    expect(errors).toEqual([])
    await context.close()
  })

  it('breaks a long list between its items, as Word does, none running into the bottom margin', async () => {
    const { context, page, errors } = await fresh()
    const items = Array.from({ length: 90 }, (_, i) => `- Item ${i + 1}: ${'a few words on this point '.repeat(i % 3 === 0 ? 6 : 1)}`)
    await replaceText(page, ['# A list', '', 'Before the list.', '', ...items, '', 'After the list.', ''].join('\n'))
    await page.waitForSelector('[data-testid="preview"] p:has-text("After the list.")')
    await wordPageView(page)
    await expect.poll(async () => (await pages(page)).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(3)
    // Split, not moved whole: the first item stands on the first page with the heading, the last on a later one.
    expect(await pageOf(page, '[data-testid="preview"] li:has-text("Item 1:")')).toBe(0)
    expect(await pageOf(page, '[data-testid="preview"] li:has-text("Item 90:")')).toBeGreaterThanOrEqual(2)
    const report = await page.evaluate(() => {
      const scale = Number(document.querySelector<HTMLElement>('[data-testid="word-pages"]')?.dataset.scale ?? 1)
      const margin = 25.4 * (96 / 25.4) * scale
      const boxes = [...document.querySelectorAll('.word-page')].map((element) => element.getBoundingClientRect())
      const items = [...document.querySelectorAll('[data-testid="preview"] li')]
      const overflowing = items.filter((item) => {
        // The item's text, not the padding that moved it down.
        const range = document.createRange()
        range.selectNodeContents(item)
        const box = range.getBoundingClientRect()
        const on = boxes.find((page) => box.top >= page.top && box.top < page.bottom)
        return !on || box.bottom > on.bottom - margin + 1
      })
      // Filled: the page before an item that starts a page has no room left for it.
      return { items: items.length, overflowing: overflowing.map((item) => item.textContent?.slice(0, 12)) }
    })
    expect(report.items).toBe(90)
    expect(report.overflowing).toEqual([])
    await page.screenshot({ path: join(shots, 'list.png') })
    expect(errors).toEqual([])
    await context.close()
  })

  it('follows Page setup: the contents when asked for, Letter and landscape pages', async () => {
    const { context, page, errors } = await fresh()
    await replaceText(page, DOCUMENT)
    await page.waitForSelector('[data-testid="preview"] h1:has-text("After the break")')
    await wordPageView(page)
    expect(await page.locator('[data-testid="word-pages"] nav.toc').count()).toBe(0)
    await pageSetup(page, (dialog) => dialog.getByLabel('Table of contents').check())
    await page.waitForSelector('[data-testid="word-pages"] nav.toc')
    expect(await pageOf(page, '[data-testid="word-pages"] nav.toc')).toBe(0)

    await pageSetup(page, async (dialog) => {
      await dialog.getByLabel('Page size').selectOption('Letter')
      await dialog.getByLabel('Orientation').selectOption('landscape')
    })
    await expect.poll(async () => {
      const [first] = await pages(page)
      return first ? Math.round((first.width / first.height) * 1000) / 1000 : 0
    }).toBeCloseTo(279.4 / 215.9, 2)
    // Wider, shorter pages: still every page carries its number.
    const boxes = await pages(page)
    expect(boxes.every((box, i) => box.footer === `Page ${i + 1} of ${boxes.length}`)).toBe(true)
    await page.screenshot({ path: join(shots, 'letter-landscape.png') })
    expect(errors).toEqual([])
    await context.close()
  })

  it('keeps the paper white and the text black in the dark theme, and passes axe', async () => {
    const { context, page, errors } = await fresh('dark')
    await replaceText(page, DOCUMENT)
    await wordPageView(page)
    const boxes = await pages(page)
    expect(boxes.length).toBeGreaterThan(0)
    for (const box of boxes) expect(box.background).toBe('rgb(255, 255, 255)')
    const text = await page.locator('[data-testid="preview"] p:has-text("Paragraph 1:")').evaluate((element) => getComputedStyle(element).color)
    expect(text).toBe('rgb(0, 0, 0)')
    await page.screenshot({ path: join(shots, 'dark.png') })
    // The view passes the same audit as the app's other screens (no serious or critical finding).
    expect(await axeViolations(page)).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })
})
