/**
 * The whole app in jsdom (the worker's engine runs in the page): the sample on a first visit,
 * the testids, export through a real <a download>, and a visible error — with the editor still
 * working — when the browser's storage is unavailable.
 */
import 'fake-indexeddb/auto'
import { cleanup, render, screen, waitFor, fireEvent } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { App } from '../../src/app/App.js'
import { resetDatabaseConnection } from '../../src/storage/db.js'
import { WorkerClient } from '../../src/worker/client.js'
import { installLayoutStubs } from './setup.js'

beforeAll(installLayoutStubs)

beforeEach(async () => {
  resetDatabaseConnection()
  await new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase('markdocx')
    request.onsuccess = request.onerror = request.onblocked = () => resolve()
  })
})

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('App', () => {
  it('opens the sample with the stable test ids', async () => {
    render(<App />)
    await waitFor(() => expect(screen.getByTestId('preview').querySelector('h1')?.textContent).toBe('Welcome to markdocx'), { timeout: 15_000 })
    expect(screen.getByTestId('editor').querySelector('.cm-content')).not.toBeNull()
    expect(screen.getByTestId('export-docx').textContent).toBe('Export .docx')
    expect(screen.getByTestId('open-file').getAttribute('type')).toBe('file')
    expect(screen.getByTestId('messages').textContent).toContain('What will not survive into Word')
    expect(screen.getByRole('toolbar', { name: 'Formatting' }).querySelectorAll('button[aria-label]').length).toBeGreaterThanOrEqual(12)
    expect(screen.getByRole('button', { name: 'Bold' }).getAttribute('aria-keyshortcuts')).toBe('Control+B')
    await waitFor(() => expect(screen.getByTestId('word-count').textContent).toMatch(/[1-9][\d,]* words/))
    // The outline lists the sample's headings (drawn in a deferred render of its own, Outline.tsx).
    await waitFor(() => expect(screen.getByRole('region', { name: 'Outline' }).textContent).toContain('Tables'))
  })

  it('exports through a real download link named after the title', async () => {
    const created: Blob[] = []
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob)
      return `blob:test-${created.length}`
    })
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
    const clicks: { download: string; href: string }[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ download: this.download, href: this.href })
    })
    render(<App />)
    await waitFor(() => expect(screen.getByTestId('preview').querySelector('h1')).not.toBeNull(), { timeout: 15_000 })
    fireEvent.click(screen.getByTestId('export-docx'))
    await waitFor(() => expect(clicks).toHaveLength(1), { timeout: 30_000 })
    expect(clicks[0]!.download).toBe('Welcome to markdocx.docx')
    const docx = created.find((blob) => blob.type.includes('wordprocessingml'))
    expect(docx?.size).toBeGreaterThan(5000)
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Exported Welcome to markdocx.docx'))
  })

  it('says so when storage is unavailable, and keeps the editor working', async () => {
    const original = indexedDB
    // A browser that refuses IndexedDB (private mode, disabled storage).
    Object.defineProperty(globalThis, 'indexedDB', { value: undefined, configurable: true })
    resetDatabaseConnection()
    try {
      render(<App />)
      await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/cannot be saved|storage/i), { timeout: 15_000 })
      await waitFor(() => expect(screen.getByTestId('preview').querySelector('h1')?.textContent).toBe('Welcome to markdocx'), { timeout: 15_000 })
      expect(screen.getByText('Not saved in this browser')).toBeTruthy()
    } finally {
      Object.defineProperty(globalThis, 'indexedDB', { value: original, configurable: true })
      resetDatabaseConnection()
    }
  })

  it('shows an export failure instead of swallowing it', async () => {
    vi.spyOn(WorkerClient.prototype, 'exportDocx').mockRejectedValue(new Error('the packer ran out of memory'))
    render(<App />)
    await waitFor(() => expect(screen.getByTestId('preview').querySelector('h1')).not.toBeNull(), { timeout: 15_000 })
    fireEvent.click(screen.getByTestId('export-docx'))
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Export failed: the packer ran out of memory'))
    expect(screen.getByTestId('export-docx').hasAttribute('disabled')).toBe(false)
  })
})
