/**
 * The chunked parser against the whole-document parser: deep-equal trees (positions included)
 * and equal messages, over the fixtures, the Markdown of the installed npm packages, generated
 * documents, and sequences of edits parsed through one cached parser. Each document is parsed
 * twice chunked: with the default chunk sizes, and with a cut taken wherever one is offered,
 * which puts a chunk boundary next to nearly every top-level block.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createChunkedParser, type ChunkedParserOptions } from '../../src/markdown/chunked/chunked.js'
import { parseMarkdown } from '../../src/markdown/parse.js'
import { applyEdit, denseDocument, document, edit, fenceDocument, firstDifference, fixtureInputs, longLineDocument, messageData, packageReadmes, paragraphDocument } from './chunked-support.js'

/** Over 4 MB of READMEs parsed twice: about 30 s alone, twice that on a 2-core CI runner running other test files. */
const README_CORPUS_TIMEOUT = 180_000

const EVERY_CUT: ChunkedParserOptions = { minChunk: 0, every: 1, maxChunk: 0 }
const SMALL: ChunkedParserOptions = { minChunk: 64, every: 2, maxChunk: 256 }
const FINE: ChunkedParserOptions = { minChunk: 256, every: 2, maxChunk: 2048, maxItems: 8 }
/** Every cut, with cuts inside long lines (past 120 characters) and inside fenced code and HTML blocks too (as one-off parses offer them, smaller). */
const EVERY_CUT_INSIDE: ChunkedParserOptions = { ...EVERY_CUT, fenceCuts: true, spaceCuts: { longLine: 120, every: 40 }, paragraphLines: 3 }
/** Every cut, in the text guarded whole first (as the CLI and the library parse). */
const EVERY_CUT_GUARDED: ChunkedParserOptions = { ...EVERY_CUT, guardWhole: true }

/** The first way the chunked parse of `text` differs from the whole parse, or undefined. */
function difference(text: string, options: ChunkedParserOptions): string | undefined {
  const whole = parseMarkdown(text)
  const chunked = createChunkedParser(options).parse(text)
  return firstDifference(chunked.tree, whole.tree) ?? firstDifference(messageData(chunked.file), messageData(whole.file), 'messages')
}

/** Asserts chunked = whole on `runs` documents from `documents`, parsed with each of `chunkings` (every cut and small chunks). */
function holdsOn(documents: fc.Arbitrary<string>, runs: number, chunkings: ChunkedParserOptions[] = [EVERY_CUT, SMALL, EVERY_CUT_GUARDED]): void {
  fc.assert(
    fc.property(documents, fc.constantFrom(...chunkings), (text, options) => {
      const found = difference(text, options)
      if (found) throw new Error(`${found}\n--- document ---\n${JSON.stringify(text)}`)
    }),
    { numRuns: runs },
  )
}

describe('chunked parse = whole parse', () => {
  it('on every fixture', () => {
    const inputs = fixtureInputs()
    expect(inputs.length).toBeGreaterThan(0)
    for (const [name, text] of inputs) {
      expect(difference(text, {}), name).toBeUndefined()
      expect(difference(text, EVERY_CUT), `${name} (every cut)`).toBeUndefined()
      expect(difference(text, EVERY_CUT_GUARDED), `${name} (every cut, guarded whole)`).toBeUndefined()
      expect(difference(text, { ...EVERY_CUT_INSIDE, guardWhole: true }), `${name} (every cut, inside lines and blocks too)`).toBeUndefined()
    }
  })

  it('on the Markdown of the installed packages', () => {
    const readmes = packageReadmes()
    expect(readmes.length).toBeGreaterThan(100)
    let characters = 0
    for (const [name, text] of readmes) {
      characters += text.length
      // Every cut on the shorter ones, inside long lines and fenced blocks too (a README's long
      // delimiter row found a cut a table's row must not have); on the long ones (most of the
      // text) a cut every few blocks, which keeps the test within its minute in CI.
      expect(difference(text, text.length < 32_768 ? EVERY_CUT_INSIDE : FINE), name).toBeUndefined()
    }
    expect(characters).toBeGreaterThan(1_000_000)
  }, README_CORPUS_TIMEOUT)

  it('on generated documents of headings with no blank line after them', () => holdsOn(denseDocument, 400))

  it('on generated documents', () => holdsOn(document, 300))

  // Cuts inside paragraphs and tables are offered only past 64 lines; here past the first.
  it('on generated paragraphs and tables cut at every line', () => holdsOn(paragraphDocument, 1500, [{ ...EVERY_CUT, paragraphLines: 1 }, { ...EVERY_CUT_GUARDED, paragraphLines: 1 }]))

  // Cuts inside a line are offered only in lines over 16 384 characters; here past 40, every few words.
  it('on generated long lines cut inside', () =>
    holdsOn(longLineDocument, 1500, [
      { ...EVERY_CUT_GUARDED, spaceCuts: { longLine: 40, every: 1 } },
      { ...EVERY_CUT_GUARDED, spaceCuts: { longLine: 40, every: 24 } },
      { ...EVERY_CUT, spaceCuts: { longLine: 40, every: 7 } },
    ]))

  // Cuts inside fenced code are offered only past 64 of its lines; here from its first.
  it('on generated fenced code cut inside', () =>
    holdsOn(fenceDocument, 800, [
      { ...EVERY_CUT, fenceCuts: true, paragraphLines: 0 },
      { ...EVERY_CUT_GUARDED, fenceCuts: true, paragraphLines: 2 },
    ]))

  it('reports a footnote call again when the edit that takes its definition away lies in another part of the text', () => {
    // The property below found it (seed -1363062159): the definition line became a paragraph, and the
    // cached parse still held the old document-wide answer for [^1].
    const parser = createChunkedParser(SMALL)
    let text = 'alpha'
    parser.parse(text)
    for (const change of [['insert', 0, '[^1]: $5 alpha\n\n'], ['type', 0, '$'], ['delete', 0, 1]] as const) {
      text = applyEdit(text, change as never)
      const chunked = parser.parse(text)
      const whole = parseMarkdown(text)
      expect(firstDifference(chunked.tree, whole.tree) ?? firstDifference(messageData(chunked.file), messageData(whole.file), 'messages')).toBeUndefined()
    }
  })

  it('through a cached parser, edit after edit', () => {
    fc.assert(
      fc.property(document, fc.array(edit, { minLength: 1, maxLength: 12 }), (start, edits) => {
        const parser = createChunkedParser(SMALL)
        let text = start
        parser.parse(text)
        for (const change of edits) {
          text = applyEdit(text, change)
          const chunked = parser.parse(text)
          const whole = parseMarkdown(text)
          const found = firstDifference(chunked.tree, whole.tree) ?? firstDifference(messageData(chunked.file), messageData(whole.file), 'messages')
          if (found) throw new Error(`${found}\n--- after ${JSON.stringify(change)} ---\n${JSON.stringify(text)}`)
        }
      }),
      { numRuns: 100 },
    )
  })
})
