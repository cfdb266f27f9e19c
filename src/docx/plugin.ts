/**
 * markdocx as a unified plugin: `unified().use(remarkParse).use(remarkGfm).use(remarkDocx)`.
 * An async transformer loads the images (the compiler does no I/O); the compiler then turns
 * the tree into a docx Document, which `file.result` holds — pack it with `packDocx`.
 */
import type { Document } from 'docx'
import type { Root } from 'mdast'
import type { Plugin, Processor } from 'unified'
import type { VFile } from 'vfile'
import { resolveImages, type ResolvedImages, type ResolveImagesOptions } from './images.js'
import type { DocxOptions } from './options.js'
import { toDocx } from './to-docx.js'

export type RemarkDocxOptions = Omit<DocxOptions, 'images' | 'file'> & ResolveImagesOptions

declare module 'vfile' {
  interface DataMap {
    markdocxImages: ResolvedImages
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
  const { loadImage, convertImage, concurrency, ...docxOptions } = options
  const processor = this as unknown as Processor<Root, Root, Root, Root, Document>
  processor.compiler = (tree, file) => toDocx(tree, { ...docxOptions, images: file.data.markdocxImages ?? new Map(), file })
  return async (tree: Root, file: VFile) => {
    file.data.markdocxImages = await resolveImages(tree, { ...(loadImage ? { loadImage } : {}), ...(convertImage ? { convertImage } : {}), ...(concurrency ? { concurrency } : {}) })
  }
}

export default remarkDocx
