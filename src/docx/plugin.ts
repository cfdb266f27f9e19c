/**
 * markdocx as a unified plugin: `unified().use(remarkParse).use(remarkGfm).use(remarkDocx)`.
 * An async transformer loads the images and draws the diagrams (the compiler does no I/O); the compiler then turns
 * the tree into a docx Document, which `file.result` holds — pack it with `packDocx`.
 */
import type { Document } from 'docx'
import type { Root } from 'mdast'
import type { Plugin, Processor } from 'unified'
import type { VFile } from 'vfile'
import { resolveDiagrams, type ResolvedDiagrams, type ResolveDiagramsOptions } from './media/diagrams.js'
import { resolveImages, type ResolvedImages, type ResolveImagesOptions } from './media/images.js'
import type { DocxOptions } from './options.js'
import { toDocx } from './to-docx.js'

export type RemarkDocxOptions = Omit<DocxOptions, 'images' | 'diagrams' | 'file'> & ResolveImagesOptions & ResolveDiagramsOptions

declare module 'vfile' {
  interface DataMap {
    markdocxImages: ResolvedImages
    markdocxDiagrams: ResolvedDiagrams
  }
}

declare module 'unified' {
  interface CompileResultMap {
    Document: Document
  }
}

/**
 * unified types a plugin as *either* a transformer or a compiler; this one is both (images
 * must load asynchronously before the synchronous compile), so it is typed as a transformer
 * and sets its compiler through the processor seen as a compiling one.
 */
const remarkDocx: Plugin<[RemarkDocxOptions?], Root> = function (options = {}) {
  const { loadImage, convertImage, concurrency, imageTimeoutMs, imageDeadlineMs, imageSignal, onImageProgress, renderDiagram, ...docxOptions } = options
  const processor = this as unknown as Processor<Root, Root, Root, Root, Document>
  // Front-matter Markdown (title, abstract) is read with this processor's parser.
  const parseMarkdown = (markdown: string): Root => processor.parse(markdown)
  processor.compiler = (tree, file) => toDocx(tree, { parseMarkdown, ...docxOptions, images: file.data.markdocxImages ?? new Map(), diagrams: file.data.markdocxDiagrams ?? new Map(), file })
  return async (tree: Root, file: VFile) => {
    const [images, diagrams] = await Promise.all([
      resolveImages(tree, options),
      resolveDiagrams(tree, renderDiagram ? { renderDiagram } : {}),
    ])
    file.data.markdocxImages = images
    file.data.markdocxDiagrams = diagrams
  }
}

export default remarkDocx
