/**
 * One Markdown document to a .docx with the CLI's options: the part of a run that may take
 * much time and memory, so it can run on this thread or on a worker with a heap limit
 * (isolated-convert.ts) and give the same answer either way.
 */
import { dirname, resolve } from 'node:path'
import { treeToDocx } from '../convert.js'
import type { BibliographyText } from '../citations/resolve.js'
import type { DiagramRenderer } from '../docx/media/diagrams.js'
import { parseMarkdownChunked } from '../markdown/chunked/chunked.js'
import { formatMessage } from '../markdown/messages.js'
import type { CliOptions } from './args.js'
import { createNodeImageLoader } from './node-image-loader.js'
import { createNodeTextLoader } from './node-text-loader.js'
import { parseInParallel } from './parallel-parse.js'
import { createSharpImageConverter } from './sharp-image-converter.js'

/** Images loading at once (several servers: badges come from a few hosts). */
const IMAGE_CONCURRENCY = 8

/** Everything one conversion needs, all of it plain data (it is posted to a worker as it is). */
export interface ConvertJob {
  /** The Markdown, without a byte-order mark. */
  text: string
  /** The input as given (`-` for standard input): images and bibliographies are found beside it. */
  input: string
  /** The name messages give the document (`<stdin>` for standard input). */
  name: string
  cwd: string
  options: CliOptions
  referenceDoc?: Uint8Array
  citations: { bibliography: BibliographyText[]; csl?: string }
  /** The bundle's URL, to parse a long document on two threads (see parallel-parse.ts). */
  parseWorker?: string
}

export interface Converted {
  data: Uint8Array
  /** The messages, formatted as the CLI prints them (empty with --quiet). */
  messages: string[]
}

export async function convertMarkdown(job: ConvertJob, renderDiagram: DiagramRenderer): Promise<Converted> {
  const { text, input, name, cwd, options, referenceDoc, citations } = job
  const baseDir = input === '-' ? cwd : dirname(resolve(cwd, input))
  const { tree, file } = job.parseWorker ? await parseInParallel(text, name, new URL(job.parseWorker)) : parseMarkdownChunked(text, name)
  const result = await treeToDocx(tree, file, {
    path: name,
    pretty: options.pretty,
    loadImage: createNodeImageLoader({ baseDir, remote: options.remoteImages, timeoutMs: options.imageTimeout * 1000 }),
    // Several at a time, each with its limit, all with a deadline (a document of hundreds of badges, offline, must not take minutes).
    concurrency: IMAGE_CONCURRENCY,
    imageTimeoutMs: options.imageTimeout * 1000,
    imageDeadlineMs: options.imageDeadline * 1000,
    // SVG gets a PNG fallback; WebP, AVIF and TIFF become PNG or JPEG (Word shows none of them).
    convertImage: createSharpImageConverter(),
    renderDiagram,
    // Citations: the front matter's bibliography and csl files beside the Markdown file.
    ...citations,
    loadFile: createNodeTextLoader({ baseDir }),
    ...(options.pageSize ? { pageSize: options.pageSize } : {}),
    ...(options.orientation ? { orientation: options.orientation } : {}),
    ...(options.margins !== undefined ? { margins: options.margins } : {}),
    ...(options.font ? { font: options.font } : {}),
    ...(options.fontSize ? { fontSize: options.fontSize } : {}),
    ...(options.codeFont ? { codeFont: options.codeFont } : {}),
    ...(options.title !== undefined ? { title: options.title } : {}),
    ...(referenceDoc ? { referenceDoc } : {}),
    ...(options.toc !== undefined ? { toc: options.toc } : {}),
    ...(options.pageNumbers !== undefined ? { pageNumbers: options.pageNumbers } : {}),
    ...(options.headerTitle !== undefined ? { headerTitle: options.headerTitle } : {}),
    ...(options.titlePage !== undefined ? { titlePage: options.titlePage } : {}),
    ...(options.numberSections !== undefined ? { numberSections: options.numberSections } : {}),
    ...(options.titleBlock !== undefined ? { titleBlock: options.titleBlock } : {}),
    ...(options.wideTables !== undefined ? { wideTables: options.wideTables } : {}),
    ...(options.lang !== undefined ? { lang: options.lang } : {}),
    ...(options.svg !== undefined ? { svg: options.svg } : {}),
  })
  return { data: result.data, messages: options.quiet ? [] : result.messages.map((message) => formatMessage(message, name)) }
}
