import { describe, expect, it } from 'vitest'
import { createChunkedParser } from '../../src/markdown/chunked/chunked.js'
import { messagesOf } from '../../src/markdown/messages.js'
import { parseMarkdown } from '../../src/markdown/parse.js'

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
})
