/**
 * Document → bytes (a DEFLATE-compressed zip), and those bytes in every form callers want:
 * Uint8Array, ArrayBuffer, Node Buffer, base64, Blob, a web ReadableStream, or the main
 * document XML as a string (pretty-printed with two blanks on request).
 */
import { Packer, PrettifyType, type Document } from 'docx'
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate'
import { corePropertiesXml, type CoreProperties } from './core-properties.js'
import { applyPackageEdits, packageEditsOf } from './package-edits.js'
import { spliceStreamed, streamedPartsOf, type StreamedXml } from './streamed-body.js'
import { replaceZipEntry } from './zip-replace.js'
import { normalizeZipTimestamps } from './zip-timestamps.js'

export interface OutputTypes {
  uint8array: Uint8Array
  arraybuffer: ArrayBuffer
  nodebuffer: Buffer
  base64: string
  blob: Blob
  stream: ReadableStream<Uint8Array>
  /** word/document.xml as text. */
  xml: string
}

export type OutputFormat = keyof OutputTypes

export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'

export interface PackOptions {
  /** Indent the XML parts by two blanks (larger files; for reading and diffing). */
  pretty?: boolean
  /** Core properties (title, author…) for docProps/core.xml. */
  core?: CoreProperties
}

/** Streamed components by the part they are written into, in the order docx writes them there. */
function byPart(streamed: readonly StreamedXml[]): Map<string, StreamedXml[]> {
  const parts = new Map<string, StreamedXml[]>()
  for (const item of streamed) {
    const list = parts.get(item.place.part)
    if (list) list.push(item)
    else parts.set(item.place.part, [item])
  }
  return parts
}

/** Packs a Document into .docx bytes: deterministic for the same document and options. */
export async function packDocx(document: Document, options: PackOptions = {}): Promise<Uint8Array> {
  const overrides = [{ path: 'docProps/core.xml', data: corePropertiesXml(options.core ?? {}) }]
  const indent = options.pretty ? '  ' : ''
  const streamed = streamedPartsOf(document)
  for (const item of streamed ?? []) item.indent = indent
  const bytes = await Packer.pack(document, 'uint8array', options.pretty ? PrettifyType.WITH_2_BLANKS : false, overrides)
  const parts = streamed ? byPart(streamed) : undefined
  // A reference document's theme, headers and footers, and style ids (package-edits.ts).
  const edits = packageEditsOf(document)
  if (edits) {
    // Zipped again as docx zips (fflate's defaults), so the bytes are what docx would give.
    const files = unzipSync(bytes)
    for (const [part, items] of parts ?? []) files[part] = strToU8(spliceStreamed(strFromU8(files[part]!), items))
    applyPackageEdits(files, edits)
    return normalizeZipTimestamps(zipSync(files))
  }
  if (parts) {
    // Only the streamed parts change: the other entries (images) are copied, not deflated again.
    let zip = bytes
    for (const [part, items] of parts) zip = replaceZipEntry(zip, part, strToU8(spliceStreamed(readPart(zip, part) ?? '', items)))
    return normalizeZipTimestamps(zip)
  }
  return normalizeZipTimestamps(bytes)
}

/** .docx bytes in the requested form. */
export function convertOutput<F extends OutputFormat>(bytes: Uint8Array, format: F): OutputTypes[F] {
  const outputs: { [K in OutputFormat]: () => OutputTypes[K] } = {
    uint8array: () => bytes,
    arraybuffer: () => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    nodebuffer: () => {
      if (typeof Buffer === 'undefined') throw new Error('Node Buffers are not available here; ask for "uint8array" instead')
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    },
    base64: () => toBase64(bytes),
    blob: () => new Blob([bytes as Uint8Array<ArrayBuffer>], { type: DOCX_MIME }),
    stream: () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          // In 64 KiB slices, so consumers can write as it comes.
          for (let offset = 0; offset < bytes.length; offset += 65536) controller.enqueue(bytes.subarray(offset, offset + 65536))
          controller.close()
        },
      }),
    xml: () => readPart(bytes, 'word/document.xml') ?? '',
  }
  return outputs[format]() as OutputTypes[F]
}

/** One part of a .docx as text (e.g. `word/numbering.xml`), or undefined when absent. */
export function readPart(bytes: Uint8Array, path: string): string | undefined {
  const files = unzipSync(bytes, { filter: (file) => file.name === path })
  const part = files[path]
  return part ? strFromU8(part) : undefined
}

function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (let offset = 0; offset < bytes.length; offset += 32768) binary += String.fromCharCode(...bytes.subarray(offset, offset + 32768))
  return btoa(binary)
}
