import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { markdownToDocx } from '../../src/convert.js'
import { convertOutput, DOCX_MIME, packDocx, readPart } from '../../src/docx/ooxml/pack.js'
import { toDocx } from '../../src/docx/to-docx.js'
import { parseMarkdown } from '../../src/markdown/parse.js'
import { inspect } from '../support/docx.js'
import { zipEntries } from '../support/structure.js'

const MARKDOWN = `---
title: Same every time
---

# Heading

A [link](https://example.com) and a note[^1].

- one
- two

| a | b |
|---|---|
| 1 | 2 |

![tiny](data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABgAAAAMAQMAAABC/u82AAAABlBMVEXy8vIvVJYXDHMwAAAAE0lEQVR42mNYtWoVQ2hoKAORNAC6gxHv8qDT9gAAAABJRU5ErkJggg==)

[^1]: The note.
`

async function bytes(): Promise<Uint8Array> {
  return (await markdownToDocx(MARKDOWN)).data
}

describe('packing and output forms', () => {
  it('gives byte-identical output for the same input, twice in one process', async () => {
    const first = await bytes()
    // Something else converted in between must not change the next result (no process-wide counters).
    await markdownToDocx('# Other\n\n[^x] text[^x]\n\n[^x]: n\n\n## Other\n')
    const second = await bytes()
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true)
  })

  it('compresses every part with DEFLATE (images too), with fixed timestamps', async () => {
    const data = await bytes()
    inspect(data, [], 'pack')
    const entries = zipEntries(data)
    expect(entries.length).toBeGreaterThan(8)
    expect(entries.filter((e) => e.method !== 8).map((e) => e.name)).toEqual([])
    const xml = entries.find((e) => e.name === 'word/document.xml')!
    expect(xml.compressedSize).toBeLessThan(xml.size)
  })

  it('gives the same document as Uint8Array, ArrayBuffer, Buffer, base64, Blob and stream', async () => {
    const reference = Buffer.from(await bytes())
    const arraybuffer = (await markdownToDocx(MARKDOWN, { output: 'arraybuffer' })).data
    expect(arraybuffer).toBeInstanceOf(ArrayBuffer)
    expect(Buffer.from(arraybuffer).equals(reference)).toBe(true)
    const nodebuffer = (await markdownToDocx(MARKDOWN, { output: 'nodebuffer' })).data
    expect(Buffer.isBuffer(nodebuffer)).toBe(true)
    expect(nodebuffer.equals(reference)).toBe(true)
    const base64 = (await markdownToDocx(MARKDOWN, { output: 'base64' })).data
    expect(Buffer.from(base64, 'base64').equals(reference)).toBe(true)
    const blob = (await markdownToDocx(MARKDOWN, { output: 'blob' })).data
    expect(blob.type).toBe(DOCX_MIME)
    expect(Buffer.from(await blob.arrayBuffer()).equals(reference)).toBe(true)
    const stream = (await markdownToDocx(MARKDOWN, { output: 'stream' })).data
    const chunks: Buffer[] = []
    for await (const chunk of Readable.fromWeb(stream as import('node:stream/web').ReadableStream<Uint8Array>)) chunks.push(Buffer.from(chunk as Uint8Array))
    expect(Buffer.concat(chunks).equals(reference)).toBe(true)
  })

  it('gives word/document.xml as a string, and any part through readPart', async () => {
    const xml = (await markdownToDocx(MARKDOWN, { output: 'xml' })).data
    expect(xml.startsWith('<?xml')).toBe(true)
    expect(xml).toContain('<w:body>')
    expect(xml).toBe(readPart(await bytes(), 'word/document.xml'))
    expect(readPart(await bytes(), 'word/nothing.xml')).toBeUndefined()
  })

  it('pretty-prints every XML part with a two-blank indent on request', async () => {
    const pretty = (await markdownToDocx(MARKDOWN, { pretty: true })).data
    inspect(pretty, [], 'pretty')
    for (const part of ['word/document.xml', 'word/styles.xml', 'word/numbering.xml']) {
      const text = readPart(pretty, part)!
      const indents = text.split('\n').map((line) => /^ */.exec(line)![0].length)
      expect(indents.some((n) => n === 2)).toBe(true)
      expect(indents.every((n) => n % 2 === 0)).toBe(true)
      expect(text).not.toMatch(/\t/)
    }
    // Pretty printing must not change text content (xml:space runs stay as they are).
    expect(readPart(pretty, 'word/document.xml')).toContain('>Heading</w:t>')
  })

  it('packs a Document from toDocx directly (the library’s lower level)', async () => {
    const { tree } = parseMarkdown('# From a tree')
    const data = await packDocx(toDocx(tree))
    expect(readPart(data, 'word/document.xml')).toContain('From a tree')
    expect(convertOutput(data, 'base64')).toBe(Buffer.from(data).toString('base64'))
  })

  it('writes no clock time into the package (core properties dated only from front matter)', async () => {
    const core = readPart(await bytes(), 'docProps/core.xml')!
    expect(core).toContain('<dc:title>Same every time</dc:title>')
    expect(core).not.toContain('dcterms:created')
    const dated = readPart((await markdownToDocx('---\ndate: 2024-03-05\n---\n\nx')).data, 'docProps/core.xml')!
    expect(dated).toContain('<dcterms:created xsi:type="dcterms:W3CDTF">2024-03-05T00:00:00Z</dcterms:created>')
  })
})
