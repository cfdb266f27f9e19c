/** How many line endings a text has (`\r\n` counting once, a lone `\r` too, as micromark and CodeMirror count lines). */
export function countLines(text: string): number {
  let count = 0
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at)
    if (code === 10 || (code === 13 && text.charCodeAt(at + 1) !== 10)) count++
  }
  return count
}
