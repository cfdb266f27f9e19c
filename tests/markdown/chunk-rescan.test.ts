/**
 * The incremental cut scan (rescanCuts): after an edit, scanning again only around it gives
 * exactly the cuts of a whole scan — over generated documents and edits (every block construct,
 * CRLF and CR endings, front matter), the fixtures, and typing into real READMEs; and the
 * chunked parser told what an edit left unchanged still equals the whole parse.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { rescanCuts, scanCuts, type Unchanged } from '../../src/markdown/chunked/chunk-scan.js'
import { createChunkedParser } from '../../src/markdown/chunked/chunked.js'
import { parseMarkdown } from '../../src/markdown/parse.js'
import { applyEdit, document, edit, firstDifference, fixtureInputs, messageData, packageReadmes, paragraphDocument } from './chunked-support.js'

/** The longest unchanged start and end of two texts (not overlapping in either). */
function unchangedBetween(before: string, after: string): Unchanged {
  const limit = Math.min(before.length, after.length)
  let prefix = 0
  while (prefix < limit && before.charCodeAt(prefix) === after.charCodeAt(prefix)) prefix++
  let suffix = 0
  while (suffix < limit - prefix && before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)) suffix++
  return { prefix, suffix }
}

function check(before: string, after: string, unchanged = unchangedBetween(before, after)): void {
  expect(rescanCuts(after, scanCuts(before), before.length, unchanged)).toEqual(scanCuts(after))
  // With cuts inside every paragraph past its first line (the default waits for 64 lines).
  const options = { paragraphLines: 1 }
  expect(rescanCuts(after, scanCuts(before, options), before.length, unchanged, options)).toEqual(scanCuts(after, options))
}

describe('rescanCuts', () => {
  it('equals a whole scan after generated edits of generated documents, long paragraphs and tables among them', () => {
    fc.assert(
      fc.property(fc.oneof(document, paragraphDocument), fc.array(edit, { minLength: 1, maxLength: 4 }), (start, edits) => {
        let text = start
        for (const change of edits) {
          const next = applyEdit(text, change)
          check(text, next)
          text = next
        }
      }),
      { numRuns: 700 },
    )
  })

  it('offers no cut before a line of `|` that is a delimiter row, which opens a table after a clean line', () => {
    // The property found it (seed -164599875): a cut before `|-|-|` restarted the rescan without the table it opens.
    check('word\n|-|-|\n', 'word\n|-|-|\na')
    // A line of `|` that is no delimiter row and has none after it goes on a paragraph, and may be cut before.
    expect(scanCuts('word\n| a |\n| b |\n', { paragraphLines: 1 }).cuts.map((cut) => [cut.line, cut.kind])).toEqual([[2, 'line'], [3, 'line']])
  })

  it('takes a smaller unchanged start and end than the real ones', () => {
    fc.assert(
      fc.property(document, edit, fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (text, change, a, b) => {
        const next = applyEdit(text, change)
        const { prefix, suffix } = unchangedBetween(text, next)
        check(text, next, { prefix: Math.floor(prefix * a), suffix: Math.floor(suffix * b) })
      }),
      { numRuns: 200 },
    )
  })

  it('equals a whole scan for a character typed anywhere in the fixtures', () => {
    for (const [, text] of fixtureInputs()) {
      for (let step = 0; step < 12; step++) {
        const at = Math.floor((text.length * step) / 12)
        for (const typed of ['x', '\n', '\n\n', '```\n', '- ']) check(text, text.slice(0, at) + typed + text.slice(at))
      }
    }
  })

  it('equals a whole scan while typing into and deleting from real READMEs', () => {
    const readmes = packageReadmes().slice(0, 40)
    expect(readmes.length).toBeGreaterThan(0)
    for (const [, text] of readmes) {
      let current = text
      for (let step = 1; step < 8; step++) {
        const at = Math.floor((current.length * step) / 8)
        const typed = current.slice(0, at) + 'typed *here*\n\n' + current.slice(at)
        check(current, typed)
        const deleted = typed.slice(0, Math.max(0, at - 40)) + typed.slice(at + 5)
        check(typed, deleted)
        current = deleted
      }
    }
  })

  it('lets the chunked parser, told what each edit left unchanged, still equal the whole parse', () => {
    fc.assert(
      fc.property(fc.oneof(document, paragraphDocument), fc.array(edit, { minLength: 1, maxLength: 10 }), (start, edits) => {
        // Cuts inside paragraphs past their second line, too (the default waits for 64 lines).
        const parser = createChunkedParser({ minChunk: 64, every: 2, maxChunk: 256, paragraphLines: 2 })
        let text = start
        parser.parse(text)
        for (const change of edits) {
          const next = applyEdit(text, change)
          const chunked = parser.parse(next, undefined, unchangedBetween(text, next))
          text = next
          const whole = parseMarkdown(text)
          const found = firstDifference(chunked.tree, whole.tree) ?? firstDifference(messageData(chunked.file), messageData(whole.file), 'messages')
          if (found) throw new Error(`${found}\n--- after ${JSON.stringify(change)} ---\n${JSON.stringify(text)}`)
        }
      }),
      { numRuns: 100 },
    )
  })
})
