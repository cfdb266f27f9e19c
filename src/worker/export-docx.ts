/**
 * One export: a tree and the export dialog's settings in, the .docx bytes, its file name and
 * what will not survive into Word out. Shared by the export worker (export-engine.ts) and the
 * in-page fallback (engine.ts).
 */
import type { Root } from 'mdast'
import { VFile } from 'vfile'
import { treeToDocx } from '../convert.js'
import { docxOptionsFor } from './docx-options.js'
import type { DiagramRenderer } from '../docx/media/diagrams.js'
import type { Message } from '../markdown/messages.js'
import type { ImageSource } from './image-source.js'
import { loadStoredText } from './citation-source.js'
import type { ExportSettings } from './protocol.js'
import { IMAGE_LIMITS } from './image-limits.js'
import { safeFileName, withoutMarkdownExtension } from '../model/markdown-files.js'

export { docxOptionsFor } from './docx-options.js'

/** A file name without characters Windows, macOS or Linux refuse. */
export function downloadName(title: string | undefined, name: string): string {
  const base = (title ?? '').trim() || withoutMarkdownExtension(name).trim() || 'document'
  return `${safeFileName(base) || 'document'}.docx`
}

export interface BuiltDocx {
  data: Uint8Array
  fileName: string
  messages: Message[]
  /** URLs of remote images that did not load, or whose wait was cut short: an export asked for later tries them again (once due: image-source.ts) rather than reuse this one. */
  imagesToRetry: string[]
}

/** How one export waits for its images. */
export interface ImageLoading {
  /** Aborting it stops waiting: images not loaded become placeholders. */
  signal?: AbortSignal
  /** Images loaded (or failed) of how many. */
  onProgress?: (done: number, total: number) => void
  /** Try again images that failed before (an export the user asked for; one prepared in advance reuses failures). */
  retry?: boolean
}

export interface DocxSource {
  documentId: string
  tree: Root
  text: string
  /** The parser's messages, in the page's form. */
  parseMessages: Message[]
}

/** Compiles and packs a document's tree (read, never changed); `pause` as in treeToDocx; diagrams drawn by `renderDiagram` (the page, asked through diagram-source.ts). */
export async function buildDocx(
  source: DocxSource,
  name: string,
  settings: ExportSettings,
  images: ImageSource,
  pause?: (next: 'compile' | 'pack') => Promise<void> | undefined,
  renderDiagram?: DiagramRenderer,
  loading: ImageLoading = {},
): Promise<BuiltDocx> {
  const file = new VFile({ value: source.text, path: `${name}.md` })
  const result = await treeToDocx(source.tree, file, {
    ...docxOptionsFor(settings),
    output: 'uint8array',
    ...(pause ? { pause } : {}),
    loadImage: (url, signal) => images.load(source.documentId, url, signal, loading.retry === true),
    ...IMAGE_LIMITS,
    ...(loading.signal ? { imageSignal: loading.signal } : {}),
    ...(loading.onProgress ? { onImageProgress: loading.onProgress } : {}),
    // The front matter's bibliography and style: the document's stored files (an unformatted tree only; the preview's comes formatted).
    loadFile: (path) => loadStoredText(source.documentId, path),
    convertImage: (bytes, info) => images.convert(bytes, info),
    ...(renderDiagram ? { renderDiagram } : {}),
  })
  const imagesToRetry: string[] = []
  for (const [url, image] of result.images) if (!image.ok && (image.cutShort || /^\s*https?:/i.test(url))) imagesToRetry.push(url)
  return { data: result.data, fileName: downloadName(result.metadata.title, name), messages: [...source.parseMessages, ...result.messages], imagesToRetry }
}
