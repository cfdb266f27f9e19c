/**
 * The app as a daily tool (issue 15), in Chromium, driven as a person would: a new document is
 * named after its title (and exports under it) until renamed; an empty document shows a hint;
 * deleting moves a document to the trash with an Undo, no confirmation dialog, and the trash
 * lists and restores it across reloads; a footnote with no definition is a message with its
 * line; a Word .docx opened or dropped becomes a Markdown document with its pictures; a very
 * large paste is kept whole when another document is opened before all of it has gone in.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { markdownToDocx } from '../../src/index.js'
import { axeViolations } from './axe.js'
import { editorText, freshApp, launch } from './browser.js'

const url = inject('appUrl')
const work = mkdtempSync(join(tmpdir(), 'markdocx-e2e-daily-'))

let browser: Browser

beforeAll(async () => {
  browser = await launch()
})

afterAll(async () => {
  await browser?.close()
})

const fresh = () => freshApp(browser, url)

const title = (page: Page) => page.locator('.topbar .doc-title').textContent()
const listed = (page: Page) => page.locator('.documents .doc-name').allTextContents()

async function newDocument(page: Page): Promise<void> {
  const before = await listed(page)
  await page.locator('.documents').getByRole('button', { name: 'New', exact: true }).click()
  await expect.poll(() => title(page)).toBe(`Untitled ${before.length + 1}`)
}

/** The list's delete button shows on hover, as a pointer user finds it. */
async function deleteDocument(page: Page, name: string): Promise<void> {
  await page.locator('.documents li', { hasText: name }).hover()
  await page.getByRole('button', { name: `Delete ${name}` }).click()
}

async function exportName(page: Page): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.click('[data-testid="export-docx"]')])
  return download.suggestedFilename()
}

describe('the app as a daily tool', () => {
  it('names a new document after its title until it is renamed, and exports under that name', async () => {
    const { context, page, errors } = await fresh()
    await newDocument(page)
    // Empty: the preview says what to do instead of showing a blank page.
    const hint = page.getByTestId('empty-hint')
    await hint.waitFor()
    expect(await hint.textContent()).toMatch(/\.docx/)
    expect(await axeViolations(page)).toEqual([])
    await page.click('[data-testid="editor"] .cm-content')
    await page.keyboard.type('# Quarterly report\n\nSales went up.')
    await hint.waitFor({ state: 'detached' })
    await expect.poll(() => title(page)).toBe('Quarterly report')
    await expect.poll(() => listed(page)).toContain('Quarterly report')
    expect(await exportName(page)).toBe('Quarterly report.docx')
    // A front-matter title wins over the heading; the file name holds no / or :.
    await page.click('[data-testid="editor"] .cm-content')
    await page.keyboard.press('Control+Home')
    await page.keyboard.insertText('---\ntitle: "Q3: plan/draft"\n---\n\n')
    await expect.poll(() => title(page)).toBe('Q3: plan/draft')
    expect(await exportName(page)).toBe('Q3 plan draft.docx')
    // Kept after a reload.
    await page.reload()
    await page.waitForSelector('[data-testid="preview"] [data-line]')
    expect(await title(page)).toBe('Q3: plan/draft')
    // Renamed by the user, the name stays whatever the title becomes.
    await page.locator('.topbar .doc-title').click()
    await page.getByLabel('Document name').fill('Minutes')
    await page.keyboard.press('Enter')
    await expect.poll(() => listed(page)).toContain('Minutes')
    await page.click('[data-testid="editor"] .cm-content')
    await page.keyboard.press('Control+End')
    await page.keyboard.type('\n\n# Another heading')
    await page.locator('[data-testid="preview"] h1', { hasText: 'Another heading' }).waitFor()
    await page.reload()
    await page.waitForSelector('[data-testid="preview"] [data-line]')
    expect(await title(page)).toBe('Minutes')
    // Documents that are not new keep their names: the sample is still the sample.
    expect(await listed(page)).toContain('Welcome to markdocx')
    expect(errors).toEqual([])
    await context.close()
  })

  it('reports a footnote with no definition in the messages panel, at its line', async () => {
    const { context, page, errors } = await fresh()
    await newDocument(page)
    await page.click('[data-testid="editor"] .cm-content')
    await page.keyboard.insertText('# Notes\n\nA claim[^nope] and a sourced one[^ok].\n\n[^ok]: The source.\n')
    const message = page.locator('[data-testid="messages"] [data-rule="footnote-undefined"]')
    await message.waitFor()
    expect(await message.count()).toBe(1)
    expect(await message.textContent()).toContain('Line 3')
    expect(await message.textContent()).toContain('[^nope]')
    // Choosing it puts the cursor on that line.
    await message.getByRole('button').click()
    await expect.poll(() => page.evaluate(() => document.querySelector('.cm-activeLine')?.textContent)).toBe('A claim[^nope] and a sourced one[^ok].')
    expect(errors).toEqual([])
    await context.close()
  })

  it('deletes without asking: the document goes to the trash, Undo and the trash bring it back', async () => {
    const { context, page, errors } = await fresh()
    await newDocument(page)
    await page.click('[data-testid="editor"] .cm-content')
    await page.keyboard.type('# Keep me\n\nEvery word of this.')
    await expect.poll(() => listed(page)).toContain('Keep me')
    await deleteDocument(page, 'Keep me')
    const notice = page.getByTestId('deleted-notice')
    await notice.waitFor()
    expect(await notice.textContent()).toContain('Deleted “Keep me”')
    expect(await axeViolations(page, '[data-testid="deleted-notice"]')).toEqual([])
    await expect.poll(() => listed(page)).toEqual(['Welcome to markdocx'])
    await expect.poll(() => title(page)).toBe('Welcome to markdocx')
    // Undo: back in the list and shown, with its text.
    await notice.getByRole('button', { name: 'Undo' }).click()
    await expect.poll(() => title(page)).toBe('Keep me')
    await expect.poll(() => editorText(page)).toBe('# Keep me\n\nEvery word of this.')
    await notice.waitFor({ state: 'detached' })
    // The trash list is read back from IndexedDB after the restore: it empties a moment later.
    await expect.poll(() => page.getByTestId('trash').count(), { timeout: 10_000 }).toBe(0)

    // Deleted again, it waits in the trash, across a reload.
    await deleteDocument(page, 'Keep me')
    await expect.poll(() => listed(page)).toEqual(['Welcome to markdocx'])
    await page.reload()
    await page.waitForSelector('[data-testid="preview"] [data-line]')
    const trash = page.getByTestId('trash')
    await trash.locator('summary').click()
    expect(await trash.locator('.trash-name').allTextContents()).toEqual(['Keep me'])
    expect(await axeViolations(page)).toEqual([])
    await trash.getByRole('button', { name: 'Restore Keep me' }).click()
    await expect.poll(() => title(page)).toBe('Keep me')
    await expect.poll(() => editorText(page)).toBe('# Keep me\n\nEvery word of this.')
    await expect.poll(() => trash.count()).toBe(0)

    // Empty trash forgets it for good.
    await deleteDocument(page, 'Keep me')
    await trash.locator('summary').click()
    await trash.getByRole('button', { name: 'Empty trash' }).click()
    await expect.poll(() => trash.count()).toBe(0)
    await page.reload()
    await page.waitForSelector('[data-testid="preview"] [data-line]')
    expect(await listed(page)).toEqual(['Welcome to markdocx'])
    expect(await page.getByTestId('trash').count()).toBe(0)
    expect(errors).toEqual([])
    await context.close()
  })

  it('opens a Word .docx (picked or dropped) as a new Markdown document, pictures and tracked changes kept', async () => {
    const png = new Uint8Array(readFileSync(join(import.meta.dirname, 'fixtures', 'pixel.png')))
    const source = '# Quarterly report\n\nIntro with {++added words++} and {--removed--} text{>>Check this<<}.\n\n## Findings\n\n- first point\n- second point\n\n| Region | Sales |\n|--------|------:|\n| North  | 12    |\n| South  | 7     |\n\n![A pixel](pixel.png)\n'
    const made = await markdownToDocx(source, { loadImage: async () => png })
    const file = join(work, 'report.docx')
    writeFileSync(file, made.data)

    const { context, page, errors } = await fresh()
    // The conversion runs in a worker of its own, not on the page's thread.
    const workers: string[] = []
    page.on('worker', (worker) => workers.push(worker.url()))
    await page.setInputFiles('[data-testid="open-file"]', file)
    await expect.poll(() => title(page), { timeout: 30_000 }).toBe('report.md')
    expect(workers.some((address) => /\/importer[^/]*\.js/.test(address))).toBe(true)
    const text = await editorText(page)
    expect(text).toContain('# Quarterly report')
    expect(text).toContain('## Findings')
    expect(text).toMatch(/^- first point\n- second point$/m)
    expect(text).toContain('| North  |    12 |')
    expect(text).toContain('Intro with {++added words++} and {--removed--} text{>>Check this<<}.')
    expect(text).toContain('![A pixel](images/image1.png)')
    // The picture is a stored image: the preview shows it.
    const image = page.locator('[data-testid="preview"] img')
    await image.waitFor()
    await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).complete && (element as HTMLImageElement).naturalWidth > 0)).toBe(true)
    await page.getByTestId('import-notice').waitFor()
    expect(await page.getByTestId('import-notice').textContent()).toContain('report.docx')
    expect(await axeViolations(page, '[data-testid="import-notice"]')).toEqual([])
    await expect.poll(() => listed(page)).toEqual(expect.arrayContaining(['report.md', 'Welcome to markdocx']))

    // Dropped on the window, the same file opens as another document.
    const base64 = Buffer.from(made.data).toString('base64')
    await page.evaluate((data) => {
      const bytes = Uint8Array.from(atob(data), (char) => char.charCodeAt(0))
      const transfer = new DataTransfer()
      transfer.items.add(new File([bytes], 'dropped.docx', { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }))
      document.querySelector('.preview-pane')!.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }))
    }, base64)
    await expect.poll(() => title(page), { timeout: 30_000 }).toBe('dropped.md')
    expect(await editorText(page)).toContain('## Findings')

    // A file that is not a Word document: said so, and no document is made.
    const bad = join(work, 'broken.docx')
    writeFileSync(bad, 'not a zip at all')
    await page.setInputFiles('[data-testid="open-file"]', bad)
    await expect.poll(() => page.locator('.statusbar .status').textContent(), { timeout: 30_000 }).toMatch(/^Could not open broken\.docx: Cannot open the file/)
    expect(await listed(page)).not.toContain('broken.md')
    expect(errors).toEqual([])
    await context.close()
  })

  it('keeps the whole of a very large paste when another document is opened before it has all gone in', async () => {
    const { context, page, errors } = await fresh()
    await newDocument(page)
    const first = await title(page)
    await page.click('[data-testid="editor"] .cm-content')
    // 250 000 lines go in piece by piece (src/editor/large-paste.ts); New is clicked in the paste's own task.
    const lines = 250_000
    await page.evaluate((count) => {
      const text = Array.from({ length: count }, (_, i) => `line ${i + 1}`).join('\n')
      const transfer = new DataTransfer()
      transfer.setData('text/plain', text)
      document.querySelector('[data-testid="editor"] .cm-content')!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }))
      const add = [...document.querySelectorAll<HTMLButtonElement>('.documents button')].find((button) => button.textContent?.trim() === 'New')
      add!.click()
    }, lines)
    await expect.poll(() => title(page), { timeout: 30_000 }).not.toBe(first)
    // Back to the first: its last line is the paste's last.
    await page.locator('.documents li', { hasText: first! }).locator('.doc-name').click()
    await expect.poll(() => title(page), { timeout: 30_000 }).toBe(first)
    await page.click('[data-testid="editor"] .cm-content')
    await page.keyboard.press('Control+End')
    await expect.poll(() => page.evaluate(() => document.querySelector('.cm-activeLine')?.textContent), { timeout: 30_000 }).toBe(`line ${lines}`)
    expect(errors).toEqual([])
    await context.close()
  }, 120_000)
})
