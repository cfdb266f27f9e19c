/**
 * Helpers for the jsdom tests: layout APIs CodeMirror calls while measuring (they answer "no
 * layout" here), and a fresh database per storage test.
 */
import 'fake-indexeddb/auto'
import { afterEach, beforeAll } from 'vitest'
import { openDatabase, resetDatabaseConnection } from '../../src/storage/db.js'

const rect = (): DOMRect => ({ x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) }) as DOMRect

export function installLayoutStubs(): void {
  const range = Range.prototype as unknown as { getClientRects?: () => DOMRectList; getBoundingClientRect?: () => DOMRect }
  range.getClientRects = () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList
  range.getBoundingClientRect = rect
  if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {}
  if (typeof window.matchMedia !== 'function') {
    window.matchMedia = (query: string) =>
      ({ matches: false, media: query, onchange: null, addEventListener: () => {}, removeEventListener: () => {}, addListener: () => {}, removeListener: () => {}, dispatchEvent: () => false }) as MediaQueryList
  }
  const scope = globalThis as unknown as { CSS?: { escape?: (value: string) => string } }
  if (typeof scope.CSS?.escape !== 'function') scope.CSS = { ...scope.CSS, escape: (value: string) => value.replace(/["\\]/g, '\\$&') }
}

/** Closes the app's database and deletes it: each storage test starts with nothing stored. */
export async function deleteAppDatabase(): Promise<void> {
  const db = await openDatabase()
  db.close()
  resetDatabaseConnection()
  await new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase('markdocx')
    request.onsuccess = request.onerror = () => resolve()
  })
}

/**
 * For a test file that makes CodeMirror views: the layout stubs before its tests, and every view
 * it keeps destroyed after each test. Returns `keep`, which registers a view and returns it.
 */
export function editorViews(): <T extends { destroy(): void }>(view: T) => T {
  const views: Array<{ destroy(): void }> = []
  beforeAll(installLayoutStubs)
  afterEach(() => {
    for (const view of views.splice(0)) view.destroy()
  })
  return (view) => {
    views.push(view)
    return view
  }
}
