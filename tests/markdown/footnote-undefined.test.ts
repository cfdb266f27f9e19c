import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createChunkedParser } from '../../src/markdown/chunked/chunked.js'
import { messagesOf } from '../../src/markdown/messages.js'
import { parseMarkdown } from '../../src/markdown/parse.js'
import { messageData } from './chunked-support.js'

const placed = (text: string) => messagesOf(parseMarkdown(text).file).map(({ ruleId, line, column, endColumn }) => ({ ruleId, line, column, endColumn }))

describe('a footnote reference to no definition', () => {
  it('is reported at its place as footnote-undefined, and kept as text', () => {
    const { tree, file } = parseMarkdown('Intro.\n\n> Quoted text[^nope] here.\n\n- item [^a] and [^b]\n\n[^a]: Defined.\n')
    expect(messagesOf(file).map(({ ruleId, line, column, endColumn, reason }) => ({ ruleId, line, column, endColumn, reason }))).toEqual([
      { ruleId: 'footnote-undefined', line: 3, column: 14, endColumn: 21, reason: 'Footnote [^nope] has no definition (no “[^nope]: …” line): it is kept as text' },
      { ruleId: 'footnote-undefined', line: 5, column: 17, endColumn: 21, reason: 'Footnote [^b] has no definition (no “[^b]: …” line): it is kept as text' },
    ])
    expect(JSON.stringify(tree)).toContain('Quoted text[^nope] here.')
  })

  it('is not reported when escaped, in code, defined (in any case) or not a footnote call', () => {
    expect(placed('a \\[^x] b [\\^y] `[^z]` [^Q] [^a b] [^]\n\n[^q]: note\n')).toEqual([])
  })

  it('is reported alike by the chunked parser, whichever chunk the definition is in', () => {
    const filler = Array.from({ length: 40 }, (_, i) => `Paragraph ${i} with some words to make the chunks.`).join('\n\n')
    const text = `Start[^late] and [^none].\n\n${filler}\n\n[^late]: The late note.\n`
    const whole = messagesOf(parseMarkdown(text).file)
    const chunked = messagesOf(createChunkedParser({ minChunk: 64, every: 1 }).parse(text).file)
    expect(whole.map((m) => [m.ruleId, m.line, m.column])).toEqual([['footnote-undefined', 1, 18]])
    expect(chunked).toEqual(whole)
  })

  it('is reported alike by a cached chunked parser while definitions come and go in other chunks', () => {
    const piece = fc.constantFrom('Text [^a] here.', 'More [^b] text.', '[^a]: def a', '[^b]: def b', 'Plain paragraph with words enough.', '- item [^a]', '> quote [^b]', '```\n[^a]\n```', '$$\n', '| x |\n|---|\n| [^a] |')
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 14 }), fc.array(fc.tuple(fc.nat(20), piece, fc.boolean()), { maxLength: 8 }), (pieces, edits) => {
        // A cut wherever one is offered: nearly every block its own chunk, reused from the cache.
        const parser = createChunkedParser({ minChunk: 0, every: 1, maxChunk: 0 })
        const blocks = [...pieces]
        parser.parse(blocks.join('\n\n'))
        for (const [at, block, remove] of edits) {
          if (remove && blocks.length > 1) blocks.splice(at % blocks.length, 1)
          else blocks.splice(at % (blocks.length + 1), 0, block)
          const text = blocks.join('\n\n')
          expect(messageData(parser.parse(text).file)).toEqual(messageData(parseMarkdown(text).file))
        }
      }),
      { numRuns: 100 },
    )
  })
})
