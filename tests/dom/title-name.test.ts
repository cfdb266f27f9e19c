/**
 * The pieces of "the app as a daily tool" that need no browser: the name a title gives, the
 * file name a document's name gives, and the preview store's "rendered and empty" state that
 * shows the empty-document hint.
 */
import { describe, expect, it } from 'vitest'
import { nameFromTitle } from '../../src/app/hooks/use-title-name.js'
import { documentBaseName, memoryDocument } from '../../src/app/session.js'
import { fullPatch } from '../../src/markdown/preview-hast.js'
import { PreviewStore } from '../../src/preview/store.js'

describe('names from titles', () => {
  it('takes one trimmed line, shortened with an ellipsis past 80 characters', () => {
    expect(nameFromTitle('  Quarterly\n  report ')).toBe('Quarterly report')
    expect(nameFromTitle(undefined)).toBe('')
    const long = nameFromTitle('word '.repeat(40))
    expect(long.length).toBeLessThanOrEqual(80)
    expect(long.endsWith('…')).toBe(true)
  })

  it('gives files a name without the characters a file name cannot hold', () => {
    expect(documentBaseName(memoryDocument('Q3: plan/draft', ''))).toBe('Q3 plan draft')
    expect(documentBaseName(memoryDocument('notes.md', ''))).toBe('notes')
    expect(documentBaseName(memoryDocument('???', ''))).toBe('document')
  })
})

describe('the preview store’s blank state', () => {
  it('is blank only once a render came with nothing to show, not before the first render', () => {
    const store = new PreviewStore()
    expect(store.isBlank()).toBe(false)
    store.apply(fullPatch([]), {})
    expect(store.isBlank()).toBe(true)
    store.clear()
    expect(store.isBlank()).toBe(false)
  })
})
