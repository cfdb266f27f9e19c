/**
 * A Word .docx → Markdown: the importer's one entry point, pure (bytes in; text, image bytes and
 * messages out), so the app can run it in a worker and the CLI in Node.
 *
 * The path: the zip read with limits (package.ts) → the pre-pass writes what mammoth would lose
 * into the XML as markers (word-markup.ts) → mammoth, loaded on first use, turns the document
 * into HTML through our style map (style-map.ts) → hast → mdast, with notes, comments, tables,
 * captions and the title block read back (html-to-mdast.ts) → the markers resolved into lists,
 * tracked changes, comments and equations (build.ts, blocks.ts, phrasing.ts) →
 * Markdown printed in markdocx's dialect (print.ts). Never throws: a file that is not a Word
 * document, or one that mammoth cannot read, gives empty Markdown and a message saying why.
 */
import type { Root } from 'mdast'
import { buildDocument } from './build.js'
import { stripMarkers } from './markers.js'
import { createListCounter } from './list-numbers.js'
import { MessageLog, type ImportMessage } from './messages.js'
import { decodeXml, findMainPart, readPackage, writePackage, type PackageLimits } from './package.js'
import { printMarkdown } from './print.js'
import { customStyleMap, customStyleNames } from './custom-styles.js'
import { resolveStyles, STYLE_MAP } from './style-map.js'
import { readMarkdocxProperties } from './markdocx-properties.js'
import { markPart, type Equation, type MarkupFindings } from './word-markup.js'
import { readNumbering, readStyles } from './word-styles.js'
import { descendants, parseXml, textOf } from './xml.js'

export interface DocxToMarkdownOptions extends PackageLimits {
  /** Folder the images are named in (default `images`): `images/image1.png`… */
  imageFolder?: string
}

export interface ImportedImage {
  /** Where the Markdown links it: `images/image1.png`. */
  path: string
  bytes: Uint8Array
  contentType: string
}

export interface DocxToMarkdownResult {
  markdown: string
  /** The pictures the Markdown links, each once, in the order they first appear. */
  images: ImportedImage[]
  /** What could not be carried over as it was, and why a file could not be read at all. */
  messages: ImportMessage[]
  /** The mdast tree the Markdown was printed from (for callers that go on working with it). */
  tree: Root
}

/** What mammoth is given and gives, as far as the importer uses it. */
interface MammothImage {
  contentType?: string
  readAsArrayBuffer(): Promise<ArrayBuffer>
}

interface Mammoth {
  convertToHtml(input: { buffer?: Uint8Array; arrayBuffer?: ArrayBuffer }, options: Record<string, unknown>): Promise<{ value: string; messages: Array<{ type: string; message: string }> }>
  images: { imgElement(read: (image: MammothImage) => Promise<{ src: string }>): unknown }
}

let mammothModule: Promise<Mammoth> | undefined

/** mammoth (~400 kB minified with its zip and XML libraries), loaded the first time a .docx is opened. */
function loadMammoth(): Promise<Mammoth> {
  mammothModule ??= import('mammoth').then((module) => ((module as { default?: unknown }).default ?? module) as Mammoth)
  return mammothModule
}

/** Converts a .docx to Markdown. Never throws: problems are messages. */
export async function docxToMarkdown(bytes: Uint8Array, options: DocxToMarkdownOptions = {}): Promise<DocxToMarkdownResult> {
  const log = new MessageLog()
  const empty = (): DocxToMarkdownResult => ({ markdown: '', images: [], messages: log.list(), tree: { type: 'root', children: [] } })
  const read = readPackage(bytes, options)
  if (!read.ok) {
    log.add('import-not-docx', `Cannot open the file: ${read.reason}`, 'error')
    return empty()
  }
  const files = read.files
  const main = files.has('word/document.xml') ? 'word/document.xml' : findMainPart(files)!
  try {
    const text = (name: string): string | undefined => {
      const data = files.get(name)
      return data ? decodeXml(data) : undefined
    }
    const folder = main.slice(0, main.lastIndexOf('/') + 1)
    const styles = readStyles(text(`${folder}styles.xml`))
    const numbering = readNumbering(text(`${folder}numbering.xml`))
    const equations: Equation[] = []
    const findings: MarkupFindings = { insertions: 0, deletions: 0, comments: 0 }
    const context = { counter: createListCounter(numbering, styles), styles, equations, findings }
    const encoder = new TextEncoder()
    for (const part of [main, `${folder}footnotes.xml`, `${folder}endnotes.xml`]) {
      const xml = text(part)
      if (xml !== undefined) files.set(part, encoder.encode(markPart(xml, context)))
    }
    const mammoth = await loadMammoth()
    const images: Array<{ bytes: Uint8Array; contentType: string }> = []
    const repacked = writePackage(files)
    const result = await mammoth.convertToHtml(
      // Node's build of mammoth reads `buffer`, the browser's `arrayBuffer`.
      { buffer: repacked, arrayBuffer: repacked.buffer.slice(repacked.byteOffset, repacked.byteOffset + repacked.byteLength) as ArrayBuffer },
      {
        styleMap: [...customStyleMap(styles), ...STYLE_MAP],
        includeDefaultStyleMap: false,
        includeEmbeddedStyleMap: false,
        ignoreEmptyParagraphs: true,
        externalFileAccess: false,
        idPrefix: 'docx-',
        transformDocument: resolveStyles(styles, customStyleNames(styles)),
        convertImage: mammoth.images.imgElement(async (image) => {
          const data = new Uint8Array(await image.readAsArrayBuffer())
          images.push({ bytes: data, contentType: image.contentType ?? '' })
          // A placeholder, named in document order once the HTML is read (build.ts).
          return { src: `docx-image:${images.length - 1}` }
        }),
      },
    )
    for (const message of result.messages) reportMammoth(message, log)
    const kept = readMarkdocxProperties(text('docProps/custom.xml'))
    const properties = { ...readProperties(text('docProps/core.xml')), frontMatter: kept.frontMatter }
    const built = buildDocument(result.value, { equations, findings, images, imageFolder: options.imageFolder ?? 'images', log, properties, bookmarkIds: kept.bookmarks })
    // Every marker was read back by now; one in a place no pass looks (a picture's alt text) goes too.
    const markdown = stripMarkers(printMarkdown(built.tree))
    return { markdown, images: built.images, messages: log.list(), tree: built.tree }
  } catch (error) {
    log.add('import-failed', `Cannot read the Word document: ${error instanceof Error ? error.message : String(error)}`, 'error')
    return empty()
  }
}

/** The document properties the front matter carries: keywords and language (markdocx writes both there). */
function readProperties(xml: string | undefined): { keywords?: string[]; lang?: string } {
  if (xml === undefined) return {}
  const root = parseXml(xml)
  const properties: { keywords?: string[]; lang?: string } = {}
  const keywords = descendants(root, 'cp:keywords')[0]
  const words = keywords ? textOf(keywords).split(/[,;]/).map((word) => word.trim()).filter((word) => word !== '') : []
  if (words.length > 0) properties.keywords = words
  const language = descendants(root, 'dc:language')[0]
  const lang = language ? textOf(language).trim() : ''
  if (/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/.test(lang)) properties.lang = lang
  return properties
}

/** mammoth's warnings that mean something was lost; its notes about unmapped styles do not. */
function reportMammoth(message: { type: string; message: string }, log: MessageLog): void {
  const text = message.message
  if (/^Unrecognised (paragraph|run|table) style/.test(text) || /style with ID .* was referenced but not defined/.test(text)) return
  if (/^Image of type/.test(text)) return
  const external = /^could not read external image '([^']*)'/.exec(text)
  if (external) {
    log.add('import-image-linked', `A picture linked from outside the document (${external[1]}) was left out`, 'warning')
    return
  }
  if (/^Could not find image file/.test(text) || /^A v:imagedata element without a relationship ID/.test(text)) {
    log.add('import-image-missing', 'A picture whose file is not in the document (or is linked from outside it) was left out', 'warning')
    return
  }
  const ignored = /^An unrecognised element was ignored: (.*)$/.exec(text)
  if (ignored) {
    log.add('import-element-ignored', `Word content of a kind the importer does not read (${ignored[1]}) was left out`, 'info')
    return
  }
  log.add('import-mammoth', text, message.type === 'error' ? 'error' : 'warning')
}
