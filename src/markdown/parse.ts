/**
 * Markdown text → mdast, through the one shared processor.
 */
import type { Root } from 'mdast'
import { VFile } from 'vfile'
import { createMarkdownProcessor } from './processor.js'

const processor = createMarkdownProcessor().freeze()

export interface ParseResult {
  /** The mdast tree, every node with its source position. */
  tree: Root
  /** The file the text was parsed from; messages recorded later land on it too. */
  file: VFile
}

/** Parses Markdown into mdast (with positions), running the parser's own transforms. */
export function parseMarkdown(text: string, path?: string): ParseResult {
  const file = new VFile({ value: text, path })
  const tree = processor.runSync(processor.parse(file), file) as Root
  return { tree, file }
}
