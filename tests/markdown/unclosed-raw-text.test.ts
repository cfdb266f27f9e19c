/**
 * Unclosed raw-text elements (src/mdast/unclosed-raw-text.ts) keep the text after them, in
 * the export as in the preview; closed ones are still dropped with their content.
 */
import { strFromU8, unzipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { markdownToDocx } from '../../src/convert.js'
import { dropUnclosedRawText } from '../../src/mdast/unclosed-raw-text.js'

async function exportedText(markdown: string): Promise<string> {
  const { data } = await markdownToDocx(markdown, { output: 'uint8array' })
  const xml = strFromU8(unzipSync(data)['word/document.xml']!)
  return [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((match) => match[1]).join(' ')
}

describe('dropUnclosedRawText', () => {
  it('removes an opening tag nothing closes, and only that', () => {
    expect(dropUnclosedRawText(['<script>alert(1)\n\nrest'])).toEqual(['alert(1)\n\nrest'])
    expect(dropUnclosedRawText(['<title>', ' text ', '</title>'])).toEqual(['<title>', ' text ', '</title>'])
    expect(dropUnclosedRawText(['</title>', '<title>'])).toEqual(['</title>', ''])
    expect(dropUnclosedRawText(['<TEXTAREA rows="2">x'])).toEqual(['x'])
    expect(dropUnclosedRawText(['<plaintext>x</plaintext>'])).toEqual(['x</plaintext>'])
    expect(dropUnclosedRawText(['<titles> <scripted>'])).toEqual(['<titles> <scripted>'])
  })
})

describe('the export', () => {
  it.each(['script', 'style', 'textarea', 'title', 'xmp', 'noscript'])('keeps the document after an unclosed <%s> HTML block', async (tag) => {
    const text = await exportedText(`Before\n\n<${tag}>\n\nThe rest of the document.\n`)
    expect(text).toContain('Before')
    expect(text).toContain('The rest of the document.')
  })

  it('still drops a closed <script> or <style> with its content', async () => {
    const text = await exportedText('Before\n\n<script>\nalert(1)\n</script>\n\n<style>p{}</style>\n\nAfter\n')
    expect(text).not.toMatch(/alert|p\{\}/)
    expect(text).toContain('After')
  })
})
