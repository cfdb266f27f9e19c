/**
 * The app as a daily tool (issue 15), driven as a person would with keyboard and pointer: the
 * layout from phone to desktop (drawer, view switch, a top bar that never wraps), the dialogs
 * (focus in, Tab kept inside, Escape, focus back), the command palette and the shortcut
 * sheet, printing the preview, the editor left unfocused at load, Ctrl+B without stray
 * asterisks — and an axe-core audit of each screen.
 */
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { strFromU8, unzipSync } from 'fflate'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { checkDocx, findOracle } from '../support/oracle.js'
import { checkStructure } from '../support/structure.js'
import { axeViolations } from './axe.js'
import { editorText, launch, replaceText, watch } from './browser.js'

const url = inject('appUrl')
const work = mkdtempSync(join(tmpdir(), 'markdocx-e2e-shell-'))
const WIDTHS = [375, 768, 1024, 1440] as const

let browser: Browser

beforeAll(async () => {
  browser = await launch()
})

afterAll(async () => {
  await browser?.close()
})

async function fresh(size = { width: 1400, height: 900 }, colorScheme: 'light' | 'dark' = 'light'): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: size, acceptDownloads: true, colorScheme })
  const page = await context.newPage()
  const { errors } = watch(page)
  await page.goto(url)
  await page.waitForSelector('[data-testid="editor"] .cm-content', { state: 'attached' })
  // Rendered, whether or not the preview pane is shown at this width.
  await page.waitForSelector('[data-testid="preview"] [data-line]', { state: 'attached' })
  return { context, page, errors }
}

/** What has the keyboard focus: its accessible-ish description. */
function focused(page: Page): Promise<{ text: string; inDialog: string | null; editor: boolean; label: string | null }> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null
    return {
      text: element?.textContent?.trim() ?? '',
      inDialog: element?.closest('dialog')?.getAttribute('data-testid') ?? null,
      editor: element?.classList.contains('cm-content') ?? false,
      label: element?.getAttribute('aria-label') ?? null,
    }
  })
}

async function exportDocx(page: Page): Promise<{ bytes: Uint8Array; path: string }> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.click('[data-testid="export-docx"]')])
  const path = join(work, `${Date.now()}-${download.suggestedFilename()}`)
  await download.saveAs(path)
  return { bytes: new Uint8Array(readFileSync(path)), path }
}

describe('the app as a daily tool', () => {
  it('does not focus the editor at load: Tab reaches the skip link, which puts the focus in the editor', async () => {
    const { context, page, errors } = await fresh()
    const before = await editorText(page)
    expect((await focused(page)).editor).toBe(false)
    await page.keyboard.press('Tab')
    expect((await focused(page)).text).toBe('Skip to the editor')
    expect(await page.locator('.skip-link').evaluate((link) => link.getBoundingClientRect().top >= 0)).toBe(true)
    await page.keyboard.press('Enter')
    await expect.poll(async () => (await focused(page)).editor).toBe(true)
    // The Tab pressed to get here indented nothing.
    expect(await editorText(page)).toBe(before)
    // Landmarks for moving around with a screen reader.
    for (const role of ['banner', 'main', 'contentinfo', 'navigation'] as const) expect(await page.getByRole(role).count(), role).toBeGreaterThan(0)
    // Go to the editor from anywhere: Ctrl+Alt+E.
    await page.getByRole('button', { name: 'Page setup' }).focus()
    await page.keyboard.press('Control+Alt+e')
    await expect.poll(async () => (await focused(page)).editor).toBe(true)
    expect(errors).toEqual([])
    await context.close()
  })

  it('Page setup is a modal dialog: focus inside, Tab kept there, Escape at once, focus back; the front matter’s toc shows ticked and unticking wins', async () => {
    const { context, page, errors } = await fresh()
    const button = page.getByRole('button', { name: 'Page setup' })
    await button.click()
    const dialog = page.getByRole('dialog', { name: 'Page setup for export' })
    await dialog.waitFor()
    expect((await focused(page)).inDialog).toBe('page-setup')
    // The sample says `toc: true`: ticked, and the dialog says where that comes from.
    const toc = dialog.getByLabel('Table of contents')
    expect(await toc.isChecked()).toBe(true)
    expect(await dialog.getByText('As the document’s front matter asks: table of contents').count()).toBe(1)
    // Tab and Shift+Tab go round inside the dialog, never to the page behind.
    const stops = await dialog.locator('button, input, select').count()
    for (let i = 0; i < stops + 3; i++) {
      await page.keyboard.press('Tab')
      expect((await focused(page)).inDialog, `Tab ${i + 1}`).toBe('page-setup')
    }
    for (let i = 0; i < stops + 3; i++) {
      await page.keyboard.press('Shift+Tab')
      expect((await focused(page)).inDialog, `Shift+Tab ${i + 1}`).toBe('page-setup')
    }
    // One Escape closes it, without a click inside first; the focus is back on the button.
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect((await focused(page)).text).toBe('Page setup')

    // Opened from the keyboard, every control labelled; untick the contents and save.
    await page.keyboard.press('Enter')
    await dialog.waitFor()
    for (const label of ['Page size', 'Orientation', 'Top', 'Bottom', 'Left', 'Right', 'Font', 'Size (pt)', 'Table of contents', 'Title page', 'Page numbers', 'Wide tables', 'Reference template']) {
      expect(await dialog.getByLabel(label, { exact: false }).count(), label).toBeGreaterThan(0)
    }
    await toc.uncheck()
    expect(await dialog.getByText('As the document’s front matter asks').count()).toBe(0)
    await dialog.getByRole('button', { name: 'Save' }).click()
    await dialog.waitFor({ state: 'detached' })
    // The preview and the export agree with the dialog, over the front matter.
    await expect.poll(() => page.locator('[data-testid="preview"] nav.toc').count()).toBe(0)
    const { bytes, path } = await exportDocx(page)
    expect(checkStructure(bytes)).toEqual([])
    const xml = strFromU8(unzipSync(bytes)['word/document.xml']!)
    expect(xml).not.toContain('TOC \\o')
    expect(xml).toContain('Welcome to markdocx')
    const oracle = findOracle()
    if (oracle) expect((await checkDocx(oracle, [path]))[0]?.errors ?? []).toEqual([])
    // Defaults: follow the front matter again.
    await button.click()
    await dialog.waitFor()
    expect(await toc.isChecked()).toBe(false)
    await dialog.getByRole('button', { name: 'Defaults' }).click()
    expect(await toc.isChecked()).toBe(true)
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => page.locator('[data-testid="preview"] nav.toc').count()).toBe(1)
    expect(errors).toEqual([])
    await context.close()
  })

  it('keeps the top bar and the toolbar on one line at 375, 768, 1024 and 1440 px, with nothing off screen', async () => {
    const { context, page, errors } = await fresh({ width: 375, height: 740 })
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width < 800 ? 740 : 900 })
      await expect
        .poll(() =>
          page.evaluate(() => {
            // Rows: the distinct tops of the visible children.
            const rows = (selector: string) => new Set([...document.querySelectorAll<HTMLElement>(`${selector} > *`)].filter((child) => child.offsetWidth > 0).map((child) => child.offsetTop)).size
            const topbar = document.querySelector<HTMLElement>('.topbar')!
            return { topbarHeight: topbar.offsetHeight, topbarOverflow: topbar.scrollWidth - topbar.clientWidth, pageOverflow: document.documentElement.scrollWidth - window.innerWidth, toolbarRows: rows('.toolbar') }
          }),
        )
        .toEqual({ topbarHeight: expect.any(Number), topbarOverflow: 0, pageOverflow: 0, toolbarRows: 1 })
      expect(await page.locator('.topbar').evaluate((bar: HTMLElement) => bar.offsetHeight), `${width}px`).toBeLessThanOrEqual(48)
      // Export and the menu of everything else are always there.
      expect(await page.getByTestId('export-docx').isVisible()).toBe(true)
      expect(await page.getByRole('button', { name: 'More actions' }).isVisible()).toBe(true)
    }
    expect(errors).toEqual([])
    await context.close()
  })

  it('on a phone: the drawer creates, switches and deletes documents; Editor / Preview switch the pane', async () => {
    const { context, page, errors } = await fresh({ width: 375, height: 740 })
    // One pane at a time: the editor first.
    expect(await page.getByTestId('editor').isVisible()).toBe(true)
    expect(await page.getByTestId('preview').isVisible()).toBe(false)
    const view = page.getByRole('group', { name: 'View' })
    expect(await view.getByRole('button').allTextContents()).toEqual(['Editor', 'Preview'])
    await view.getByRole('button', { name: 'Preview' }).click()
    await expect.poll(() => page.getByTestId('preview').isVisible()).toBe(true)
    expect(await page.getByTestId('editor').isVisible()).toBe(false)
    expect(await view.getByRole('button', { name: 'Preview' }).getAttribute('aria-pressed')).toBe('true')
    // From the keyboard too.
    await page.keyboard.press('Control+Alt+p')
    await expect.poll(() => page.getByTestId('editor').isVisible()).toBe(true)

    const toggle = page.getByRole('button', { name: 'Documents and outline' })
    const drawer = page.getByRole('dialog', { name: 'Documents and outline' })
    await toggle.click()
    await drawer.waitFor()
    expect(await toggle.getAttribute('aria-expanded')).toBe('true')
    // The focus starts on the open document.
    expect((await focused(page)).text).toBe('Welcome to markdocx')
    await drawer.getByRole('button', { name: 'New', exact: true }).click()
    await drawer.waitFor({ state: 'detached' })
    await expect.poll(() => page.locator('.doc-title').textContent()).toBe('Untitled 2')

    await toggle.click()
    await drawer.waitFor()
    await expect.poll(() => drawer.locator('.doc-name').allTextContents()).toEqual(expect.arrayContaining(['Untitled 2', 'Welcome to markdocx']))
    await drawer.getByRole('button', { name: 'Welcome to markdocx', exact: true }).click()
    await drawer.waitFor({ state: 'detached' })
    await expect.poll(() => page.locator('.doc-title').textContent()).toBe('Welcome to markdocx')

    await toggle.click()
    await drawer.waitFor()
    // No confirmation: the document goes to the trash, with an Undo.
    await drawer.getByRole('button', { name: 'Delete Untitled 2' }).click()
    await expect.poll(() => drawer.locator('.doc-name').allTextContents()).toEqual(['Welcome to markdocx'])
    // Escape closes the drawer, the focus back on its button.
    await page.keyboard.press('Escape')
    await drawer.waitFor({ state: 'detached' })
    expect((await focused(page)).label).toBe('Documents and outline')
    // A heading chosen in the outline closes the drawer and goes there.
    await toggle.click()
    await drawer.getByRole('button', { name: 'Tables' }).click()
    await drawer.waitFor({ state: 'detached' })
    await expect.poll(() => page.evaluate(() => document.querySelector('.cm-activeLine')?.textContent)).toBe('## Tables')
    expect(errors).toEqual([])
    await context.close()
  })

  it('collapses the sidebar on a wide screen, and brings it back', async () => {
    const { context, page, errors } = await fresh()
    const toggle = page.getByRole('button', { name: 'Documents and outline' })
    expect(await page.locator('#sidebar').isVisible()).toBe(true)
    await toggle.click()
    await expect.poll(() => page.locator('#sidebar').count()).toBe(0)
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    // The panes take the room.
    expect(await page.locator('.editor-pane').evaluate((pane) => pane.getBoundingClientRect().left)).toBeLessThan(10)
    await page.keyboard.press('Control+Alt+b')
    await expect.poll(() => page.locator('#sidebar').isVisible()).toBe(true)
    // Editor only, preview only, both.
    const view = page.getByRole('group', { name: 'View' })
    await view.getByRole('button', { name: 'Editor' }).click()
    await expect.poll(() => page.getByTestId('preview').isVisible()).toBe(false)
    await view.getByRole('button', { name: 'Both' }).click()
    await expect.poll(() => page.getByTestId('preview').isVisible()).toBe(true)
    expect(errors).toEqual([])
    await context.close()
  })

  it('the command palette lists every command with its keys, finds by words and runs with Enter', async () => {
    const { context, page, errors } = await fresh()
    await page.keyboard.press('Control+Shift+P')
    const palette = page.getByRole('dialog', { name: 'Command palette' })
    await palette.waitFor()
    const search = palette.getByRole('combobox', { name: 'Search commands' })
    expect(await search.evaluate((input) => input === document.activeElement)).toBe(true)
    // Everything, with its shortcut.
    const everything = await palette.getByRole('option').allTextContents()
    for (const [label, keys] of [
      ['New document', 'Ctrl+Alt+N'],
      ['Open…', 'Ctrl+O'],
      ['Save', 'Ctrl+S'],
      ['Export .docx', 'Ctrl+Shift+E'],
      ['Page setup…', ''],
      ['Print / save as PDF', 'Ctrl+P'],
      ['Hide documents and outline', 'Ctrl+Alt+B'],
      ['Hide the preview', 'Ctrl+Alt+P'],
      ['Bold', 'Ctrl+B'],
      ['Keyboard shortcuts', 'Ctrl+/'],
    ] as const) {
      expect(everything.some((text) => text.includes(label) && text.includes(keys)), `${label} ${keys}`).toBe(true)
    }
    // Arrows move the active option, which the search field points at.
    const active = () => search.getAttribute('aria-activedescendant')
    const first = await active()
    await page.keyboard.press('ArrowDown')
    expect(await active()).not.toBe(first)
    await page.keyboard.press('ArrowUp')
    expect(await active()).toBe(first)
    // Words of the name find it; Enter runs it once the palette is gone.
    await page.keyboard.type('page set')
    expect(await palette.getByRole('option').first().textContent()).toContain('Page setup…')
    await page.keyboard.press('Enter')
    await palette.waitFor({ state: 'detached' })
    const dialog = page.getByRole('dialog', { name: 'Page setup for export' })
    await dialog.waitFor()
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    // F1 opens it too; a view command runs; Escape closes without running anything.
    await page.keyboard.press('F1')
    await palette.waitFor()
    await page.keyboard.type('preview only')
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByTestId('editor').isVisible()).toBe(false)
    await page.keyboard.press('Control+Shift+P')
    await palette.waitFor()
    await page.keyboard.type('zzzz')
    expect(await palette.getByText('No command matches').count()).toBe(1)
    await page.keyboard.press('Escape')
    await palette.waitFor({ state: 'detached' })
    // Go to the editor brings the editor back and focuses it.
    await page.keyboard.press('Control+Shift+P')
    await page.keyboard.type('go to the editor')
    await page.keyboard.press('Enter')
    await expect.poll(async () => (await focused(page)).editor).toBe(true)
    expect(errors).toEqual([])
    await context.close()
  })

  it('the shortcut sheet opens with ? (not while typing) and Ctrl+/, from the same registry', async () => {
    const { context, page, errors } = await fresh()
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
    await page.keyboard.press('?')
    await sheet.waitFor()
    for (const [command, keys] of [
      ['export', 'Ctrl+Shift+E'],
      ['print', 'Ctrl+P'],
      ['palette', 'Ctrl+Shift+P'],
      ['format-bold', 'Ctrl+B'],
      ['format-link', 'Ctrl+K'],
    ] as const) {
      expect(await sheet.locator(`[data-command="${command}"]`).textContent(), command).toContain(keys)
    }
    await page.keyboard.press('Escape')
    await sheet.waitFor({ state: 'detached' })
    // In the editor, ? is text.
    await page.click('[data-testid="editor"] .cm-content')
    await page.keyboard.press('End')
    await page.keyboard.type('?')
    expect(await sheet.count()).toBe(0)
    expect(await editorText(page)).toContain('?')
    // Ctrl+/ works there too (before the editor's own use of it).
    await page.keyboard.press('Control+/')
    await sheet.waitFor()
    await sheet.getByRole('button', { name: 'Close' }).click()
    await sheet.waitFor({ state: 'detached' })
    await expect.poll(async () => (await focused(page)).editor).toBe(true)
    expect(errors).toEqual([])
    await context.close()
  })

  it('the More menu holds what the top bar hides, by pointer and by keyboard', async () => {
    const { context, page, errors } = await fresh({ width: 375, height: 740 })
    const more = page.getByRole('button', { name: 'More actions' })
    const menu = page.getByRole('menu', { name: 'More actions' })
    await more.focus()
    await page.keyboard.press('ArrowDown')
    await menu.waitFor()
    expect((await focused(page)).text).toContain('New document')
    await page.keyboard.press('ArrowDown')
    expect((await focused(page)).text).toContain('Open…')
    await page.keyboard.press('End')
    expect((await focused(page)).text).toContain('Keyboard shortcuts')
    await page.keyboard.press('Escape')
    await menu.waitFor({ state: 'hidden' })
    expect((await focused(page)).label).toBe('More actions')
    // Page setup is hidden from the phone's top bar, not out of reach.
    await more.click()
    await menu.getByRole('menuitem', { name: /Page setup/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Page setup for export' })
    await dialog.waitFor()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })
    expect((await focused(page)).label).toBe('More actions')
    // A click elsewhere closes it.
    await more.click()
    await menu.waitFor()
    await page.mouse.click(20, 400)
    await menu.waitFor({ state: 'hidden' })
    expect(errors).toEqual([])
    await context.close()
  })

  it('Ctrl+B and Ctrl+I typed around bold and italic text leave no stray asterisks', async () => {
    const { context, page, errors } = await fresh()
    await replaceText(page, '')
    await page.keyboard.type('Say ')
    await page.keyboard.press('Control+b')
    await page.keyboard.type('hello')
    await page.keyboard.press('Control+b')
    await page.keyboard.type(' and ')
    await page.keyboard.press('Control+i')
    await page.keyboard.type('more')
    await page.keyboard.press('Control+i')
    await page.keyboard.type('.')
    await expect.poll(() => editorText(page)).toBe('Say **hello** and *more*.')
    // Right after the bold word, Ctrl+B goes back into it: what is typed is bold.
    await page.keyboard.press('Home')
    for (let i = 0; i < 'Say **hello**'.length; i++) await page.keyboard.press('ArrowRight')
    await page.keyboard.press('Control+b')
    await page.keyboard.type('!')
    await expect.poll(() => editorText(page)).toBe('Say **hello!** and *more*.')
    const preview = page.locator('[data-testid="preview"]')
    await expect.poll(() => preview.locator('strong').first().textContent()).toBe('hello!')
    expect(await preview.locator('em').first().textContent()).toBe('more')
    expect(await preview.textContent()).not.toContain('*')
    expect(errors).toEqual([])
    await context.close()
  })

  it('prints the preview alone, every block of it, on the paper of Page setup', async () => {
    const { context, page, errors } = await fresh()
    // Long enough that the preview draws only the blocks near its viewport.
    const paragraphs = Array.from({ length: 600 }, (_, i) => `Paragraph ${i + 1} of the long report.`).join('\n\n')
    await replaceText(page, `# Long report\n\n${paragraphs}\n`)
    const preview = page.locator('[data-testid="preview"]')
    await expect.poll(() => preview.locator('p').last().textContent().catch(() => '')).not.toBe('')
    const drawn = await preview.locator(':scope > [data-block]').count()
    expect(drawn).toBeLessThan(601)
    // Letter, landscape.
    await page.getByRole('button', { name: 'Page setup' }).click()
    const dialog = page.getByRole('dialog', { name: 'Page setup for export' })
    await dialog.getByLabel('Page size').selectOption('Letter')
    await dialog.getByLabel('Orientation').selectOption('landscape')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await dialog.waitFor({ state: 'detached' })
    // The print dialog is the browser's: stand in for it, and count what it would print.
    await page.evaluate(() => {
      const scope = window as unknown as { printed?: number }
      window.print = () => {
        scope.printed = document.querySelectorAll('[data-testid="preview"] > [data-block]').length
      }
    })
    await page.keyboard.press('Control+p')
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed?: number }).printed)).toBe(601)
    // Print CSS: the preview alone, on white, no screen chrome.
    await page.emulateMedia({ media: 'print' })
    const shown = await page.evaluate(() =>
      Object.fromEntries(['.topbar', '.sidebar', '.editor-pane', '.messages', '.statusbar', '.preview-pane'].map((selector) => [selector, getComputedStyle(document.querySelector(selector)!).display !== 'none'])),
    )
    expect(shown).toEqual({ '.topbar': false, '.sidebar': false, '.editor-pane': false, '.messages': false, '.statusbar': false, '.preview-pane': true })
    expect(await page.locator('.page').evaluate((element) => getComputedStyle(element).boxShadow)).toBe('none')
    // A PDF of it is on US Letter, landscape (792 × 612 pt).
    await page.emulateMedia({ media: null })
    const pdf = await page.pdf({ preferCSSPageSize: true })
    const box = /\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(pdf.toString('latin1'))
    expect(box && [Math.round(Number(box[1])), Math.round(Number(box[2]))]).toEqual([792, 612])
    expect(errors).toEqual([])
    await context.close()
  })

  it('passes an axe-core audit (no serious or critical findings) on each screen', async () => {
    const findings: string[] = []
    const audit = async (page: Page, screen: string) => findings.push(...(await axeViolations(page)).map((finding) => `${screen}: ${finding}`))
    for (const scheme of ['light', 'dark'] as const) {
      const { context, page } = await fresh({ width: 1440, height: 900 }, scheme)
      await audit(page, `main (${scheme})`)
      await page.getByRole('button', { name: 'Page setup' }).click()
      await page.getByRole('dialog', { name: 'Page setup for export' }).waitFor()
      await audit(page, `page setup (${scheme})`)
      await page.keyboard.press('Escape')
      await page.keyboard.press('Control+Shift+P')
      await page.getByRole('dialog', { name: 'Command palette' }).waitFor()
      await page.keyboard.type('save')
      await audit(page, `palette (${scheme})`)
      await page.keyboard.press('Escape')
      await page.keyboard.press('Control+/')
      await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor()
      await audit(page, `shortcuts (${scheme})`)
      await context.close()
    }
    const { context, page } = await fresh({ width: 375, height: 740 })
    await audit(page, 'phone, editor')
    await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Preview' }).click()
    await audit(page, 'phone, preview')
    await page.getByRole('button', { name: 'Documents and outline' }).click()
    await page.getByRole('dialog', { name: 'Documents and outline' }).waitFor()
    await audit(page, 'phone, drawer')
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'More actions' }).click()
    await page.getByRole('menu').waitFor()
    await audit(page, 'phone, menu')
    await context.close()
    expect(findings).toEqual([])
  })
})
