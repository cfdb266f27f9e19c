/**
 * Which files are Markdown: the one list behind opening, dropping, saving and naming files
 * (the file picker, drag and drop, "(copy)" names, export names), so they all agree.
 */
export const MARKDOWN_EXTENSIONS = ['.md', '.markdown', '.mdown', '.mkd', '.txt'] as const

/** The Markdown extension a file name ends with (as written), or ''. */
export function markdownExtension(name: string): string {
  const lower = name.toLowerCase()
  const extension = MARKDOWN_EXTENSIONS.find((candidate) => lower.endsWith(candidate))
  return extension ? name.slice(name.length - extension.length) : ''
}

/** Whether a file name is a Markdown file's. */
export function isMarkdownName(name: string): boolean {
  return markdownExtension(name) !== ''
}

/** A file name without its Markdown extension. */
export function withoutMarkdownExtension(name: string): string {
  return name.slice(0, name.length - markdownExtension(name).length)
}

/** A name any file system takes: characters Windows, macOS or Linux refuse become spaces; one line, at most 120 characters ('' when nothing is left). */
export function safeFileName(base: string): string {
  return base.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 120)
}

/** The `accept` attribute of a file input that opens Markdown (and the types browsers give it). */
export const MARKDOWN_ACCEPT = [...MARKDOWN_EXTENSIONS, 'text/markdown', 'text/plain'].join(',')
