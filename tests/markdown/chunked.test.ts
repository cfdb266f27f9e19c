/**
 * The chunked parser's own promises: what it reuses after an edit, what its chunk list says,
 * and the cases where a chunk alone would read differently from the whole document (labels
 * defined elsewhere, lists running across a cut, unclosed blocks, front matter, a byte order
 * mark, CRLF, messages from the parser's guards).
 */
import { describe, expect, it } from 'vitest'
import type { List } from 'mdast'
import { createChunkedParser, guessDocumentLabels, parseMarkdownChunked, type ChunkedParseResult, type ChunkedParserOptions } from '../../src/markdown/chunked/chunked.js'
import { scanCuts } from '../../src/markdown/chunked/chunk-scan.js'
import { parseMarkdown } from '../../src/markdown/parse.js'
import { firstDifference, messageData } from './chunked-support.js'

const EVERY_CUT: ChunkedParserOptions = { minChunk: 0, every: 1, maxChunk: 0 }

function expectSameAsWhole(result: ChunkedParseResult | ReturnType<typeof parseMarkdownChunked>, text: string): void {
  const whole = parseMarkdown(text)
  expect(firstDifference(result.tree, whole.tree)).toBeUndefined()
  expect(messageData(result.file)).toEqual(messageData(whole.file))
}

/** The lines the scan offers cuts at, with their kind. */
const parseCuts = (text: string) => scanCuts(text).cuts.map((cut) => [cut.line, cut.kind])

const sections = (count: number) => Array.from({ length: count }, (_, i) => `## Section ${i + 1}\n\nParagraph ${i + 1} with *emphasis* and a [link](https://example.com/${i}).\n`).join('\n')

describe('createChunkedParser', () => {
  it('parses in chunks and gives the whole parse', () => {
    const text = sections(40)
    const result = createChunkedParser(EVERY_CUT).parse(text)
    expect(result.chunks.length).toBeGreaterThan(40)
    expectSameAsWhole(result, text)
  })

  it('after an edit, parses only the chunk that changed and moves the others', () => {
    const parser = createChunkedParser(EVERY_CUT)
    const text = sections(40)
    const first = parser.parse(text)
    expect(first.reused).toBe(0)
    const edited = text.replace('Paragraph 20 with', 'Paragraph twenty, longer,\nnow on two lines, with')
    const second = parser.parse(edited)
    expect(second.parsed).toBe(1)
    expect(second.reused).toBe(second.chunks.length - 1)
    expectSameAsWhole(second, edited)
    // Chunks before the edit keep their key and place; those after keep their key.
    const changed = second.chunks.filter((chunk) => !chunk.reused)
    expect(changed).toHaveLength(1)
    expect(edited.slice(changed[0]!.startOffset, changed[0]!.endOffset)).toContain('twenty')
  })

  it('cuts between headings with no blank line between them, and after an edit parses only where it was', () => {
    // 100 000 headings one per line were one chunk, parsed whole on every keystroke.
    const text = Array.from({ length: 5000 }, (_, i) => `# Same heading ${i % 7}`).join('\n') + '\n'
    const parser = createChunkedParser()
    const first = parser.parse(text)
    expect(first.chunks.length).toBeGreaterThan(5000 * 17 / 8192)
    expectSameAsWhole(first, text)
    const edited = `Intro.\n\n${text.replace('# Same heading 3\n', '# Same heading 3, edited\n')}`
    const second = parser.parse(edited, undefined, { prefix: 0, suffix: text.length - text.indexOf('# Same heading 3\n') - 16 })
    expect(second.parsed).toBeLessThanOrEqual(3)
    expectSameAsWhole(second, edited)
  })

  it('cuts after a heading only where nothing can be open before it', () => {
    const cutsOf = (text: string) => parseCuts(text)
    expect(cutsOf('# a\n# b\ntext\n- item\n')).toEqual([[2, 'heading'], [3, 'heading']])
    expect(cutsOf('# a\n\n## b\n### c\n')).toEqual([[3, 'blank'], [4, 'heading']])
    // Inside an HTML block that ends at a blank line, after a paragraph line, in a fence, in a div.
    expect(cutsOf('<div>\n# a\n# b\n')).toEqual([])
    expect(cutsOf('text\n# a\n# b\n')).toEqual([])
    expect(cutsOf('```\n# a\n# b\n```\n# c\n')).toEqual([])
    expect(cutsOf('::: note\n# a\n# b\n:::\n')).toEqual([])
    // Not headings: seven hashes, no space, indented.
    expect(cutsOf('####### a\nb\n#tag\nc\n  # d\ne\n')).toEqual([])
  })

  it('cuts between link reference definitions each on a line of its own, before a line starting with `[`', () => {
    expect(parseCuts('[a]: /a\n[b]: /b "t"\n[c]: <c d>\ntext\n[d]: /d\n')).toEqual([[2, 'definition'], [3, 'definition']])
    // A title that may go on below, a line that is no definition, a title on the next line.
    expect(parseCuts('[a]: /a "open\n[b]: /b\n')).toEqual([])
    expect(parseCuts('[a] text\n[b]: /b\n')).toEqual([])
    expect(parseCuts('[a]: /a\n"title"\n[b]: /b\n')).toEqual([])
    expect(parseCuts('[a]: /a\n[^1]: 10) note\n[^2]: /b\n')).toEqual([])
    expectSameAsWhole(createChunkedParser(EVERY_CUT).parse('[a]: /x\n[^1]: 10) alpha\n# alpha\n[b]: /y\n[c]: /z\n'), '[a]: /x\n[^1]: 10) alpha\n# alpha\n[b]: /y\n[c]: /z\n')
    // 50 000 definitions in a row were one chunk (micromark's events for them took 1.5 GB).
    const text = `${Array.from({ length: 5000 }, (_, i) => `[d${i}]: https://example.org/${i} "Title ${i}"`).join('\n')}\n\nSee [d1] and [d4999].\n`
    const result = createChunkedParser().parse(text)
    expect(result.chunks.length).toBeGreaterThan(5)
    expectSameAsWhole(result, text)
    // A cut the check refuses: a definition whose title goes on to the next line.
    const tricky = '[a]: /a\n[b]: /b\n[c]: /c\n"below"\n[d]: /d\n\n[a] [b] [c] [d]\n'
    expectSameAsWhole(createChunkedParser(EVERY_CUT).parse(tricky), tricky)
  })

  it('describes chunks that tile the text and the tree', () => {
    const text = `${sections(12)}\n- a\n- b\n\n- c\n\n> quote\n`
    const result = createChunkedParser(EVERY_CUT).parse(text)
    let offset = 0
    let node = 0
    let line = 1
    for (const chunk of result.chunks) {
      expect(chunk.startOffset).toBe(offset)
      expect(chunk.nodeStart).toBe(node)
      expect(chunk.startLine).toBe(line)
      expect(chunk.endLine).toBe(text.slice(0, chunk.endOffset).split('\n').length)
      offset = chunk.endOffset
      node = chunk.nodeEnd
      line = chunk.endLine
    }
    expect(offset).toBe(text.length)
    expect(node).toBe(result.tree.children.length)
    // Equal text, equal key; a key survives an insertion elsewhere.
    const again = createChunkedParser(EVERY_CUT).parse(`Inserted first.\n\n${text}`)
    const keys = new Set(again.chunks.map((chunk) => chunk.key))
    expect(result.chunks.filter((chunk) => keys.has(chunk.key)).length).toBeGreaterThanOrEqual(result.chunks.length - 1)
  })

  it('knows link and footnote definitions from other chunks, including ones it could not guess', () => {
    const text = [
      'See [the docs], [text][Other], [multi line] and a note[^n].',
      '',
      '> [the docs]: https://example.com/docs',
      '',
      '[other]: /other "Title"',
      '',
      '[multi',
      'line]: /multi',
      '',
      '[^n]: The note.',
      '',
      '[not defined] stays text.',
      '',
    ].join('\n')
    const result = createChunkedParser(EVERY_CUT).parse(text)
    expect(result.chunks.length).toBeGreaterThan(3)
    expectSameAsWhole(result, text)
    const paragraph = result.tree.children[0]
    expect(paragraph?.type === 'paragraph' && paragraph.children.filter((child) => child.type === 'linkReference' || child.type === 'footnoteReference')).toHaveLength(4)
  })

  it('guesses no labels from Markdown shown in fenced code, math or HTML blocks, and the parse is right either way', () => {
    const text = [
      'Use [Example][] and [kept].',
      '',
      '```markdown',
      '[example]: https://example.com',
      '```',
      '',
      '~~~~',
      '[tilde]: /t',
      '~~~',
      '[still-code]: /s',
      '~~~~~',
      '',
      '``` not` a fence',
      '',
      '[kept]: /kept',
      '',
      '> ```',
      '> [quoted]: /q',
      '> ```',
      '',
      '$$',
      '[math]: /m',
      '$$',
      '',
      '<!--',
      '[comment]: /c',
      '-->',
      '',
      '````',
      '[unclosed]: /u',
      '',
    ].join('\n')
    const guess = guessDocumentLabels(text)
    // The fence in a quote is not seen (a guess): that only costs the piece a second parse.
    expect([...guess.definitions].sort()).toEqual(['KEPT', 'QUOTED'])
    expectSameAsWhole(createChunkedParser(EVERY_CUT).parse(text), text)
  })

  it('joins a list that runs across cuts into one list, loose when a blank line was between', () => {
    const tight = Array.from({ length: 60 }, (_, i) => `- item ${i}`).join('\n')
    const tightResult = createChunkedParser({ ...EVERY_CUT, maxItems: 5 }).parse(`${tight}\n`)
    expect(tightResult.tree.children).toHaveLength(1)
    expect((tightResult.tree.children[0] as List).children).toHaveLength(60)
    expect((tightResult.tree.children[0] as List).spread).toBe(false)
    expectSameAsWhole(tightResult, `${tight}\n`)
    const loose = '1. one\n2. two\n\n3. three\n4. four\n'
    const looseResult = createChunkedParser(EVERY_CUT).parse(loose)
    expect((looseResult.tree.children[0] as List).spread).toBe(true)
    expectSameAsWhole(looseResult, loose)
    // A different bullet starts a new list.
    expectSameAsWhole(createChunkedParser(EVERY_CUT).parse('- a\n- b\n\n+ c\n+ d\n'), '- a\n- b\n\n+ c\n+ d\n')
  })

  it('cuts where a list with another marker follows a list with no blank line, and only where that starts a list', () => {
    // 20 000 one-item lists, markers alternating, were one chunk: micromark's events took 1.5 GB.
    const alternating = `${Array.from({ length: 300 }, (_, i) => `${'-+*'[i % 3]} item ${i}`).join('\n')}\n`
    expect(parseCuts(alternating).filter(([, kind]) => kind === 'list')).toHaveLength(299)
    const result = createChunkedParser({ ...EVERY_CUT, maxItems: 5 }).parse(alternating)
    expect(result.tree.children).toHaveLength(300)
    expect(result.chunks.length).toBeGreaterThan(100)
    expectSameAsWhole(result, alternating)
    // Lines that cannot interrupt the item's paragraph are lazy lines of it: no cut.
    expect(parseCuts('1. a\n2) b\n- c\n+\n* d\n').map(([line, kind]) => `${line}:${kind}`)).toEqual(['3:list', '5:list'])
    for (const text of [
      '1. a\n2) b\n',
      '1. a\n1) b\n',
      '- a\n+\n',
      '- a\n+ b\n',
      '* a\n1. b\n1) c\n- d\n',
      '- a\n  + nested\n* c\n',
      '- a\nlazy\n+ b\n',
      '- ```\n  code\n+ b\n',
      '- a\n\n  more\n+ b\n- c\n',
      '> - a\n+ b\n',
      '- a\n+ b\n===\n',
      '- [ ] a\n+ [x] b\n* c\n',
      '2. a\n1. b\n',
    ]) {
      expectSameAsWhole(createChunkedParser(EVERY_CUT).parse(text), text)
    }
  })

  it('cuts inside a long paragraph and joins the pieces across soft line endings and hard breaks', () => {
    // One paragraph of 100 000 lines held micromark's events for all of them: 1 GB and more.
    const ends = ['', '  ', '\\', ' ', '\t']
    const lines = Array.from({ length: 300 }, (_, i) => `line ${i} with *emphasis*, \`code\` and a [link](https://x.org/${i})${ends[i % ends.length]}`)
    const text = `Intro.\n\n${lines.join('\n')}\n\nAfter.\n`
    const cuts = parseCuts(text).filter(([, kind]) => kind === 'line')
    // From the 65th line of the paragraph on (line 3 is its first).
    expect(cuts[0]).toEqual([67, 'line'])
    expect(cuts).toHaveLength(300 - 64)
    const parser = createChunkedParser(EVERY_CUT)
    const result = parser.parse(text)
    expect(result.parsed).toBeGreaterThan(200)
    expect(result.tree.children.map((node) => node.type)).toEqual(['paragraph', 'paragraph', 'paragraph'])
    // The joined pieces are one chunk, as the paragraph is one node.
    expect(result.chunks).toHaveLength(3)
    expectSameAsWhole(result, text)
    // An edit inside it parses the piece it falls in again, and its neighbour to check the cut.
    const edited = text.replace('line 150 with', 'line 150, edited, with')
    const again = parser.parse(edited)
    expect(again.parsed).toBeLessThanOrEqual(3)
    expectSameAsWhole(again, edited)
    // CRLF and CR line endings join with their own line ending.
    for (const ending of ['\r\n', '\r']) {
      const other = text.replace(/\n/g, ending)
      expectSameAsWhole(createChunkedParser(EVERY_CUT).parse(other), other)
    }
  })

  it('one-off, cuts inside a long line of a paragraph, after white space or between character references, and joins the pieces', () => {
    // One line of 500 000 character references held micromark's events for all of them: 2.4 GB.
    const cases = [
      'Intro &amp; '.repeat(4000),
      `Start ${'&#x1F600;'.repeat(8000)} end`,
      // No white space at all (500 000 of them, one line: 2.4 GB whole).
      '&#x1F600;'.repeat(8000),
      `Words with *emphasis*, \`code\`, <b>html</b>, www.example.com and [links](u) ${'and more words here '.repeat(3000)}`,
    ]
    for (const line of cases) {
      const text = `# Title\n\n${line}\n\nAfter.\n`
      const cuts = scanCuts(text, { spaceCuts: true }).cuts.filter((cut) => cut.kind === 'space')
      expect(cuts.length).toBeGreaterThan(5)
      // On line 3, at a column that puts the offset on that line.
      for (const cut of cuts) expect([cut.line, cut.column]).toEqual([3, cut.offset - text.indexOf(line) + 1])
      const result = parseMarkdownChunked(text)
      expectSameAsWhole(result, text)
      expect(createChunkedParser({ ...EVERY_CUT, spaceCuts: true }).parse(text).parsed).toBeGreaterThan(5)
    }
    // Not offered where no edit's incremental scan would know them, nor in short lines.
    expect(scanCuts(`${'word '.repeat(5000)}\n`).cuts).toHaveLength(0)
    expect(scanCuts(`${'word '.repeat(3000)}\n`, { spaceCuts: true }).cuts).toHaveLength(0)
  })

  it('one-off, cuts inside a long fenced code or HTML block, parses each piece under its opening line, and joins them', () => {
    // A fenced block of 1 000 000 lines (a pasted log) took 2.9 GB to parse whole.
    const lines = Array.from({ length: 3000 }, (_, i) => (i % 7 === 0 ? '' : i % 11 === 0 ? '    ``` not a close' : `let x${i} = ${i}`))
    for (const ending of ['\n', '\r\n']) {
      const text = `# Log\n\n\`\`\`js title="x"\n${lines.join('\n')}\n\`\`\`\n\nAfter.\n`.replace(/\n/g, ending)
      const cuts = scanCuts(text, { fenceCuts: true }).cuts.filter((cut) => cut.kind === 'fence')
      expect(cuts).toHaveLength(3000 - 64)
      expect(cuts[0]!.header).toEqual({ offset: text.indexOf('```'), line: 3 })
      const result = parseMarkdownChunked(text)
      expectSameAsWhole(result, text)
      expect(createChunkedParser({ minChunk: 2000, every: 1, maxChunk: 4000, fenceCuts: true }).parse(text).parsed).toBeGreaterThan(10)
      // Unclosed, the block runs to the end, in pieces too.
      const unclosed = text.slice(0, text.lastIndexOf('```'))
      expectSameAsWhole(createChunkedParser({ ...EVERY_CUT, fenceCuts: true }).parse(unclosed), unclosed)
    }
    // An HTML comment or `<pre>` left open (50 000 lines of `<!--`: one block, 970 MB whole).
    for (const open of ['<!--', '<pre>']) {
      const html = `${open}\n${lines.join('\n')}\n`
      expect(scanCuts(html, { fenceCuts: true }).cuts.filter((cut) => cut.kind === 'fence')).toHaveLength(3000 - 64)
      expectSameAsWhole(parseMarkdownChunked(html), html)
      expect(createChunkedParser({ minChunk: 2000, every: 1, maxChunk: 4000, fenceCuts: true }).parse(html).parsed).toBeGreaterThan(10)
    }
    // Over the guard's limit of comment openers (kept as text, a placeholder in the guarded
    // text): a paragraph whose literal `<` opens nothing, cut like any other.
    const openers = `${Array.from({ length: 20_000 }, () => '<!--').join('\n')}\n`
    const guarded = parseMarkdownChunked(openers)
    expectSameAsWhole(guarded, openers)
    expect(createChunkedParser({ minChunk: 2000, every: 1, maxChunk: 4000, guardWhole: true, fenceCuts: true }).parse(openers).parsed).toBeGreaterThan(10)
    // Not offered without fenceCuts (an editor's scan), nor in code inside a list item.
    expect(scanCuts(`\`\`\`\n${lines.join('\n')}\n\`\`\`\n`).cuts).toHaveLength(0)
    expect(scanCuts(`- item\n\n  \`\`\`\n${lines.map((line) => `  ${line}`).join('\n')}\n  \`\`\`\n`, { fenceCuts: true }).cuts.filter((cut) => cut.kind === 'fence')).toHaveLength(0)
  })

  it('does not cut inside a line where inline syntax runs across the cut, or an autolink runs on over character references', () => {
    const filler = 'plain words '.repeat(200)
    const cases = [
      `${filler}*opened ${filler} closed*`,
      `${filler}\`opened ${filler} closed\``,
      `${filler}[opened ${filler} closed](u)`,
      `${filler}www.a.com;${'&amp;'.repeat(800)}${filler}`,
      `${filler}$x ${filler} y$`,
    ]
    for (const line of cases) {
      const text = `${line}\n`
      expectSameAsWhole(createChunkedParser({ ...EVERY_CUT, spaceCuts: { longLine: 100, every: 50 } }).parse(text), text)
    }
    // A list item's marker or a definition's `:` starts a block only with content after it: no
    // cut right after it (here a cut is offered after every word).
    for (const start of ['+ x', '1. x', ': x', '- - x']) {
      const text = `Intro line\n${start} ${filler}\n`
      expectSameAsWhole(createChunkedParser({ ...EVERY_CUT, spaceCuts: { longLine: 10, every: 1 } }).parse(text), text)
    }
    // A long line heading a table (cut, its piece would have fewer cells), a long `Table:`
    // caption before a table (the caption transform reads the paragraph whole), in a line and
    // over lines.
    const captions = [
      `${'| a '.repeat(60)}|\n${'|---'.repeat(60)}|\n${'| 1 '.repeat(60)}|\n`,
      // A long delimiter row (a README's): cut, neither piece would make the table.
      `| a | b | c |\n| ${'-'.repeat(30)} | ${'-'.repeat(30)} | ${'-'.repeat(30)} |\n| 1 | 2 | 3 |\n`,
      `Table: ${'caption words '.repeat(30)}\n\n| a | b |\n|---|---|\n| 1 | 2 |\n`,
      `Table: ${Array.from({ length: 10 }, (_, i) => `caption line ${i}`).join('\n')}\n\n| a | b |\n|---|---|\n| 1 | 2 |\n`,
    ]
    for (const text of captions) {
      expectSameAsWhole(createChunkedParser({ ...EVERY_CUT, spaceCuts: { longLine: 40, every: 10 } }).parse(text), text)
      expectSameAsWhole(createChunkedParser({ ...EVERY_CUT, paragraphLines: 1 }).parse(text), text)
    }
  })

  it('does not cut a paragraph where inline syntax runs across a line, a transform reads its text, or its guard would read it otherwise', () => {
    const plain = (count: number, from = 0) => Array.from({ length: count }, (_, i) => `plain line ${from + i}`)
    const cases = [
      // Emphasis, a code span, a link and inline HTML opened on one line and closed 100 lines on.
      ...['*', '`', '[', '<span title="'].map((open) => [...plain(100), `${open}opened`, ...plain(100, 100), `closed${open === '[' ? '](u)' : open === '<span title="' ? '">' : open}`, ...plain(100, 200)].join('\n')),
      // CriticMarkup whose messages are worded per paragraph, a citation, a bracketed span.
      [...plain(100), 'an unpaired ++} here', ...plain(100, 100), 'and ++} there'].join('\n'),
      [...plain(100), 'as [@doe] says', ...plain(100, 100)].join('\n'),
      [...plain(100), 'a [span]{.c} here', ...plain(100, 100)].join('\n'),
      // Over the guard's 500 `:` lines: the whole paragraph is kept as text, with one message.
      `Term\n${Array.from({ length: 600 }, () => ': x').join('\n')}`,
      // A setext underline, a definition, a table's delimiter row after 100 lines.
      ...['===', ': def', '|-|'].map((line) => [...plain(100), line, ...plain(10, 100)].join('\n')),
      // A backslash alone on an indented line.
      [...plain(100), '   \\', ...plain(100, 100)].join('\n'),
    ]
    for (const text of cases) {
      expectSameAsWhole(createChunkedParser(EVERY_CUT).parse(`${text}\n`), `${text}\n`)
      expectSameAsWhole(createChunkedParser({ ...EVERY_CUT, paragraphLines: 1 }).parse(`${text}\n`), `${text}\n`)
    }
    // The paragraph opened across 100 lines is one piece from its first failing cut on, not
    // one merge per line (which would parse it over and over).
    const spanning = `${[...plain(100), '*opened', ...plain(1000, 100), 'closed*'].join('\n')}\n`
    const result = createChunkedParser(EVERY_CUT).parse(spanning)
    expect(result.parsed).toBeLessThan(60)
    expectSameAsWhole(result, spanning)
  })

  it('guarded whole first, cuts the paragraphs the guard changes (a table over budget kept as text, `:` lines) and reports its findings once', () => {
    const rows = (count: number, cells: number) => Array.from({ length: count }, (_, i) => `|${Array.from({ length: cells }, (_, c) => ` ${i}.${c} `).join('|')}|`)
    const cases = [
      // 1 001 columns: over the guard's 1 000, the table is kept as text (its delimiter row's pipes leave the syntax).
      `# Wide\n\n${rows(1, 1001)[0]}\n|${'---|'.repeat(1001)}\n${rows(120, 1001).join('\n')}\n\nafter *it*\n`,
      // Over 500 `:` lines: definitions kept as text; front matter closed by `...`; a table that stays one.
      `---\ntitle: t\n...\n\nTerm\n${Array.from({ length: 700 }, (_, i) => `: x ${i} [u] \`c\``).join('\n')}\n\n| a |\n|---|\n| b |\n\n[u]: /x\n`,
      // Lines indented past 128 columns and quotes nested past 32 in a long paragraph.
      `${Array.from({ length: 300 }, (_, i) => (i % 3 === 0 ? `${' '.repeat(3)}x ${i}` : i % 3 === 1 ? `line ${i}` : `| not a row ${i}`)).join('\n')}\n\n${'> '.repeat(40)}deep\n`,
    ]
    for (const text of cases) {
      const result = parseMarkdownChunked(text)
      expectSameAsWhole(result, text)
      expectSameAsWhole(createChunkedParser({ ...EVERY_CUT, paragraphLines: 1, guardWhole: true }).parse(text), text)
    }
    // The guard's findings are the whole parse's, once each: here the table's one message.
    const wide = cases[0]!
    const guarded = createChunkedParser({ ...EVERY_CUT, guardWhole: true }).parse(wide)
    expect(guarded.file.messages.map((message) => message.ruleId)).toEqual(['table-too-large'])
    // And the table's 120 lines of text are cut (past 64 lines), where a parse guarding each piece parses them in one.
    expect(guarded.parsed).toBeGreaterThan(40)
    expect(createChunkedParser(EVERY_CUT).parse(wide).parsed).toBeLessThan(10)
    // A guard finding that needs its second pass (too many emphasis markers) leaves the pieces to guard themselves.
    const emphasis = `${Array.from({ length: 1100 }, (_, i) => `*a* ${i}`).join('\n')}\n`
    expectSameAsWhole(createChunkedParser({ ...EVERY_CUT, paragraphLines: 1, guardWhole: true }).parse(emphasis), emphasis)
  })

  it('cuts between the rows of a long table, parses each piece under its header, and joins the rows', () => {
    // A table of 25 000 rows parsed whole took 500 MB and 4 s on every keystroke in it.
    const rows = Array.from({ length: 300 }, (_, i) => `| ${i} | *cell* [link](u) | \`c\` \\| e |`)
    const text = `Intro.\n\n| a | b | c |\n|:--|:-:|--:|\n${rows.join('\n')}\n\nTable: after the table\n`
    const cuts = scanCuts(text).cuts.filter((cut) => cut.kind === 'row')
    // From the 64th row on: the delimiter row is the table's first line after its header.
    expect(cuts).toHaveLength(300 - 63)
    expect(cuts[0]!.header).toEqual({ offset: text.indexOf('| a |'), line: 3 })
    const parser = createChunkedParser(EVERY_CUT)
    const result = parser.parse(text)
    expect(result.parsed).toBeGreaterThan(200)
    // The caption after the table, which its last piece took, comes before it as in the whole.
    expect(result.tree.children.map((node) => node.type)).toEqual(['paragraph', 'tableCaption', 'table'])
    expectSameAsWhole(result, text)
    // With a caption before the table too, the whole decides which it takes: one piece.
    const both = `Table: before\n\n${text.slice(text.indexOf('| a |'))}`
    expectSameAsWhole(createChunkedParser(EVERY_CUT).parse(both), both)
    const edited = text.replace('| 150 |', '| 150, edited |')
    const again = parser.parse(edited)
    expect(again.parsed).toBeLessThanOrEqual(3)
    expectSameAsWhole(again, edited)
    // A row with a cell too many has a message (per row: the pieces stay cut), placed where it is.
    const extra = edited.replace('| 200 |', '| 200 | extra |')
    const withMessage = parser.parse(extra)
    expect(withMessage.parsed).toBeLessThanOrEqual(3)
    expect(withMessage.file.messages).toHaveLength(1)
    expectSameAsWhole(withMessage, extra)
    // Captions right after the table, before it and after, a table with a caption on both sides,
    // rows that end the table, extra cells, CRLF.
    const table = (body: string) => `| a | b |\n|---|---|\n${body}`
    const many = (count: number, row = (i: number) => `| ${i} | y |`) => Array.from({ length: count }, (_, i) => row(i)).join('\n')
    for (const other of [
      `${table(many(100))}\nTable: caption\n`,
      `Table: before\n\n${table(many(100))}\n\nTable: after\n`,
      `${table(many(100))}\n# heading\n${many(10)}\n`,
      `${table(many(100, (i) => (i === 80 ? '| 1 | 2 | 3 |' : `| ${i} | y |`)))}\n`,
      `${table(many(100, (i) => (i === 80 ? 'text row' : `| ${i} | y |`)))}\n`,
      `${table(many(100))}\n`.replace(/\n/g, '\r\n'),
    ]) {
      expectSameAsWhole(createChunkedParser(EVERY_CUT).parse(other), other)
    }
  })

  it('keeps blocks whole that hold blank lines: fences, math, HTML comments, front matter', () => {
    const text = [
      '---',
      'title: Front',
      '',
      'abstract: after a blank line',
      '---',
      '',
      '```',
      'code',
      '',
      'not a paragraph',
      '```',
      '',
      '$$',
      'x',
      '',
      'y',
      '$$',
      '',
      '<!--',
      '',
      'comment',
      '-->',
      '',
      '- item with a fence',
      '  ```',
      '  open',
      '',
      'after',
      '',
      '    indented',
      '',
      '-',
      '',
      '~~~ unclosed',
      '',
      'to the end',
    ].join('\n')
    const result = createChunkedParser(EVERY_CUT).parse(text)
    expect(result.tree.children[0]?.type).toBe('yaml')
    expectSameAsWhole(result, text)
  })

  it('follows micromark where a `---` on line 1 never closes: no quotes or lists after it', () => {
    for (const text of ['---\n\n> quote\n\n- item\n', '---\rtitle: x\r---\r\r> quote\r\r- a\r']) {
      const result = createChunkedParser(EVERY_CUT).parse(text)
      expectSameAsWhole(result, text)
    }
  })

  it('does not take a line of spaces inside an item’s code for a blank line between items', () => {
    const text = '- one\n\n      ````\n      code\n        \n- two\n\n- three\n'
    expectSameAsWhole(createChunkedParser(EVERY_CUT).parse(text), text)
    const spaced = '- one\n  ````\n  code\n        \n- two\n'
    expectSameAsWhole(createChunkedParser(EVERY_CUT).parse(spaced), spaced)
  })

  it('gives the whole parse for CRLF and CR line endings and a byte order mark', () => {
    // Found by the differential test (seed -2000109458): front matter opened with a lone CR.
    const crFrontMatter = '---\rnot closed\r\r$$\r\ralpha\r---\r\r$$'
    expectSameAsWhole(createChunkedParser(EVERY_CUT).parse(crFrontMatter), crFrontMatter)
    const lf = `${sections(6)}\n- a\n- b\n`
    for (const text of [lf.replace(/\n/g, '\r\n'), lf.replace(/\n/g, '\r'), `\uFEFF${lf}`]) expectSameAsWhole(createChunkedParser(EVERY_CUT).parse(text), text)
  })

  it('moves the messages of a chunk to its place in the document', () => {
    const text = `${sections(5)}\n${'*'.repeat(200)} too many stars\n`
    const result = createChunkedParser(EVERY_CUT).parse(text)
    expect(result.file.messages.length).toBeGreaterThan(0)
    expectSameAsWhole(result, text)
  })
})

describe('parseMarkdownChunked', () => {
  it('equals parseMarkdown', () => {
    const text = `${sections(200)}\n${Array.from({ length: 300 }, (_, i) => `${i + 1}. item [x][${i % 3}]`).join('\n')}\n\n[0]: /zero\n[1]: /one\n`
    expectSameAsWhole(parseMarkdownChunked(text, 'doc.md'), text)
    expect(parseMarkdownChunked(text, 'doc.md').file.path).toBe('doc.md')
  })
})
