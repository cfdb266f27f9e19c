/**
 * No lost work, in Chromium: the tab closed without unload handlers, the renderer crashed and
 * the whole browser process killed right after multi-line typing, pastes, undo/redo and a
 * document switch — every character comes back. Storage that fills up (a transaction aborted
 * with QuotaExceededError, or a put that throws it) or is missing (no `indexedDB`, an open()
 * that fails as in private modes): a visible warning, an editor and preview that keep working,
 * and an export that still has every word. Two tabs editing one document: nothing typed in
 * either is lost or silently replaced.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { strFromU8, unzipSync } from 'fflate'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { CHROMIUM, editorText, launch, newContext, openApp, settled } from './browser.js'

const url = inject('appUrl')
const work = mkdtempSync(join(tmpdir(), 'markdocx-storage-'))

let browser: Browser

beforeAll(async () => {
  browser = await launch()
})

afterAll(async () => {
  await browser?.close()
  rmSync(work, { recursive: true, force: true })
})

/** Clears the editor with the keyboard and leaves the cursor in it. */
async function clearEditor(page: Page): Promise<void> {
  await page.click('[data-testid="editor"] .cm-content')
  await page.keyboard.press('Control+A')
  await page.keyboard.press('Delete')
}

/** The whole text of the open document as the editor holds it (all lines, not only those on screen). */
async function fullText(page: Page): Promise<string> {
  // The editor is small enough in these tests that every line is rendered.
  return editorText(page)
}

async function exportedText(page: Page): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.click('[data-testid="export-docx"]')])
  const path = join(work, `${Date.now()}.docx`)
  await download.saveAs(path)
  const xml = strFromU8(unzipSync(new Uint8Array(readFileSync(path)))['word/document.xml']!)
  return [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((match) => match[1]).join('')
}

describe('every character comes back', () => {
  it('after multi-line typing, a paste, undo and redo, and a close without unload handlers', async () => {
    const context = await newContext(browser)
    // The pauses between the steps (which make the paste, and the last words, undo steps of their
    // own: CodeMirror starts a new one after half a second) are the page's clock moved on, not waited for.
    await context.clock.install()
    const page = await context.newPage()
    await openApp(page, url)
    await clearEditor(page)
    await page.keyboard.type('# Minutes\n\nFirst line\nsecond line, äöü ß € 😀')
    await page.clock.fastForward(600)
    await page.keyboard.insertText('\n\n| a | b |\n|---|---|\n| 1 | 2 |\n')
    await page.clock.fastForward(600)
    const pasted = await fullText(page)
    expect(pasted).toBe('# Minutes\n\nFirst line\nsecond line, äöü ß € 😀\n\n| a | b |\n|---|---|\n| 1 | 2 |\n')
    // Undo takes the paste away, redo brings it back.
    await page.keyboard.press('Control+z')
    await expect.poll(() => fullText(page)).toBe('# Minutes\n\nFirst line\nsecond line, äöü ß € 😀')
    await page.keyboard.press('Control+Shift+KeyZ')
    await expect.poll(() => fullText(page)).toBe(pasted)
    await page.clock.fastForward(600)
    // The last keystrokes: typed, undone, redone, one more — and the tab is gone at once.
    await page.keyboard.type('Last words')
    await page.keyboard.press('Control+z')
    await page.keyboard.press('Control+y')
    await page.keyboard.type('!')
    await page.close({ runBeforeUnload: false })

    const again = await context.newPage()
    await openApp(again, url)
    await expect.poll(() => fullText(again)).toBe(`${pasted}Last words!`)
    await context.close()
  })

  it('after a document switch right before the tab is closed', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    await openApp(page, url)
    await clearEditor(page)
    await page.keyboard.type('# Alpha\n\nTyped in the first document')
    // Straight to a new document, and type there.
    await page.getByRole('button', { name: 'New', exact: true }).click()
    await expect.poll(() => page.locator('.documents .doc-name').count()).toBe(2)
    await page.click('[data-testid="editor"] .cm-content')
    await page.keyboard.type('# Beta\n\nTyped in the second')
    await page.close({ runBeforeUnload: false })

    const again = await context.newPage()
    await openApp(again, url)
    await expect.poll(() => fullText(again)).toBe('# Beta\n\nTyped in the second')
    await again.locator('.documents .doc-name', { hasText: 'Welcome to markdocx' }).click()
    await expect.poll(() => fullText(again)).toBe('# Alpha\n\nTyped in the first document')
    await context.close()
  })

  it('after the tab’s renderer crashes', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    await openApp(page, url)
    await clearEditor(page)
    await page.keyboard.type('Before the crash\nline two')
    const crashed = new Promise((resolve) => page.once('crash', resolve))
    const cdp = await context.newCDPSession(page)
    void cdp.send('Page.crash').catch(() => undefined)
    await crashed

    const again = await context.newPage()
    await openApp(again, url)
    await expect.poll(() => fullText(again)).toBe('Before the crash\nline two')
    await context.close()
  })

  it('after the browser process is killed', async () => {
    const profile = mkdtempSync(join(tmpdir(), 'markdocx-profile-'))
    const first = await ownChromium(profile)
    const page = await first.context.newPage()
    await openApp(page, url)
    await clearEditor(page)
    await page.keyboard.type('Survives a kill -9\nof the whole browser')
    // The process dies as soon as the app says the last keystroke is saved: its journal entry
    // has committed (milliseconds after it; the snapshot comes seconds later). Killed before
    // that, under load, the browser had once not yet taken the last character's entry.
    await expect.poll(() => page.locator('.statusbar .save-state').textContent(), { interval: 5 }).toBe('Saved in this browser')
    first.kill()
    await first.browser.close().catch(() => undefined)

    const second = await ownChromium(profile)
    const again = await second.context.newPage()
    await openApp(again, url)
    await expect.poll(() => fullText(again)).toBe('Survives a kill -9\nof the whole browser')
    second.kill()
    await second.browser.close().catch(() => undefined)
    rmSync(profile, { recursive: true, force: true })
  })
})

/** Chromium started by the test itself, on a profile folder, so the test can kill its process. */
async function ownChromium(profile: string): Promise<{ browser: Browser; context: BrowserContext; kill: () => void }> {
  const child: ChildProcess = spawn(
    CHROMIUM,
    ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--no-default-browser-check', `--user-data-dir=${profile}`, '--remote-debugging-port=0', 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  )
  const endpoint = await new Promise<string>((resolve, reject) => {
    let output = ''
    const timer = setTimeout(() => reject(new Error(`Chromium did not start: ${output}`)), 30_000)
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const found = /DevTools listening on (ws:\/\/\S+)/.exec(output)
      if (found) {
        clearTimeout(timer)
        resolve(found[1]!)
      }
    })
    child.once('exit', () => reject(new Error(`Chromium exited: ${output}`)))
  })
  const connected = await chromium.connectOverCDP(endpoint)
  const context = connected.contexts()[0]!
  return {
    browser: connected,
    context,
    // The whole process group: the browser and its renderers, as a crash takes them.
    kill: () => {
      if (child.pid) process.kill(-child.pid, 'SIGKILL')
    },
  }
}

/**
 * Storage failures, installed before the app's scripts. `mode`:
 * - `abort`: once `window.__quotaFull` is set, every write transaction aborts with
 *   QuotaExceededError (what a full disk does);
 * - `throw`: once it is set, put() and add() throw QuotaExceededError;
 * - `missing`: there is no `indexedDB`;
 * - `refused`: indexedDB.open() fails, as in private modes that refuse storage.
 */
function breakStorage(mode: 'abort' | 'throw' | 'missing' | 'refused'): void {
  const w = window as unknown as { __quotaFull?: boolean }
  const quota = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError')
  if (mode === 'missing') {
    Object.defineProperty(window, 'indexedDB', { value: undefined, configurable: true })
    return
  }
  if (mode === 'refused') {
    IDBFactory.prototype.open = function open(): IDBOpenDBRequest {
      const request = { error: new DOMException('The operation failed for reasons unrelated to the database itself and not covered by any other error code.', 'UnknownError'), result: undefined, readyState: 'done', onerror: null, onsuccess: null, onupgradeneeded: null, onblocked: null } as unknown as IDBOpenDBRequest & { onerror: ((event: Event) => void) | null }
      setTimeout(() => request.onerror?.(new Event('error')), 0)
      return request
    }
    return
  }
  for (const method of ['put', 'add'] as const) {
    const original = IDBObjectStore.prototype[method]
    IDBObjectStore.prototype[method] = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>): IDBRequest<IDBValidKey> {
      if (!w.__quotaFull) return original.apply(this, args)
      if (mode === 'throw') throw quota()
      const request = original.apply(this, args)
      const transaction = this.transaction
      const error = quota()
      Object.defineProperty(transaction, 'error', { get: () => error })
      transaction.abort()
      return request
    }
  }
}

describe('a database written by an earlier version', () => {
  it('keeps its documents: version 1 kept each text in its record, version 2 moves it to the texts store', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    // A page of the app's origin that runs no app code, to write the old database.
    await page.goto(`${url}manifest.webmanifest`)
    await page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const request = indexedDB.open('markdocx', 1)
          request.onupgradeneeded = () => {
            const db = request.result
            const documents = db.createObjectStore('documents', { keyPath: 'id' })
            db.createObjectStore('journal', { keyPath: ['documentId', 'seq'] })
            db.createObjectStore('assets', { keyPath: ['documentId', 'path'] })
            db.createObjectStore('settings')
            documents.put({ id: 'old-1', name: 'From version one', text: '# Kept across the upgrade\n\nWritten by version 1.\n', seq: 0, cursor: { anchor: 0, head: 0 }, createdAt: 1, updatedAt: Date.now() })
          }
          request.onsuccess = () => {
            request.result.close()
            resolve()
          }
          request.onerror = () => reject(request.error)
        }),
    )
    await openApp(page, url)
    await page.locator('.documents .doc-name', { hasText: 'From version one' }).click()
    await expect.poll(() => fullText(page)).toBe('# Kept across the upgrade\n\nWritten by version 1.\n')
    await expect.poll(() => page.locator('[data-testid="preview"] h1').first().textContent()).toBe('Kept across the upgrade')
    const stores = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const request = indexedDB.open('markdocx')
          request.onsuccess = () => {
            const names = [...request.result.objectStoreNames].join(',')
            request.result.close()
            resolve(names)
          }
        }),
    )
    expect(stores.split(',')).toContain('texts')
    await context.close()
  })
})

describe('storage that fails', () => {
  const scenarios = [
    { mode: 'abort', when: 'fills up during the session', warning: /storage is full/ },
    { mode: 'throw', when: 'throws QuotaExceededError from put()', warning: /storage is full/ },
    { mode: 'missing', when: 'is missing (no indexedDB)', warning: /cannot be saved in this browser/ },
    { mode: 'refused', when: 'refuses to open (private mode)', warning: /cannot be saved in this browser/ },
  ] as const

  it.each(scenarios)('$when: a warning, a working editor, and an export with every word', async ({ mode, warning }) => {
    const context = await newContext(browser)
    await context.addInitScript(breakStorage, mode)
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await openApp(page, url)
    await page.evaluate(() => ((window as unknown as { __quotaFull: boolean }).__quotaFull = true))
    await clearEditor(page)
    await page.keyboard.type('# Still working\n\nTyped while storage fails.')
    const alert = page.getByRole('alert').filter({ hasText: warning })
    await expect.poll(() => alert.count(), { timeout: 10_000 }).toBeGreaterThan(0)
    expect(await alert.first().isVisible()).toBe(true)
    await expect.poll(() => page.locator('.statusbar').textContent()).toContain('Not saved in this browser')
    // The editor and the preview keep working.
    await page.keyboard.type(' More.')
    await expect.poll(() => page.locator('[data-testid="preview"] p').last().textContent()).toBe('Typed while storage fails. More.')
    expect(await page.locator('[data-testid="preview"] h1').textContent()).toBe('Still working')
    // And the export has it all.
    const text = await exportedText(page)
    expect(text).toContain('Still working')
    expect(text).toContain('Typed while storage fails. More.')
    expect(errors).toEqual([])
    await context.close()
  })
})

describe('two tabs on one document', () => {
  it('never lose or silently replace what either tab types', async () => {
    const context = await newContext(browser)
    const first = await context.newPage()
    await openApp(first, url)
    await clearEditor(first)
    await first.keyboard.type('# Shared\n\nFirst tab, one.')
    const second = await context.newPage()
    await openApp(second, url)
    await expect.poll(() => second.getByRole('alert').filter({ hasText: 'open in another tab' }).count()).toBe(1)
    await expect.poll(() => fullText(second)).toBe('# Shared\n\nFirst tab, one.')

    // Both tabs type, turn by turn.
    await second.click('[data-testid="editor"] .cm-content')
    await second.keyboard.press('Control+End')
    await second.keyboard.type(' Second tab, one.')
    await first.keyboard.type(' First tab, two.')
    await second.keyboard.type(' Second tab, two.')
    await first.keyboard.type(' First tab, three.')
    // The second tab says where its changes go; the first is not disturbed.
    await expect.poll(() => second.getByTestId('forked-notice').textContent()).toContain('Welcome to markdocx (copy)')
    expect(await first.getByRole('alert').count()).toBe(0)
    await first.close({ runBeforeUnload: false })
    await second.close({ runBeforeUnload: false })

    const third = await context.newPage()
    await openApp(third, url)
    const names = third.locator('.documents .doc-name')
    await expect.poll(() => names.allTextContents()).toEqual(expect.arrayContaining(['Welcome to markdocx', 'Welcome to markdocx (copy)']))
    await names.filter({ hasText: /^Welcome to markdocx$/ }).click()
    await expect.poll(() => fullText(third)).toBe('# Shared\n\nFirst tab, one. First tab, two. First tab, three.')
    await names.filter({ hasText: '(copy)' }).click()
    await expect.poll(() => fullText(third)).toBe('# Shared\n\nFirst tab, one. Second tab, one. Second tab, two.')
    await context.close()
  })

  it('a second tab that only reads changes nothing', async () => {
    const context = await newContext(browser)
    const first = await context.newPage()
    await openApp(first, url)
    await clearEditor(first)
    await first.keyboard.type('Only the first tab writes.')
    const second = await context.newPage()
    await openApp(second, url)
    await expect.poll(() => fullText(second)).toBe('Only the first tab writes.')
    // Scrolling, selecting and copying are not edits: no copy is made.
    await second.click('[data-testid="editor"] .cm-content')
    await second.keyboard.press('Control+A')
    await second.keyboard.press('Control+C')
    // Had a keystroke counted as an edit, the copy would have begun: its write to the documents
    // store comes before a read-write transaction on that store made once the keystrokes have had
    // their turn (IndexedDB runs such transactions in the order they were made).
    await settled(second)
    const stored = await second.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const opening = indexedDB.open('markdocx')
          opening.onerror = () => reject(opening.error)
          opening.onsuccess = () => {
            const transaction = opening.result.transaction('documents', 'readwrite')
            const count = transaction.objectStore('documents').count()
            transaction.oncomplete = () => {
              opening.result.close()
              resolve(count.result)
            }
            transaction.onerror = () => reject(transaction.error)
          }
        }),
    )
    expect(stored).toBe(1)
    expect(await second.locator('.documents .doc-name').allTextContents()).toEqual(['Welcome to markdocx'])
    await context.close()
  })
})
