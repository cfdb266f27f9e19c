import { it } from 'vitest'
import { createChunkedParser } from '../src/markdown/chunked/chunked.js'
import { parseMarkdown } from '../src/markdown/parse.js'
it('x', () => {
  for (const text of ["<div>\n===\n$$\n\n$$\n# alpha\n-\n\n$$\n***\n", "$$\n# alpha\n-\n\n$$\n***\n", "<div>\n===\n$$\n\n$$\n# alpha\n-\n\n$$\n"]) {
  const c = createChunkedParser({ minChunk: 0, every: 1, maxChunk: 0 }).parse(text)
  const w = parseMarkdown(text)
  const show = (t: any) => t.children.map((n: any) => `${n.type}[${n.position.start.line}-${n.position.end.line}]${JSON.stringify(n.value ?? '')}`).join(' ')
  console.log('CHUNKED', show(c.tree), c.chunks.length)
  console.log('WHOLE  ', show(w.tree))
  }
})
