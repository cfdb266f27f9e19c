/**
 * Markdown text → .docx: parse → resolve images and draw diagrams → compile → pack. The one entry point the
 * CLI, the app's worker and library users share.
 */
import type { Root } from 'mdast'
import type { VFile } from 'vfile'
import { resolveCitations, type CitationOptions } from './citations/resolve.js'
import { corePropertiesFrom } from './docx/ooxml/core-properties.js'
import { resolveDiagrams, type ResolveDiagramsOptions } from './docx/media/diagrams.js'
import { resolveImages, type ResolvedImages, type ResolveImagesOptions } from './docx/media/images.js'
import type { DocxOptions } from './docx/options.js'
import { convertOutput, packDocx, type OutputFormat, type OutputTypes } from './docx/ooxml/pack.js'
import { compileSteps } from './docx/to-docx.js'
import type { DocumentMetadata } from './mdast/front-matter.js'
import { messagesOf, type Message } from './markdown/messages.js'
import { parseMarkdownChunked } from './markdown/chunked/chunked.js'
import { parseMarkdown } from './markdown/parse.js'

export interface ConvertOptions<F extends OutputFormat = 'uint8array'> extends Omit<DocxOptions, 'images' | 'diagrams' | 'file'>, ResolveImagesOptions, ResolveDiagramsOptions, Omit<CitationOptions, 'lang' | 'format'> {
  /** The form of the result (default `uint8array`). */
  output?: F
  /** Indent the XML by two blanks. */
  pretty?: boolean
  /** The Markdown file's path or name, for messages. */
  path?: string
  /**
   * Called between the document's top-level blocks while compiling (`'compile'`), and before
   * packing (`'pack'`, one step that cannot pause): return a promise to pause there (so other
   * work can run; the app's export worker waits while the user types), or nothing to go on at
   * once. A rejected promise stops the conversion, which then rejects with its reason.
   */
  pause?: (next: 'compile' | 'pack') => Promise<void> | undefined
}

export interface ConvertResult<F extends OutputFormat = 'uint8array'> {
  data: OutputTypes[F]
  /** What did not survive as written, each with its source position. */
  messages: Message[]
  metadata: DocumentMetadata
  /** Every image URL with what loading it gave (a failure's `cutShort` says a later try may load it). */
  images: ResolvedImages
}

/** Front-matter Markdown (title, abstract…) read with the document's own parser. */
const parseFragment = (markdown: string): Root => parseMarkdown(markdown).tree

/** Converts Markdown to a .docx. Never throws on content: problems become messages. */
export async function markdownToDocx<F extends OutputFormat = 'uint8array'>(markdown: string, options: ConvertOptions<F> = {}): Promise<ConvertResult<F>> {
  // Chunked: the same tree as parseMarkdown, in linear time on long documents.
  const { tree, file } = parseMarkdownChunked(markdown, options.path)
  return treeToDocx(tree, file, options)
}

/** Converts an already parsed tree (the app reuses its preview's tree) to a .docx. */
export async function treeToDocx<F extends OutputFormat = 'uint8array'>(tree: Root, file: VFile, options: ConvertOptions<F> = {}): Promise<ConvertResult<F>> {
  const { output, pretty, path: _path, loadImage, convertImage, concurrency, imageTimeoutMs, imageDeadlineMs, imageSignal, onImageProgress, pause, renderDiagram, bibliography, csl, loadFile, ...docxOptions } = options
  // Citations first: the reference list they add may hold links and is compiled like the rest.
  // A copy of the top level, so the caller's tree keeps its children (the list is added to the copy).
  tree = { ...tree, children: [...tree.children] }
  await resolveCitations(tree, file, { ...(bibliography ? { bibliography } : {}), ...(csl !== undefined ? { csl } : {}), ...(loadFile ? { loadFile } : {}), ...(docxOptions.lang ? { lang: docxOptions.lang } : {}) })
  // Images load while diagrams are drawn: both are waits on something else (disk, network, a browser).
  const [images, diagrams] = await Promise.all([
    resolveImages(tree, options),
    resolveDiagrams(tree, renderDiagram ? { renderDiagram } : {}),
  ])
  // Streamed: the document is packed once, here, block by block (ooxml/streamed-body.ts).
  const steps = compileSteps(tree, { parseMarkdown: parseFragment, ...docxOptions, images, diagrams, file }, true)
  let step = steps.next()
  while (!step.done) {
    const wait = pause?.('compile')
    if (wait) await wait
    step = steps.next()
  }
  const { document, state } = step.value
  const wait = pause?.('pack')
  if (wait) await wait
  const bytes = await packDocx(document, { pretty: pretty === true, core: corePropertiesFrom({ ...state.metadata, ...(state.features.lang ? { lang: state.features.lang } : {}) }, docxOptions.title, docxOptions.parseMarkdown ?? parseFragment) })
  return { data: convertOutput(bytes, (output ?? 'uint8array') as F), messages: messagesOf(file), metadata: state.metadata, images }
}
