/** An error as the CLI says it after "cannot read/convert X: ": a file system code in words, a stack overflow as depth. */
export function describeError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  if (code === 'ENOENT') return 'no such file'
  if (code === 'EISDIR') return 'it is a folder'
  if (code === 'EACCES') return 'permission denied'
  if (error instanceof RangeError && /call stack/i.test(error.message)) return 'the document is nested too deeply to process'
  return error instanceof Error ? error.message : String(error)
}
