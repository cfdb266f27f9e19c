/**
 * The micromark mends (src/build/micromark-mends.ts): they apply to both of micromark's builds,
 * refuse a source they do not recognise, and change nothing but the time taken — the rewritten
 * functions run side by side with micromark's own over generated inputs, and documents parsed
 * through the mended micromark (the one this suite runs, vite.config.ts inlines it) equal those
 * parsed by an unmended micromark in a plain Node process.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import fc from 'fast-check'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { gfmFromMarkdown } from 'mdast-util-gfm'
import { gfm } from 'micromark-extension-gfm'
import { EditMap } from 'micromark-util-edit-map'
import { splice } from 'micromark-util-chunked'
import { describe, expect, it } from 'vitest'
import { isMendedFile, mendMicromark } from '../../src/build/micromark-mends.js'
import { parseMarkdown } from '../../src/markdown/parse.js'

const require = createRequire(import.meta.url)
// micromark's entry is index.js or dev/index.js (its exports map hides package.json): the folder above lib/ and dev/.
const root = dirname(require.resolve('micromark')).replace(/[\\/]dev$/, '')
const path = (build: string, name: string) => join(root, build, 'initialize', `${name}.js`)
const source = (build: string, name: string) => readFileSync(path(build, name), 'utf8')
const BUILDS = ['lib', 'dev/lib'] as const

interface Token {
  type: string
  start: number
  end: number
}
type Event = ['enter' | 'exit', Token, null]
type Resolve = (events: Event[], context: unknown) => Event[]

/** `createResolver(undefined)` of a text.js source, evaluated on its own (the dev build names `types.data`). */
function resolverOf(text: string): Resolve {
  const body = /function createResolver\(extraResolver\) \{[\s\S]*?\n\}\n/.exec(text)?.[0]
  if (!body) throw new Error('createResolver not found')
  // eslint-disable-next-line no-new-func
  return new Function('types', `${body}; return createResolver(undefined)`)({ data: 'data' }) as Resolve
}

/** Token sequences: data tokens, and other tokens that may hold more tokens. */
type Shape = { kind: 'data' } | { kind: 'other'; inner: Shape[] }
const shape: fc.Arbitrary<Shape[]> = fc.letrec<{ list: Shape[]; item: Shape }>((tie) => ({
  list: fc.array(tie('item'), { maxLength: 12 }),
  item: fc.oneof({ depthSize: 'small', withCrossShrink: true }, fc.constant<Shape>({ kind: 'data' }), fc.record({ kind: fc.constant('other' as const), inner: tie('list') })),
})).list

function events(shapes: readonly Shape[]): Event[] {
  const out: Event[] = []
  let at = 0
  const add = (list: readonly Shape[]) => {
    for (const item of list) {
      const token: Token = { type: item.kind === 'data' ? 'data' : 'other', start: at, end: at }
      out.push(['enter', token, null])
      if (item.kind === 'other') add(item.inner)
      at += 1
      token.end = at
      out.push(['exit', token, null])
    }
  }
  add(shapes)
  return out
}

const summary = (list: readonly Event[]) => list.map(([kind, token]) => `${kind}:${token.type}:${token.start}-${token.end}`)

/** Parses documents with micromark as installed (unmended), in a plain Node process. */
function unmendedTrees(documents: readonly string[]): unknown[] {
  const script = `
    import { fromMarkdown } from 'mdast-util-from-markdown'
    import { gfm } from 'micromark-extension-gfm'
    import { gfmFromMarkdown } from 'mdast-util-gfm'
    let input = ''
    process.stdin.on('data', (chunk) => (input += chunk))
    process.stdin.on('end', () => process.stdout.write(JSON.stringify(JSON.parse(input).map((text) => fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] })))))
  `
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { input: JSON.stringify(documents), cwd: join(root, '..', '..'), maxBuffer: 1 << 28 })
  return JSON.parse(out.toString()) as unknown[]
}

const mendedTree = (text: string) => JSON.parse(JSON.stringify(fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] }))) as unknown

/** Documents that go through every mended part: lazy lines, containers closing, data runs. */
const line = fc.oneof(
  fc.constantFrom('a & b', 'lazy', '> quoted', '> > deeper', '- item', '  - nested', '> - in a quote', '1. one', '   2. two', '', '***', '> ```', '```', '| a | b |', '|---|---|', 'x &amp; y &bogus; <a@b.co> www.x.org', '> | t |', 'text *em* [l](u)', '    code', '> lazy [link', ']( after'),
  fc.string({ unit: fc.constantFrom('>', ' ', '-', '*', 'a', '&', '[', ']', '`', '\n', '1', '.', '|'), maxLength: 24 }),
)
const documents = fc.array(line, { maxLength: 30 }).map((lines) => lines.join('\n'))

describe('micromark mends', () => {
  it('apply to both builds of micromark', () => {
    for (const build of BUILDS) {
      const text = mendMicromark(source(build, 'text'), path(build, 'text'))
      expect(text).toContain('markdocx: adjacent data events merged in one pass')
      expect(text).not.toContain('events.splice(enter + 2')
      const document = mendMicromark(source(build, 'document'), path(build, 'document'))
      expect(document.match(/markdocxMoveExits\(self\.events/g)).toHaveLength(2)
      expect(document).toContain('markdocxStillOpen(childFlow, lineStartOffset)')
      expect(document).not.toContain('editMap.consume(self.events)')
      expect(isMendedFile(path(build, 'text')) && isMendedFile(path(build, 'document'))).toBe(true)
    }
    expect(isMendedFile(path('lib', 'flow'))).toBe(false)
  })

  it('refuse a source that is not as expected, so a build never ships without them', () => {
    expect(() => mendMicromark(source('lib', 'text').replace('events.splice(enter + 2', 'events.splice(enter + 3'), path('lib', 'text'))).toThrow(/micromark changed/)
    expect(() => mendMicromark(source('lib', 'document').replace('editMap.consume(self.events)', 'editMap.consume(events)'), path('lib', 'document'))).toThrow(/micromark changed/)
  })

  it('merge data events as micromark does', () => {
    for (const build of BUILDS) {
      const original = resolverOf(source(build, 'text'))
      const mended = resolverOf(mendMicromark(source(build, 'text'), path(build, 'text')))
      fc.assert(
        fc.property(shape, (shapes) => {
          expect(summary(mended(events(shapes), {}))).toEqual(summary(original(events(shapes), {})))
        }),
        { numRuns: 1000 },
      )
    }
  })

  it('move container exits as micromark does', () => {
    const helper = /function markdocxMoveExits[\s\S]*?\n\}\n/.exec(mendMicromark(source('lib', 'document'), path('lib', 'document')))![0]
    // eslint-disable-next-line no-new-func
    const moveExits = new Function('markdocxSplice', `${helper}; return markdocxMoveExits`)(splice) as (events: number[], before: number, exits: number) => void
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 8 }), (length, flowAt, count) => {
        const exitsAt = Math.min(length, Math.max(flowAt, 0))
        const indexBeforeFlow = Math.min(flowAt, exitsAt) - 1
        const events = Array.from({ length: exitsAt + count }, (_, i) => i)
        const expected = events.slice()
        const editMap = new EditMap()
        editMap.add(indexBeforeFlow + 1, 0, expected.slice(exitsAt) as never[])
        editMap.add(exitsAt, expected.length - exitsAt, [])
        editMap.consume(expected as never[])
        moveExits(events, indexBeforeFlow, exitsAt)
        expect(events).toEqual(expected)
      }),
      { numRuns: 2000 },
    )
  })

  it('parse generated documents and the fixtures as unmended micromark does', () => {
    const generated = fc.sample(documents, { numRuns: 400, seed: 14 })
    const fixtures = ['lists-nested', 'blockquotes', 'callouts', 'lists-blocks', 'long-document', 'tables-ragged'].map((name) => readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', name, 'input.md'), 'utf8'))
    const all = [...generated, ...fixtures]
    const expected = unmendedTrees(all)
    all.forEach((text, index) => expect(mendedTree(text), JSON.stringify(text)).toEqual(expected[index]))
  })

  it('are what this suite parses with', () => {
    // 3 000 merges of `a ` and `& b`: micromark's own resolver splices once for each line.
    const text = Array.from({ length: 3000 }, () => 'a & b').join('\n')
    parseMarkdown('warm up')
    const native = Array.prototype.splice
    let calls = 0
    Array.prototype.splice = function (this: unknown[], ...args: Parameters<typeof native>) {
      calls++
      return native.apply(this, args)
    } as typeof native
    try {
      parseMarkdown(text)
    } finally {
      Array.prototype.splice = native
    }
    // What else splices (micromark's chunked splice, from-markdown) does so about 9 times a line.
    expect(calls).toBeLessThan(3000 * 9.5)
  })
})
