/**
 * Property-based: Markdown built from the grammar's own pieces (headings, paragraphs with
 * every inline construct, nested lists and quotes, code, tables with ragged rows, footnotes,
 * HTML, hostile characters) — not only random strings — must always convert without
 * throwing, give a structurally valid package, and keep every word of its visible text.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkProducedWithOracle, fromMarkdown } from './support/docx.js'
import { elements } from './support/xml.js'

checkProducedWithOracle('property')

/** A piece of Markdown and the words it must show in the document. */
interface Piece {
  md: string
  words: string[]
}

const join = (pieces: Piece[], separator: string): Piece => ({ md: pieces.map((p) => p.md).join(separator), words: pieces.flatMap((p) => p.words) })

/** Plain words (letters only, so they never form syntax by themselves), some in other scripts. */
const word = fc.oneof(
  { weight: 6, arbitrary: fc.stringMatching(/^[a-z]{3,9}$/) },
  { weight: 1, arbitrary: fc.constantFrom('naïve', 'Привет', '東京', 'עברית', 'Ωmega', 'straße') },
)
const plain: fc.Arbitrary<Piece> = word.map((w) => ({ md: w, words: [w] }))
/** Text whose words are not checked: URLs, punctuation, characters XML cannot hold, stray syntax. */
const noise: fc.Arbitrary<Piece> = fc
  .constantFrom('&amp;', '&#0;', '\\*', '<', '>', '*', '_', '|', '[', ']', '$5', '$x$', '\u0001', '\u000b', '\uFFFE', '\uD800', '🎉', '\u200f', '  ', '\\', '`', '<!-- c -->', '<br>', 'https://example.com/x', 'me@example.com')
  .map((md) => ({ md, words: [] }))
/** Titles (links' ScreenTips, images' captions), some with characters XML cannot hold. */
const title = fc.constantFrom('', ' "Title"', ' "bad \u0001 title"', ' "\uFFFF"', " 'it''s'", ' (paren)')
const url = fc.constantFrom('https://example.com/a', '#heading', '#missing', 'relative/page.md', 'javascript:alert(1)', 'mailto:x@example.com', 'https://example.com/a b', '')

const inline: fc.Arbitrary<Piece> = fc.letrec<{ inline: Piece }>((tie) => ({
  inline: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 8, arbitrary: plain },
    { weight: 2, arbitrary: noise },
    fc.tuple(tie('inline'), fc.constantFrom('*', '**', '_', '~~', '***')).map(([p, mark]) => ({ md: `${mark}${p.md}${mark}`, words: p.words })),
    plain.map((p) => ({ md: `\`${p.md}\``, words: p.words })),
    fc.tuple(tie('inline'), url, title).map(([p, target, t]) => ({ md: `[${p.md}](${target.includes(' ') ? `<${target}>` : target}${t})`, words: p.words })),
    fc.tuple(word, fc.constantFrom('missing.png', 'data:image/png;base64,AAAA', 'https://example.invalid/i.png'), title).map(([alt, src, t]) => ({ md: `![${alt}](${src}${t})`, words: [] })),
    plain.map((p) => ({ md: `<span>${p.md}</span>`, words: p.words })),
    // A hard break, and a letter after it: a next line opening with ~~~~ would start a code
    // block (a fence interrupts a paragraph, its info string unseen, as in GFM).
    fc.constant<Piece>({ md: '  \nz', words: [] }),
  ),
})).inline

const line: fc.Arbitrary<Piece> = fc.array(inline, { minLength: 1, maxLength: 8 }).map((pieces) => join(pieces, ' '))
/** A line safe inside a table cell (no line breaks, pipes escaped by the table syntax itself). */
const cellText: fc.Arbitrary<Piece> = fc.array(fc.oneof(plain, plain.map((p) => ({ md: `**${p.md}**`, words: p.words })), plain.map((p) => ({ md: `\`${p.md}\``, words: p.words }))), { maxLength: 3 }).map((pieces) => join(pieces, ' '))

const indent = (piece: Piece, prefix: string, first = prefix): Piece => ({
  md: piece.md
    .split('\n')
    .map((l, i) => (i === 0 ? first : l === '' ? prefix.trimEnd() : prefix) + l)
    .join('\n'),
  words: piece.words,
})

const block: fc.Arbitrary<Piece> = fc.letrec<{ block: Piece }>((tie) => ({
  block: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    // A paragraph starts with a word: a line opening with ~~~ or ``` would be a code fence, its words an info string.
    { weight: 6, arbitrary: fc.tuple(plain, line).map(([first, rest]) => join([first, rest], ' ')) },
    fc.tuple(fc.integer({ min: 1, max: 7 }), line).map(([depth, text]) => ({ md: `${'#'.repeat(depth)} ${text.md.replace(/\n/g, ' ')}`, words: text.words })),
    fc.tuple(fc.array(plain, { maxLength: 6 }), fc.constantFrom('', 'js', 'python', 'nonsense-lang')).map(([words, lang]) => ({
      md: `\`\`\`${lang}\n${words.map((w, i) => (i % 3 === 2 ? `\t${w.md}` : w.md)).join('\n')}\n\`\`\``,
      words: words.flatMap((w) => w.words),
    })),
    fc.constant<Piece>({ md: '---', words: [] }),
    tie('block').map((inner) => indent(inner, '> ')),
    fc.tuple(fc.array(tie('block'), { minLength: 1, maxLength: 4 }), fc.constantFrom('- ', '* ', '1. ', '5. ', '- [ ] ', '- [x] '), fc.boolean()).map(([items, marker, loose]) =>
      join(
        // Continuation lines go under the item's content: 2 columns after a bullet, 3 after "1. ".
        items.map((item) => indent(item, ' '.repeat(/^\d/.test(marker) ? 3 : 2), marker)),
        loose ? '\n\n' : '\n',
      ),
    ),
    fc.tuple(fc.integer({ min: 1, max: 5 }), fc.array(fc.array(cellText, { minLength: 0, maxLength: 6 }), { maxLength: 4 }), fc.constantFrom(':--', ':-:', '--:', '---')).map(([columns, rows, align]) => {
      const header = Array.from({ length: columns }, (_, i) => `h${i}`)
      const md = [`| ${header.join(' | ')} |`, `|${Array(columns).fill(align).join('|')}|`, ...rows.map((cells) => `| ${cells.map((c) => c.md).join(' | ')} |`)].join('\n')
      return { md, words: [...header, ...rows.flat().flatMap((c) => c.words)] }
    }),
    plain.map((p) => ({ md: `<div>\n<p>${p.md}</p>\n</div>`, words: p.words })),
  ),
})).block

/** A document: blocks, some with footnote references, and a definition for each reference. */
const documents: fc.Arbitrary<Piece> = fc
  .tuple(fc.array(block, { minLength: 1, maxLength: 10 }), fc.array(fc.tuple(fc.constantFrom('1', 'a', 'note', 'Z-9', 'odd\uFFFF', 'ü'), line), { maxLength: 3 }), fc.boolean(), fc.boolean())
  .map(([blocks, notes, frontMatter, nested]) => {
    const body = join(blocks, '\n\n')
    const references = notes.map(([label]) => `[^${label}]`).join(' ')
    const definitions = notes.map(([label, text]) => `[^${label}]: Note ${text.md.replace(/\n/g, ' ')}`)
    // A note referenced only from inside another note (its text is carried into that one).
    if (nested && notes.length > 0) definitions.push(`[^only-nested\uFFFF]: Nested note.`)
    const nestedReference = nested && notes.length > 0 ? ' [^only-nested\uFFFF]' : ''
    // Only the first definition of a label is used; later ones are unused (and reported).
    const seen = new Set<string>()
    const noteWords = notes.flatMap(([label, text]) => (seen.has(label.toLowerCase()) ? [] : (seen.add(label.toLowerCase()), text.words)))
    if (nestedReference) definitions[0] += nestedReference
    const md = [frontMatter ? '---\ntitle: Generated\n---' : '', body.md, notes.length ? `Notes: ${references}` : '', definitions.join('\n\n')].filter(Boolean).join('\n\n')
    return { md, words: [...body.words, ...noteWords] }
  })

/** How many documents to try (PROPERTY_RUNS=1000 for a longer hunt). */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 60)
/** PROPERTY_SEED=<seed printed by a failure> replays that run. */
const SEED = process.env.PROPERTY_SEED ? { seed: Number(process.env.PROPERTY_SEED) } : {}

describe('random Markdown documents', () => {
  it('never throw, always give a structurally valid package, and keep every word of the text', async () => {
    await fc.assert(
      fc.asyncProperty(documents, async (doc) => {
        const produced = await fromMarkdown(doc.md, {}, 'property')
        // Words may land in a formula: as in pandoc, the noise "$5" opens one when a later "$" has
        // a non-space before it ("$5 word *$x" is the formula "5 word *"), so m:t counts too.
        const textOf = (name: string) => [produced.document, produced.footnotes].map((d) => elements(d, name).map((t) => t.textContent ?? '').join('')).join('\n')
        const text = `${textOf('w:t')}\n${textOf('m:t')}`
        const missing = doc.words.filter((w) => !text.includes(w))
        expect(missing, `words lost from:\n${doc.md}`).toEqual([])
      }),
      { numRuns: RUNS, interruptAfterTimeLimit: 2_000 * RUNS, ...SEED },
    )
  }, 3_000 * RUNS)

  it('never throw on arbitrary strings either (unicode, controls, syntax characters)', async () => {
    const alphabet = fc.constantFrom(...'#*_-+>`~|[]()!<>:\\$^\n\n  \t1.abc'.split(''), '\u0000', '\uD800', '\uFFFF', '😀', 'é')
    await fc.assert(
      fc.asyncProperty(fc.array(alphabet, { maxLength: 300 }).map((chars) => chars.join('')), async (md) => {
        await fromMarkdown(md, {}, 'property-string')
      }),
      { numRuns: 60, interruptAfterTimeLimit: 60_000 },
    )
  }, 120_000)
})
