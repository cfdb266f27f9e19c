/**
 * The CLI's two-thread parse (src/cli/parallel-parse.ts) against the whole-document parse:
 * the worker runs the built CLI bundle (`npm test` builds it first), this thread stitches.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parseInParallel, PARALLEL_THRESHOLD } from '../../src/cli/parallel-parse.js'
import { parseMarkdown } from '../../src/markdown/parse.js'
import { firstDifference, messageData, packageReadmes } from '../markdown/chunked-support.js'

const BUNDLE = join(import.meta.dirname, '..', '..', 'dist', 'cli', 'markdocx.mjs')

/** Parses `text` with parseInParallel, expecting two threads and the whole parse's tree and messages. */
async function expectTwoThreadsAsWhole(text: string, path: string): Promise<Awaited<ReturnType<typeof parseInParallel>>> {
  const parallel = await parseInParallel(text, path, pathToFileURL(BUNDLE))
  expect(parallel.threads).toBe(2)
  const whole = parseMarkdown(text, path)
  expect(firstDifference(parallel.tree, whole.tree)).toBeUndefined()
  expect(messageData(parallel.file)).toEqual(messageData(whole.file))
  return parallel
}

describe('parseInParallel', () => {
  it('parses a long document on two threads into the whole parse', async () => {
    expect(existsSync(BUNDLE), 'dist/cli/markdocx.mjs (npm run build:cli)').toBe(true)
    // Real README text, then headings every few KiB (so the cut near the middle is a clean one).
    let text = ''
    for (const [, readme] of packageReadmes()) {
      text += `${readme.replace(/^\uFEFF/, '').trimEnd()}\n\n`
      if (text.length > PARALLEL_THRESHOLD) break
    }
    for (let section = 1; text.length < PARALLEL_THRESHOLD * 2; section++) {
      text += `# Part ${section}\n\nProse with *emphasis*, \`code\` and [a link](https://example.com/${section}).\n\n- one\n- two\n\n| a | b |\n| - | - |\n| ${section} | x |\n\n\`\`\`js\nconst part = ${section}\n\`\`\`\n\n`
    }
    // Labels defined in one half and used in the other, both ways.
    text = `See [early] and [late][] and a note[^late].\n\n[early]: /early\n\n${text}\n\n[late]: /late\n\nUse [early] here.\n\n[^late]: The note.\n`
    await expectTwoThreadsAsWhole(text, 'doc.md')
    // Two parses of 800 KB and a worker start: a minute on a busy two-core machine.
  }, 240_000)

  it('parses one long list on two threads, cut between items and joined', async () => {
    let text = ''
    for (let item = 0; text.length < PARALLEL_THRESHOLD * 1.2; item++) text += `- item ${item} with [a link](https://example.com/${item})\n`
    const parallel = await expectTwoThreadsAsWhole(text, 'list.md')
    expect(parallel.tree.children).toHaveLength(1)
  }, 240_000)

  it('parses a half again, not the whole, when its guess of the other half’s labels was wrong', async () => {
    // A definition in code inside a quote looks like one to the guess; only the whole parse knows.
    const filler = (from: number) => Array.from({ length: 4000 }, (_, index) => `Paragraph ${from + index} of filler text, long enough to count.\n\n`).join('')
    const text = `> \`\`\`\n> [tricky]: /not-a-definition\n> \`\`\`\n\n${filler(0)}# Middle\n\n${filler(5000)}Is [tricky] a link? And [real]?\n\n[real]: /real\n`
    expect(text.length).toBeGreaterThan(PARALLEL_THRESHOLD)
    await expectTwoThreadsAsWhole(text, 'doc.md')
  }, 240_000)

  it('keeps short documents on one thread', async () => {
    const result = await parseInParallel('# Short\n\ntext\n', undefined, pathToFileURL(BUNDLE))
    expect(result.threads).toBe(1)
    expect(firstDifference(result.tree, parseMarkdown('# Short\n\ntext\n').tree)).toBeUndefined()
  })
})
