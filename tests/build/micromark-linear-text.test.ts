/**
 * The micromark mend (src/build/micromark-linear-text.ts): the rewrite applies to both of
 * micromark's builds, refuses a source it does not recognise, and merges data events exactly as
 * micromark's own `resolveAllText` does — the two functions, taken from the real sources, run
 * side by side over generated event lists — and the tests themselves run the mended parser.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { linearTextSource, MICROMARK_TEXT_FILE } from '../../src/build/micromark-linear-text.js'
import { parseMarkdown } from '../../src/markdown/parse.js'

// micromark's entry is index.js or dev/index.js (its exports map hides package.json): the folder above lib/ and dev/.
const root = dirname(createRequire(import.meta.url).resolve('micromark')).replace(/[\\/]dev$/, '')
const source = (build: 'lib' | 'dev/lib') => readFileSync(join(root, build, 'initialize', 'text.js'), 'utf8')

interface Token {
  type: string
  start: number
  end: number
}
type Event = ['enter' | 'exit', Token, null]
type Resolve = (events: Event[], context: unknown) => Event[]

/** `createResolver(undefined)` of a text.js source, evaluated on its own. */
function resolverOf(text: string): Resolve {
  const body = /function createResolver\(extraResolver\) \{[\s\S]*?\n\}\n/.exec(text)?.[0]
  if (!body) throw new Error('createResolver not found')
  // eslint-disable-next-line no-new-func
  // The dev build names the token type `types.data`.
  return new Function('types', `${body}; return createResolver(undefined)`)({ data: 'data' }) as Resolve
}

/** Events of a token sequence: data tokens, and other tokens that may hold more tokens. */
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

describe('micromark linear text resolver', () => {
  it('rewrites both builds of micromark', () => {
    for (const build of ['lib', 'dev/lib'] as const) {
      const mended = linearTextSource(source(build))
      expect(mended).toContain('markdocx: adjacent data events merged in one pass')
      expect(mended).not.toContain('events.splice(enter + 2')
      expect(MICROMARK_TEXT_FILE.test(join(root, build, 'initialize', 'text.js'))).toBe(true)
    }
  })

  it('refuses a source that is not as expected, so a build never ships without the mend', () => {
    expect(() => linearTextSource(source('lib').replace('events.splice(enter + 2', 'events.splice(enter + 3'))).toThrow(/not as markdocx expects/)
  })

  it('merges data events as micromark does', () => {
    for (const build of ['lib', 'dev/lib'] as const) {
      const original = resolverOf(source(build))
      const linear = resolverOf(linearTextSource(source(build)))
      fc.assert(
        fc.property(shape, (shapes) => {
          expect(summary(linear(events(shapes), {}))).toEqual(summary(original(events(shapes), {})))
        }),
        { numRuns: 1000 },
      )
    }
  })

  it('is what the test suite parses with (vite.config.ts inlines micromark)', () => {
    // 3 000 merges of `a ` and `& b`: micromark's own resolver splices once for each line.
    const text = Array.from({ length: 3000 }, () => 'a & b').join('\n')
    parseMarkdown('warm up')
    const splice = Array.prototype.splice
    let calls = 0
    Array.prototype.splice = function (this: unknown[], ...args: Parameters<typeof splice>) {
      calls++
      return splice.apply(this, args)
    } as typeof splice
    try {
      parseMarkdown(text)
    } finally {
      Array.prototype.splice = splice
    }
    const merged = parseMarkdown(text).tree
    expect(merged.children).toHaveLength(1)
    // What else splices (micromark's chunked splice, from-markdown) does so about 9 times a line.
    expect(calls).toBeLessThan(3000 * 9.5)
  })
})
