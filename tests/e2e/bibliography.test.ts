/**
 * Bibliography and style in the app (issue 13): a .bib opened like any file is stored with the
 * document and named in its front matter; `[@key]` then shows formatted in the preview with a
 * reference list, the Bibliography dialog switches the style (IEEE numbers it), the export holds
 * the reference, and a broken .bib is reported in the messages panel (bibliography-invalid).
 */
import { readFileSync } from 'node:fs'
import { strFromU8, unzipSync } from 'fflate'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { axeViolations } from './axe.js'
import { editorText, launch, newContext, openApp, replaceText, watch } from './browser.js'

const url = inject('appUrl')
let browser: Browser

beforeAll(async () => {
  browser = await launch()
})

afterAll(async () => {
  await browser?.close()
})

const BIB = `@book{knuth1984,
  author = {Knuth, Donald E.},
  title = {The {TeX}book},
  publisher = {Addison-Wesley},
  address = {Reading, MA},
  year = {1984}
}
`

function documentText(bytes: Uint8Array): string {
  const xml = strFromU8(unzipSync(bytes)['word/document.xml']!)
  // What Word shows: field instructions (the citation's kept source) are not text.
  return xml.replace(/<w:instrText\b[^>]*>[^<]*<\/w:instrText>/g, '').replace(/<w:tab\/>/g, '\t').replace(/<[^>]+>/g, '')
}

describe('bibliography in the app', () => {
  it('loads a .bib, formats [@key] with a reference list, switches the style and exports the reference', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    const { errors } = watch(page)
    await openApp(page, url)
    await replaceText(page, '# Paper\n\nTeX is described elsewhere [@knuth1984].\n')

    // Opened like any file (the Open button's input): stored with the document, named in its front matter.
    await page.setInputFiles('[data-testid="open-file"]', { name: 'refs.bib', mimeType: 'text/x-bibtex', buffer: Buffer.from(BIB) })
    await expect.poll(() => editorText(page)).toBe('---\nbibliography: refs.bib\n---\n\n# Paper\n\nTeX is described elsewhere [@knuth1984].\n')
    const preview = page.locator('[data-testid="preview"]')
    const citation = preview.locator('span.citation').first()
    await expect.poll(() => citation.textContent(), { timeout: 60_000 }).toBe('(Knuth 1984)')
    const entry = preview.locator('.csl-entry').first()
    await expect.poll(() => entry.textContent()).toContain('The TeXbook')
    expect(await preview.locator('h1', { hasText: 'References' }).count()).toBe(1)

    // The dialog, from the command palette: the file is listed, IEEE numbers the citation.
    await page.keyboard.press('Control+Shift+P')
    const palette = page.getByRole('dialog', { name: 'Command palette' })
    await palette.getByRole('combobox', { name: 'Search commands' }).fill('bibliography')
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Bibliography and citation style' })
    await dialog.waitFor()
    expect(await dialog.getByTestId('bibliography-file').allTextContents()).toEqual([expect.stringContaining('refs.bib')])
    // As every other dialog: no serious or critical axe-core finding.
    expect(await axeViolations(page)).toEqual([])
    await dialog.getByLabel('Style').selectOption('ieee')
    await expect.poll(() => editorText(page)).toBe('---\nbibliography: refs.bib\ncsl: ieee\n---\n\n# Paper\n\nTeX is described elsewhere [@knuth1984].\n')
    await dialog.getByRole('button', { name: 'Done' }).click()
    await expect.poll(() => citation.textContent(), { timeout: 30_000 }).toBe('[1]')
    await expect.poll(() => entry.textContent()).toMatch(/D\. E\. Knuth, .*The TeXbook/)

    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.click('[data-testid="export-docx"]')])
    const text = documentText(new Uint8Array(readFileSync(await download.path())))
    expect(text).toContain('TeX is described elsewhere [1]')
    expect(text).toContain('The TeXbook')
    expect(text).toContain('Addison-Wesley')
    expect(await page.locator('[data-testid="messages"] [data-rule^="bibliography"], [data-testid="messages"] [data-rule="csl-invalid"]').count()).toBe(0)
    expect(errors).toEqual([])
    await context.close()
  })

  it('reports a broken bibliography and an unreadable style in the messages panel', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    const { errors } = watch(page)
    await openApp(page, url)
    await replaceText(page, 'See [@knuth1984].\n')
    // Dropped on the editor: stored and named, not inserted as text.
    const dropped = await page.evaluateHandle(() => {
      const transfer = new DataTransfer()
      transfer.items.add(new File(['@book{knuth1984, title = {Unclosed\n'], 'broken.bib'))
      return transfer
    })
    const box = (await page.locator('[data-testid="editor"] .cm-content').boundingBox())!
    await page.dispatchEvent('[data-testid="editor"] .cm-content', 'drop', { dataTransfer: dropped, clientX: box.x + 10, clientY: box.y + 5 })
    await expect.poll(() => editorText(page)).toBe('---\nbibliography: broken.bib\n---\n\nSee [@knuth1984].\n')
    // A style loaded in the dialog, from the More menu.
    await page.getByRole('button', { name: 'More actions' }).click()
    await page.getByRole('menuitem', { name: 'Bibliography and citation style…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Bibliography and citation style' })
    await dialog.getByTestId('csl-input').setInputFiles({ name: 'odd.csl', mimeType: 'application/xml', buffer: Buffer.from('<style>not CSL</style>') })
    await expect.poll(() => editorText(page)).toBe('---\nbibliography: broken.bib\ncsl: odd.csl\n---\n\nSee [@knuth1984].\n')
    // The style list is read from storage after the write: poll, not read once.
    await expect.poll(() => dialog.getByTestId('citation-style').inputValue()).toBe('odd.csl')
    await page.keyboard.press('Escape')
    const messages = page.locator('[data-testid="messages"]')
    await messages.locator('[data-rule="bibliography-invalid"]').first().waitFor({ timeout: 60_000 })
    await messages.locator('[data-rule="csl-invalid"]').first().waitFor({ timeout: 30_000 })
    // Placed at the front matter, which names the files.
    expect(await messages.locator('[data-rule="bibliography-invalid"] .where').first().textContent()).toBe('Line 1')
    // Page setup leads to the dialog too; closing it gives the focus back to the page.
    await page.getByRole('button', { name: 'Page setup' }).click()
    await page.getByRole('dialog', { name: 'Page setup for export' }).getByRole('button', { name: 'Bibliography…' }).click()
    await dialog.waitFor()
    await expect.poll(() => dialog.getByTestId('citation-style').inputValue()).toBe('odd.csl')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect(errors).toEqual([])
    await context.close()
  })
})
