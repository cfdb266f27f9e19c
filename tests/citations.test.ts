/**
 * Citations (issue 13): pandoc's syntax (markdown/syntax/citations.ts), formatting by
 * citeproc-js through citation-js in each shipped style (citations/format.ts), the tree they
 * make (citations/resolve.ts), the Word output (docx/handlers/citation.ts) and the CLI flags.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import type { Nodes, Root } from 'mdast'
import { toString } from 'mdast-util-to-string'
import { unified, type Plugin } from 'unified'
import { VFile } from 'vfile'
import { describe, expect, it } from 'vitest'
import { formatCitations } from '../src/citations/format.js'
import { readLocator, remarkCitations } from '../src/markdown/syntax/citations.js'
import { createChunkedParser } from '../src/markdown/chunked/chunked.js'
import { markdownPlugins } from '../src/markdown/processor.js'
import { run, type CliIo } from '../src/cli/main.js'
import { parseMarkdown } from '../src/markdown/parse.js'
import type { Citation } from '../src/mdast/nodes.js'
import { walk } from '../src/mdast/walk.js'
import { checkProducedWithOracle, fromMarkdown, inspect, runFormat, styleOf, textOf, textRuns } from './support/docx.js'
import { attr, elements, wordText } from './support/xml.js'

checkProducedWithOracle('citations')

const BIB = `@book{doe99, author={Doe, John and Roe, Jane}, title={The {Book} of Things}, year=1999, publisher={Acme}, address={New York}}
@article{smith04, author={Smith, Anna}, title={On Stuff}, journal={Journal of Stuff}, year={2004}, volume=3, pages={10--20}}
`
const bibliography = [{ name: 'refs.bib', text: BIB }]

function citations(markdown: string): Citation[] {
  const out: Citation[] = []
  walk(parseMarkdown(markdown).tree, (node) => {
    if ((node as Nodes).type === 'citation') out.push(node as Citation)
  })
  return out
}

describe('citation syntax', () => {
  it('reads bracketed citations with prefixes, locators, suffixes and several items', () => {
    const [citation] = citations('Text [see @doe99, pp. 33-35 and *passim*; also -@smith04, chap. 1].')
    expect(citation!.data.mode).toBe('normal')
    expect(citation!.data.items).toEqual([
      { key: 'doe99', prefix: 'see', suffix: ' and passim', locator: '33-35', label: 'page', suffixContent: [{ type: 'text', value: ' and ' }, { type: 'emphasis', children: [{ type: 'text', value: 'passim' }] }] },
      { key: 'smith04', prefix: 'also', suffix: '', locator: '1', label: 'chapter', suppressAuthor: true },
    ])
  })

  it('reads every form pandoc has', () => {
    const found = citations('[@doe99] [@doe99, p. 33] [-@doe99] @doe99 and @doe99 [p. 33], @{foo_bar.baz}, [@doe99, 33], [@a:b.c-d].')
    expect(found.map((node) => [node.data.mode, node.data.items.map((item) => [item.key, item.locator ?? '', item.label ?? '', item.suppressAuthor ?? false])])).toEqual([
      ['normal', [['doe99', '', '', false]]],
      ['normal', [['doe99', '33', 'page', false]]],
      ['normal', [['doe99', '', '', true]]],
      ['author-in-text', [['doe99', '', '', false]]],
      ['author-in-text', [['doe99', '33', 'page', false]]],
      ['author-in-text', [['foo_bar.baz', '', '', false]]],
      ['normal', [['doe99', '33', 'page', false]]],
      ['normal', [['a:b.c-d', '', '', false]]],
    ])
  })

  it('keeps the text as written in the node, with its position', () => {
    const [citation] = citations('Hi [@doe99, p. 3].')
    expect(citation!.children).toMatchObject([{ type: 'text', value: '[@doe99, p. 3]' }])
    expect(citation!.position).toMatchObject({ start: { line: 1, column: 4 }, end: { line: 1, column: 18 } })
  })

  it('keeps the markup of prefixes and suffixes beside their text', () => {
    const [citation] = citations('Text [see *this* @doe99, p. 3 and **more**; *also* @smith04].')
    expect(citation!.data.items).toEqual([
      { key: 'doe99', prefix: 'see this', suffix: ' and more', locator: '3', label: 'page', prefixContent: [{ type: 'text', value: 'see ' }, { type: 'emphasis', children: [{ type: 'text', value: 'this' }] }], suffixContent: [{ type: 'text', value: ' and ' }, { type: 'strong', children: [{ type: 'text', value: 'more' }] }] },
      { key: 'smith04', prefix: 'also', suffix: '', prefixContent: [{ type: 'emphasis', children: [{ type: 'text', value: 'also' }] }] },
    ])
    // The markup between two texts, and text between markup, all inside the brackets.
    expect(citations('[see *a* and *b* @doe99 *c*]')[0]!.data.items[0]).toMatchObject({ prefix: 'see a and b', suffix: ' c' })
    // Markup cutting through a key or a locator: the item keeps its plain text.
    expect(citations('[@doe99, *p. 3*]')[0]!.data.items[0]).toEqual({ key: 'doe99', prefix: '', suffix: '', locator: '3', label: 'page' })
    // After a key, a bracket with markup is its suffix (`@key [p. 3]` with markup).
    expect(citations('As @smith04 [p. 12, and *elsewhere*] shows.').map((node) => [node.data.mode, node.data.items])).toEqual([['author-in-text', [{ key: 'smith04', prefix: '', suffix: ', and elsewhere', locator: '12', label: 'page', suffixContent: [{ type: 'text', value: ', and ' }, { type: 'emphasis', children: [{ type: 'text', value: 'elsewhere' }] }] }]]])
    // A bracket inside the markup: no citation (as a bracket in the text).
    expect(citations('[see *[x]* @doe99]').map((node) => node.data.mode)).toEqual(['author-in-text'])
  })

  it('leaves e-mail addresses, code, links, escapes and trailing punctuation alone', () => {
    expect(citations('Mail jo@example.com or a@b, `@doe99`, [x @doe99](https://e.com), \\@doe99, [\\@doe99].')).toEqual([])
    expect(citations('See @doe99.')[0]!.data.items[0]!.key).toBe('doe99')
  })

  it('leaves pandoc-crossref references as text, in brackets too, in any case', () => {
    expect(citations('See @fig:plot, [@tbl:a; @tbl:b], [@Fig:x], @eq:one, @sec:intro and @lst:code.')).toEqual([])
    const { tree } = parseMarkdown('[@fig:a; @fig:b]')
    expect(JSON.stringify(tree)).toContain('[@fig:a; @fig:b]')
  })

  it('reads locators with CSL labels', () => {
    expect(readLocator(', p. 33')).toEqual({ locator: '33', label: 'page', suffix: '' })
    expect(readLocator(', pp. 33-35, 38 and more')).toEqual({ locator: '33-35, 38', label: 'page', suffix: ' and more' })
    expect(readLocator(', sec. 4')).toMatchObject({ locator: '4', label: 'section' })
    expect(readLocator(', fig. 2')).toMatchObject({ locator: '2', label: 'figure' })
    expect(readLocator(' vol. iv')).toMatchObject({ locator: 'iv', label: 'volume' })
    expect(readLocator(', {iv, vi-xi}')).toMatchObject({ locator: 'iv, vi-xi', label: 'page' })
    expect(readLocator(', i think')).toEqual({ suffix: ', i think' })
  })

  it('is linear on hostile brackets and at signs', () => {
    const started = performance.now()
    citations(`${'[@a '.repeat(20000)} ${'@'.repeat(20000)} ${'[@a]'.repeat(20000)}`)
    expect(performance.now() - started).toBeLessThan(5000)
  })

  it('leaves escaped and referenced at signs alone, and at signs right after an autolink', () => {
    expect(citations('\\@doe99, &#64;doe99, &commat;doe99, [&#64;doe99] and [\\@doe99]')).toEqual([])
    expect(citations('Write to jo@example.com@doe99 or www.example.com@doe99.')).toEqual([])
    // After an ordinary link's `)` an `@` starts a citation, as after any punctuation.
    expect(citations('[x](https://e.com)@doe99 and *a*@smith04').map((node) => node.data.items[0]!.key)).toEqual(['doe99', 'smith04'])
  })
})

/** The citation transform alone (its time, its result), on the trees it is given: parsed by the plugins before it. */
const beforeCitations = (() => {
  const processor = unified()
  for (const plugin of markdownPlugins.slice(0, markdownPlugins.indexOf(remarkCitations))) {
    if (Array.isArray(plugin)) processor.use(plugin[0] as Plugin, plugin[1])
    else processor.use(plugin as Plugin)
  }
  return processor.freeze()
})()

/**
 * The least CPU time (ms) of a few runs of the transform over a copy of `tree`: CPU time, not
 * the clock, so a machine busy with other work (CI, parallel test files) does not count.
 */
function transformTime(tree: Root, file: VFile, runs = 5): number {
  let least = Number.POSITIVE_INFINITY
  for (let run = 0; run < runs; run++) {
    const copy = structuredClone(tree)
    const started = process.cpuUsage()
    remarkCitations()(copy, file)
    const used = process.cpuUsage(started)
    least = Math.min(least, (used.user + used.system) / 1000)
  }
  return least
}

describe('citation syntax on hostile input', () => {
  // Each doubles as a unit of which a paragraph holds thousands: brackets, at signs, braces,
  // semicolons, nested and unclosed brackets, keys, locators, markup between brackets, escapes.
  const hostile: Record<string, (n: number) => string> = {
    'unclosed [@a': (n) => '[@a '.repeat(n),
    'closed [@a]': (n) => '[@a] '.repeat(n),
    '@a [ suffixes never closed': (n) => '@a ['.repeat(n),
    '@a [p. 3 suffixes never closed': (n) => '@a [p. 3 '.repeat(n),
    'nested brackets': (n) => '['.repeat(n) + '@a' + ']'.repeat(n),
    'one bracket, many items': (n) => '[@a; '.repeat(n) + ']',
    'locators never closed': (n) => '[@a, p. '.repeat(n) + ']',
    'markup between brackets': (n) => '[see *x* @a '.repeat(n) + ']',
    'markup inside citations': (n) => '[@a *x* ] '.repeat(n),
    'unclosed braced keys': (n) => '@{'.repeat(n),
    'braced keys with a brace inside': (n) => '@{a '.repeat(n) + '}',
    'escaped brackets': (n) => '\\[@a '.repeat(n),
    'escaped closing brackets': (n) => '[@a\\] '.repeat(n),
    'at signs in words': (n) => 'a@b '.repeat(n),
    'attribute blocks never closed': (n) => '[@a]{.b '.repeat(n),
    'attribute values never closed': (n) => '[@a]{k="'.repeat(n),
    'citations over lines, in a quote': (n) => '> [@a] x\n'.repeat(n),
  }
  const parse = (text: string) => {
    const file = new VFile({ value: text })
    return { file, tree: beforeCitations.runSync(beforeCitations.parse(file), file) as Root }
  }

  for (const [name, make] of Object.entries(hostile)) {
    it(`takes time linear in the paragraph: ${name}`, () => {
      // Eight times the input takes about eight times as long; quadratic work would take 64 times.
      const small = parse(make(2000))
      const large = parse(make(16000))
      const smallTime = transformTime(small.tree, small.file)
      const largeTime = transformTime(large.tree, large.file)
      expect(largeTime, `${Math.round(smallTime)} ms at 2 000, ${Math.round(largeTime)} ms at 16 000`).toBeLessThan(24 * smallTime + 150)
    })
  }

  it('cuts thousands of citations out of one text with their places in the source', () => {
    const text = `> Intro [@a, p. 1] and @b [p. 2]\n${'> more [see @c] then @d\n'.repeat(3000)}`
    const found = citations(text)
    expect(found).toHaveLength(2 + 2 * 3000)
    const lines = text.split('\n')
    for (const citation of found) {
      const { start, end } = citation.position!
      expect(text.slice(start.offset, end.offset)).toBe((citation.children[0] as { value: string }).value)
      expect(lines[start.line - 1]!.slice(start.column - 1, end.column - 1)).toBe((citation.children[0] as { value: string }).value)
    }
  })

  it('keeps every character of hostile text', () => {
    for (const make of Object.values(hostile)) {
      const { tree, file } = parse(make(300))
      const expected = toString(tree)
      remarkCitations()(tree, file)
      // The transform only regroups text: the same characters, in the same order.
      expect(toString(tree)).toBe(expected)
    }
  })

  it('chunked parse = whole parse on citation-like documents', () => {
    const atom = fc.constantFrom('[', ']', '@', '@a', '@{k}', '[see @b, p. 4]', '-@c', ';', ', p. 3', '{', '}', '\\', '\\@', '&#64;', '*x*', 'jo@x.com', 'www.a.b', '`c`', '[x](u)', '@fig:1', ' ', '\n', '\n\n', '> ', '- ')
    fc.assert(
      fc.property(fc.array(atom, { maxLength: 80 }), (atoms) => {
        const text = atoms.join('')
        const whole = parseMarkdown(text)
        const chunked = createChunkedParser({ minChunk: 0, every: 1, maxChunk: 0 }).parse(text)
        expect(chunked.tree).toEqual(whole.tree)
      }),
      { numRuns: 300 },
    )
  })
})

describe('citation formatting (citeproc-js)', () => {
  const clusters = [
    { mode: 'author-in-text' as const, items: [{ key: 'doe99', prefix: '', suffix: '', locator: '33', label: 'page' }] },
    { mode: 'normal' as const, items: [{ key: 'smith04', prefix: 'see', suffix: '' }] },
  ]
  const expected: Record<string, { citations: string[]; first: string; hanging: boolean }> = {
    apa: { citations: ['Doe &#38; Roe (1999, p. 33)', '(see Smith, 2004)'], first: 'Doe, J., &#38; Roe, J. (1999). <i>The Book of Things</i>. Acme.', hanging: true },
    'chicago-author-date': { citations: ['Doe and Roe (1999, 33)', '(see Smith 2004)'], first: 'Doe, John, and Jane Roe. 1999. <i>The Book of Things</i>. New York: Acme.', hanging: true },
    ieee: { citations: ['Doe and Roe [1, p. 33]', 'see [2]'], first: '[1]', hanging: true },
    vancouver: { citations: ['Doe and Roe (1)', '(see 2)'], first: 'Doe J, Roe J. The Book of Things. New York: Acme; 1999.', hanging: true },
  }
  for (const [style, want] of Object.entries(expected)) {
    it(`formats in ${style}`, () => {
      const result = formatCitations({ bibliographies: bibliography, references: [], style, clusters, nocite: [] })
      expect(result.problems).toEqual([])
      expect(result.clusters.map((cluster) => cluster.html)).toEqual(want.citations)
      expect(result.entries.map((entry) => entry.key)).toEqual(['doe99', 'smith04'])
      expect(result.entries[0]!.html).toContain(want.first)
      expect(result.hangingIndent).toBe(want.hanging)
    })
  }

  it('gives an author-in-text citation its suffix once, after the year (as pandoc)', () => {
    const suffixed = (style: string) => formatCitations({ bibliographies: bibliography, references: [], style, nocite: [], clusters: [{ mode: 'author-in-text', items: [{ key: 'doe99', prefix: '', suffix: ', and elsewhere', locator: '33', label: 'page' }] }, { mode: 'author-in-text', items: [{ key: 'smith04', prefix: '', suffix: 'passim' }] }] }).clusters.map((cluster) => cluster.html)
    expect(suffixed('apa')).toEqual(['Doe &#38; Roe (1999, p. 33, and elsewhere)', 'Smith (2004 passim)'])
    expect(suffixed('ieee')).toEqual(['Doe and Roe [1, p. 33], and elsewhere', 'Smith [2] passim'])
  })

  it('keeps italics and bold in prefixes and suffixes', () => {
    const result = formatCitations({ bibliographies: bibliography, references: [], style: 'apa', nocite: [], clusters: [{ mode: 'normal', items: [{ key: 'doe99', prefix: 'see this', suffix: ' and more', locator: '3', label: 'page', prefixContent: [{ type: 'text', value: 'see ' }, { type: 'emphasis', children: [{ type: 'text', value: 'this' }] }], suffixContent: [{ type: 'text', value: ' and ' }, { type: 'strong', children: [{ type: 'text', value: 'a<b & c' }] }] }] }] })
    expect(result.clusters[0]!.html).toBe('(see <i>this</i> Doe &#38; Roe, 1999, p. 3 and <b>a&#60;b &#38; c</b>)')
  })

  it('reads CSL-JSON and front-matter references, reports unknown keys and bad files with their line', () => {
    const json = JSON.stringify([{ id: 'j1', type: 'book', title: 'Json Book', author: [{ family: 'Jay', given: 'J.' }], issued: { 'date-parts': [[2001]] } }])
    const result = formatCitations({ bibliographies: [{ name: 'a.json', text: json }, { name: 'bad.bib', text: `${BIB}\n@misc{broken, title = {oops}\n` }], references: [{ id: 'r1', type: 'book', title: 'Inline', issued: { 'date-parts': [[2005]] } }], style: 'apa', clusters: [{ mode: 'normal', items: [{ key: 'j1', prefix: '', suffix: '' }, { key: 'r1', prefix: '', suffix: '' }, { key: 'nope', prefix: '', suffix: '' }] }], nocite: [] })
    expect(result.clusters[0]!.unknown).toEqual(['nope'])
    expect(result.clusters[0]!.html).toContain('Jay, 2001')
    expect(result.entries.map((entry) => entry.key).sort()).toEqual(['j1', 'r1'])
    expect(result.problems).toMatchObject([{ ruleId: 'bibliography-invalid', name: 'bad.bib', line: 4 }])
  })

  it('falls back to Chicago author-date on a style that does not parse', () => {
    const result = formatCitations({ bibliographies: bibliography, references: [], style: '<style>nonsense', clusters: [{ mode: 'normal', items: [{ key: 'doe99', prefix: '', suffix: '' }] }], nocite: [] })
    expect(result.problems.map((problem) => problem.ruleId)).toContain('csl-invalid')
    expect(result.clusters[0]!.html).toBe('(Doe and Roe 1999)')
  })

  it('gives the same result twice (no state kept between documents)', () => {
    const request = { bibliographies: bibliography, references: [], style: 'ieee', clusters: [{ mode: 'normal' as const, items: [{ key: 'smith04', prefix: '', suffix: '' }] }], nocite: [] }
    expect(formatCitations(request)).toEqual(formatCitations(request))
  })

  it('formats 100 citations against a 500-entry bibliography in reasonable time', () => {
    const big = Array.from({ length: 500 }, (_, n) => `@article{k${n}, author={Author${n}, Ann and Other, Bob}, title={Title ${n}}, journal={J}, year={${1950 + (n % 70)}}, pages={1--9}}`).join('\n')
    const clusters = Array.from({ length: 100 }, (_, n) => ({ mode: 'normal' as const, items: [{ key: `k${(n * 7) % 500}`, prefix: '', suffix: '' }] }))
    const started = performance.now()
    const result = formatCitations({ bibliographies: [{ name: 'big.bib', text: big }], references: [], style: 'apa', clusters, nocite: [] })
    const took = performance.now() - started
    expect(result.clusters.every((cluster) => cluster.html)).toBe(true)
    console.log(`100 citations, 500 entries, APA: ${Math.round(took)} ms`)
  })
})

describe('citations in the .docx', () => {
  it('writes formatted citations, links them to bookmarked Bibliography entries under a References heading', async () => {
    const produced = await fromMarkdown('---\nlink-citations: true\ncsl: apa\n---\n\nAs @doe99 says [see @smith04, p. 3].\n', { bibliography }, 'apa')
    const [paragraph, heading, ...entries] = produced.blocks
    expect(textOf(paragraph!)).toBe('As Doe & Roe (1999) says (see Smith, 2004, p. 3).')
    expect(elements(paragraph!, 'w:hyperlink').map((link) => attr(link, 'w:anchor'))).toEqual(['ref-doe99', 'ref-smith04'])
    expect(styleOf(heading!)).toBe('Heading1')
    expect(textOf(heading!)).toBe('References')
    expect(entries.map(styleOf)).toEqual(['Bibliography', 'Bibliography'])
    expect(elements(entries[0]!, 'w:bookmarkStart').map((b) => attr(b, 'w:name'))).toEqual(['ref-doe99'])
    expect(attr(elements(entries[0]!, 'w:ind')[0], 'w:hanging')).toBe('720')
    // The title in italics, as the style asks.
    expect(elements(entries[0]!, 'w:i').length).toBeGreaterThan(0)
    expect(elements(produced.styles, 'w:style').some((style) => attr(style, 'w:styleId') === 'Bibliography')).toBe(true)
  })

  it('writes the markup of prefixes and suffixes as runs', async () => {
    const produced = await fromMarkdown('Text [see *this* @doe99, p. 3 and **more**].\n', { bibliography, csl: 'apa' }, 'affix-markup')
    const paragraph = produced.blocks[0]!
    expect(textOf(paragraph)).toBe('Text (see this Doe & Roe, 1999, p. 3 and more).')
    const formats = Object.fromEntries(textRuns(paragraph).map((run) => [wordText(run), runFormat(run)]))
    expect(formats['this']).toContain('w:i')
    expect(formats['more']).toContain('w:b')
  })

  it('puts the list after a last References heading, or in a ::: {#refs} div', async () => {
    const last = await fromMarkdown('Text [@doe99].\n\n# Bibliography\n', { bibliography }, 'refs-heading')
    expect(last.blocks.map((block) => textOf(block).slice(0, 12))).toEqual(['Text (Doe an', 'Bibliography', 'Doe, John, a'])
    const div = await fromMarkdown('Text [@doe99].\n\n::: {#refs}\n:::\n\n# After\n', { bibliography }, 'refs-div')
    expect(div.blocks.map((block) => textOf(block).slice(0, 12))).toEqual(['Text (Doe an', 'Doe, John, a', 'After'])
  })

  it('reports unknown keys and shows them as pandoc does; without a bibliography nothing changes', async () => {
    const unknown = await fromMarkdown('See [@nobody] and @someone.\n', { bibliography }, 'unknown')
    expect(textOf(unknown.blocks[0]!)).toBe('See nobody? and @someone.')
    expect(unknown.messages.map((message) => [message.ruleId, message.line, message.column])).toEqual([
      ['citation-unknown', 1, 5],
      ['citation-unknown', 1, 19],
    ])
    const none = await fromMarkdown('See [@nobody] and @someone.\n', {}, 'no-bibliography')
    expect(textOf(none.blocks[0]!)).toBe('See [@nobody] and @someone.')
    expect(none.messages).toEqual([])
  })

  it('makes footnotes in a note style', async () => {
    const notes = readFileSync(join(import.meta.dirname, '..', 'src', 'citations', 'styles', 'chicago-author-date.ts'), 'utf8')
      .replace(/^[\s\S]*?`/, '')
      .replace(/`\s*$/, '')
      .replace('class="in-text"', 'class="note"')
    const produced = await fromMarkdown('Text [@doe99, p. 3].\n', { bibliography, csl: notes }, 'note-style')
    expect(elements(produced.blocks[0]!, 'w:footnoteReference')).toHaveLength(1)
    expect(textOf(produced.footnotes)).toContain('Doe and Roe 1999, 3')
  })

  it('a bibliography file that cannot be found is reported, never thrown', async () => {
    const produced = await fromMarkdown('---\nbibliography: missing.bib\n---\n\nText [@doe99].\n', { loadFile: async () => undefined }, 'missing')
    expect(produced.messages.map((message) => message.ruleId)).toContain('bibliography-missing')
    expect(textOf(produced.blocks[0]!)).toBe('Text doe99?.')
  })
})

describe('markdocx --bibliography --csl', () => {
  it('reads the flags and the front matter bibliography beside the Markdown file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'markdocx-cite-'))
    writeFileSync(join(dir, 'refs.bib'), BIB)
    writeFileSync(join(dir, 'in.md'), '---\nbibliography: refs.bib\n---\n\nAs @doe99 shows [@smith04].\n')
    writeFileSync(join(dir, 'plain.md'), 'As @doe99 shows [@smith04].\n')
    let err = ''
    const io = (): CliIo => ({ stdin: (async function* () {})(), stdout: { write: () => undefined }, stderr: { write: (chunk) => (err += chunk) }, cwd: dir })
    expect(await run(['in.md', '-o', 'a.docx', '--csl', 'ieee'], io())).toBe(0)
    const a = inspect(new Uint8Array(readFileSync(join(dir, 'a.docx'))), [], 'cli-front-matter')
    expect(textOf(a.blocks[0]!)).toBe('As Doe and Roe [1] shows [2].')
    expect(await run(['plain.md', '-o', 'b.docx', '--bibliography', 'refs.bib'], io())).toBe(0)
    const b = inspect(new Uint8Array(readFileSync(join(dir, 'b.docx'))), [], 'cli-flag')
    expect(textOf(b.blocks[0]!)).toBe('As Doe and Roe (1999) shows (Smith 2004).')
    expect(err).toBe('')
    expect(await run(['plain.md', '-o', 'c.docx', '--csl', 'no-such-style'], io())).toBe(2)
  })
})

export type { Root }
