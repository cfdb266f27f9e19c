/**
 * The gated GFM (src/markdown/syntax/gfm.ts, syntax-gate.ts) against remark-gfm: a parse that leaves
 * out the extensions whose syntax the text cannot hold must give the same tree, positions
 * included, as one with every extension. Over the fixtures, the Markdown of the installed
 * packages, generated documents, and each gate's edge cases.
 */
import fc from 'fast-check'
import type { Root } from 'mdast'
import remarkFrontmatter from 'remark-frontmatter'
import remarkGfm from 'remark-gfm'
import remarkMath from 'remark-math'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import { VFile } from 'vfile'
import { describe, expect, it } from 'vitest'
import { gfmExtensions, mayHaveTable, remarkGfmGated } from '../../src/markdown/syntax/gfm.js'
import { remarkParseGuard } from '../../src/markdown/guards/guard-plugin.js'
import { markdownPlugins } from '../../src/markdown/processor.js'
import { extensionsFor, remarkSyntaxGate } from '../../src/markdown/guards/syntax-gate.js'
import { document, firstDifference, fixtureInputs, messageData, packageReadmes } from './chunked-support.js'

/** Over 4 MB of READMEs parsed twice: about 30 s alone, twice that on a 2-core CI runner running other test files. */
const README_CORPUS_TIMEOUT = 180_000

const gated = unified().use(remarkParse).use(remarkSyntaxGate).use(remarkParseGuard).use(remarkGfmGated).use(remarkFrontmatter, ['yaml']).use(remarkMath).freeze()
// remark-gfm as markdocx configures it: a single tilde is pandoc's subscript (superscript.ts), not strikethrough.
const reference = unified().use(remarkParse).use(remarkParseGuard).use(remarkGfm, { singleTilde: false }).use(remarkFrontmatter, ['yaml']).use(remarkMath).freeze()

function parse(processor: typeof gated, text: string): { tree: Root; file: VFile } {
  const file = new VFile(text)
  const tree = processor.runSync(processor.parse(file), file) as Root
  return { tree, file }
}

/** How the gated parse of `text` differs from remark-gfm's, or undefined. */
function difference(text: string): string | undefined {
  const a = parse(gated, text)
  const b = parse(reference, text)
  return firstDifference(a.tree, b.tree) ?? firstDifference(messageData(a.file), messageData(b.file), 'messages')
}

/** Inputs where each gated syntax is present, at the edges of what its gate accepts. */
const EDGES: readonly string[] = [
  // Tables: plain, without outer pipes, aligned, in a quote, in a list item, in a footnote, CR and CRLF endings, one column.
  '| a | b |\n| --- | --- |\n| 1 | 2 |',
  'a | b\n--- | ---\n1 | 2',
  '| a |\n|:-:|\n| 1 |',
  'a |\n-- |\nb |',
  '> | a | b |\n> |---|---|\n> | 1 | 2 |',
  '>| a | b |\n>|-|-|',
  '- item\n\n  | a | b |\n  | - | - |\n  | 1 | 2 |',
  '[^n]\n\n[^n]: note\n\n    | a | b |\n    | - | - |',
  '| a | b |\r| --- | --- |\r| 1 | 2 |',
  '| a | b |\r\n| --- | --- |\r\n| 1 | 2 |',
  '\t| a | b |\n\t| - | - |',
  'a | b\n:-- | --:',
  'a.b\n:-',
  'a\n-:',
  '| a | b |\n| -- | -- |',
  // Not tables, near misses.
  'a | b\n---',
  '---\n| a |',
  'a\n---',
  // Footnotes.
  'Text[^1] and [^note].\n\n[^1]: One.\n[^note]: Two\n    more.',
  '![^x]\n\n[^x]: image-like call',
  '[^undefined] stays text',
  // Strikethrough, single and double tilde; tildes only in code.
  '~one~ and ~~two~~ and ~~~three~~~',
  'a *~b~* c',
  '```\n~~~\n```',
  // Task lists: space, x, X, tab, line ending inside.
  '- [ ] open\n- [x] done\n- [X] Done',
  '- [\t] tab',
  '- [\n] line ending',
  '- [\r\n] crlf',
  '* [x]',
  // Autolink literals: every case, in brackets, after punctuation, next to emphasis.
  'Visit www.example.com, WWW.EXAMPLE.COM or Www.x.y.',
  'See http://a.b/c, HTTPS://A.B and hTtP://x.y/z?q=1#f.',
  'Mail a.b+c@d.e-f.g, (x@y.z) and *u@v.w* and _a_b@c.d_.',
  'Text &#64; reference: a&#64;b.com and www&#46;x.com',
  'Escaped a\\@b.c and [a@b.c] and ![x](y)@z.w',
  '[link www.x.com](https://y.z) and <https://angle.link>',
  'mailto:a@b.c and xmpp:a@b.c/d',
  'a@b',
  '@scope/package and user@ and @',
  // Everything at once, with front matter and math.
  '---\ntitle: t\n---\n\n| a | b $x$ |\n| - | - |\n| ~~c~~ | www.d.e |\n\n- [ ] f@g.h[^1]\n\n[^1]: https://i.j',
]

describe('gated GFM = remark-gfm', () => {
  it('on each gate’s edge cases', () => {
    for (const text of EDGES) expect(difference(text), JSON.stringify(text)).toBeUndefined()
  })

  it('on every fixture', () => {
    const inputs = fixtureInputs()
    expect(inputs.length).toBeGreaterThan(0)
    for (const [name, text] of inputs) expect(difference(text), name).toBeUndefined()
  })

  it('on the Markdown of the installed packages', () => {
    const readmes = packageReadmes()
    expect(readmes.length).toBeGreaterThan(100)
    for (const [name, text] of readmes) expect(difference(text), name).toBeUndefined()
  }, README_CORPUS_TIMEOUT)

  it('on generated documents', () => {
    fc.assert(
      fc.property(document, (text) => {
        const found = difference(text)
        if (found) throw new Error(`${found}\n--- document ---\n${JSON.stringify(text)}`)
      }),
      { numRuns: 300 },
    )
  })

  it('on generated lines of GFM syntax, where a gate is most likely to be wrong', () => {
    const piece = fc.constantFrom('|', ' | ', '-', '--', ':', ':-', '~', '~~', '[', ']', '[^', '^', 'x', 'X', ' ', '\t', '>', '> ', '- ', '1. ', '@', 'a', 'a.b', 'www.', 'WWW.', 'http://', 'HTTPS://', 'mailto:', '&#64;', '\\', '*', '_', '`', '+', '.', '/', '(', ')', '!', '\n', '\r\n', '\r', '\n\n')
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 40 }), (pieces) => {
        const text = pieces.join('')
        const found = difference(text)
        if (found) throw new Error(`${found}\n--- document ---\n${JSON.stringify(text)}`)
      }),
      { numRuns: Number(process.env.GATE_RUNS ?? 2000) },
    )
  })
})

describe('the gates', () => {
  it('leave every GFM extension out of plain prose', () => {
    // If a later micromark-extension-gfm-autolink-literal renamed its constructs, they would be kept ungated: this fails then.
    expect(extensionsFor(gfmExtensions(), 'Plain prose, with [links](/x) and `code`; nothing else.')).toEqual([])
  })

  it('keep each extension where its syntax is', () => {
    const all = gfmExtensions().length
    expect(extensionsFor(gfmExtensions(), EDGES.join('\n\n'))).toHaveLength(all)
    expect(extensionsFor(gfmExtensions(), 'a ~b~')).toHaveLength(1)
    expect(extensionsFor(gfmExtensions(), 'a@b.c')).toHaveLength(1)
    expect(extensionsFor(gfmExtensions(), 'x[^1]')).toHaveLength(1)
  })

  it('see a delimiter row only where one could be', () => {
    expect(mayHaveTable('| a |\n| - |')).toBe(true)
    expect(mayHaveTable('> > |:-:|')).toBe(true)
    expect(mayHaveTable('a | b\n---')).toBe(false)
    expect(mayHaveTable('a | b\nc | d')).toBe(false)
    expect(mayHaveTable('text with | pipe\n\n---')).toBe(false)
  })

  it('are part of the shared processor', () => {
    expect(markdownPlugins).toContain(remarkSyntaxGate)
    expect(markdownPlugins).toContain(remarkGfmGated)
  })
})
