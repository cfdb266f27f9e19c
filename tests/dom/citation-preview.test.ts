/**
 * Citations in the preview (src/worker/citation-source.ts), through the worker client on its
 * in-thread engine: the render awaits the formatting (render is async), reads the bibliography
 * from the document's stored files, never from the network, and answers every render in order.
 */
import 'fake-indexeddb/auto'
import type { Nodes as HastNodes, Root as HastRoot } from 'hast'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { committed, openDatabase, STORES, type AssetRecord } from '../../src/storage/db.js'
import { WorkerClient } from '../../src/worker/client.js'
import type { RenderReply } from '../../src/worker/protocol.js'

const BIB = '@book{doe99, author={Doe, John and Roe, Jane}, title={The Book of Things}, year=1999, publisher={Acme}}\n'

async function store(documentId: string, path: string, text: string): Promise<void> {
  const db = await openDatabase()
  const transaction = db.transaction(STORES.assets, 'readwrite')
  const record: AssetRecord = { documentId, path, type: 'text/plain', bytes: new TextEncoder().encode(text).buffer as ArrayBuffer }
  transaction.objectStore(STORES.assets).put(record)
  await committed(transaction)
}

const until = async (condition: () => boolean, ms = 60_000) => {
  const started = Date.now()
  while (!condition()) {
    if (Date.now() - started > ms) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

function toString(node: HastNodes): string {
  if (node.type === 'text') return node.value
  return 'children' in node ? node.children.map((child) => toString(child)).join('') : ''
}

/** The preview's text, block after block, from the replies so far (the page's view of it). */
function previewText(renders: RenderReply[]): string {
  const known = new Map<string, HastRoot>()
  let keys: string[] = []
  for (const reply of renders) {
    for (const [key, json] of Object.entries(reply.hast)) known.set(key, JSON.parse(json) as HastRoot)
    const { head, tail, blocks } = reply.patch
    keys = [...keys.slice(0, head), ...blocks.map((block) => block.key), ...(tail > 0 ? keys.slice(keys.length - tail) : [])]
  }
  return keys.map((key) => (known.has(key) ? toString(known.get(key)!) : '')).join('\n')
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('citations in the preview', () => {
  it('formats citations against a stored bibliography, and answers renders in order', async () => {
    await store('cited', 'refs.bib', BIB)
    const renders: RenderReply[] = []
    const client = new WorkerClient({ onRender: (reply) => renders.push(reply), onMessages: () => {}, onRenderError: () => {} })
    const text = '---\nbibliography: refs.bib\ncsl: apa\n---\n\nAs @doe99 says [see *this* @doe99, p. 3].\n'
    client.render('cited', () => text)
    await until(() => renders.length === 1)
    expect(previewText(renders)).toContain('As Doe & Roe (1999) says (see this Doe & Roe, 1999, p. 3).')
    expect(previewText(renders)).toContain('Doe, J., & Roe, J. (1999). The Book of Things. Acme.')
    // Typing on: each render waits for its own formatting, and the last text is what shows.
    const at = text.indexOf('says') + 4
    client.edit('cited', [[at, at, ' indeed']], () => `${text.slice(0, at)} indeed${text.slice(at)}`)
    await until(() => renders.length === 2)
    expect(previewText(renders)).toContain('As Doe & Roe (1999) says indeed (see this Doe & Roe, 1999, p. 3).')
    client.dispose()
  }, 120_000)

  it('never fetches a bibliography named by URL: the render answers at once, the citations as written', async () => {
    const fetched: string[] = []
    vi.stubGlobal('fetch', (url: string) => {
      fetched.push(String(url))
      return new Promise(() => {})
    })
    const renders: RenderReply[] = []
    const client = new WorkerClient({ onRender: (reply) => renders.push(reply), onMessages: () => {}, onRenderError: () => {} })
    client.render('remote', () => '---\nbibliography: https://example.invalid/refs.bib\n---\n\nAs @doe99 says.\n')
    await until(() => renders.length === 1, 10_000)
    expect(fetched).toEqual([])
    expect(previewText(renders)).toContain('As @doe99 says.')
    client.dispose()
  })
})
