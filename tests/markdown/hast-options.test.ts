/**
 * `hastOptions` (src/markdown/preview/hast-options.ts) moves handlers for node types of our own
 * behind `unknownHandler`, so mdast-util-to-hast's per-call spread of handlers stays fast. The
 * hast must be what the handlers given straight to `toHast` make.
 */
import type { Root } from 'mdast'
import { toHast, type Handler, type Handlers } from 'mdast-util-to-hast'
import { describe, expect, it } from 'vitest'
import { hastOptions } from '../../src/markdown/preview/hast-options.js'

const tree = {
  type: 'root',
  children: [
    { type: 'heading', depth: 2, children: [{ type: 'text', value: 'Title' }] },
    { type: 'shout', children: [{ type: 'text', value: 'loud' }] },
    { type: 'pageBreak', data: { hName: 'hr', hProperties: { className: ['page-break'] } } },
    { type: 'mystery', children: [{ type: 'emphasis', children: [{ type: 'text', value: 'in a div' }] }] },
    { type: 'literal', value: 'as text' },
    { type: 'literal', value: 'with children', data: { hChildren: [{ type: 'text', value: 'given' }] } },
  ],
} as unknown as Root

const heading: Handler = (state, node) => ({ type: 'element', tagName: 'h9', properties: {}, children: state.all(node) })
const shout: Handler = (state, node) => ({ type: 'element', tagName: 'strong', properties: { className: ['shout'] }, children: state.all(node) })
const handlers = { heading, shout } as Handlers

describe('hastOptions', () => {
  it('makes the hast toHast makes with the handlers given straight', () => {
    const expected = toHast(tree, { allowDangerousHtml: true, clobberPrefix: '', handlers })
    expect(toHast(tree, hastOptions(handlers))).toEqual(expected)
    // Our own type went through its handler, a known one was overridden, unknown ones as the default does.
    expect(JSON.stringify(expected)).toContain('"tagName":"h9"')
    expect(JSON.stringify(expected)).toContain('"shout"')
    expect(JSON.stringify(expected)).toContain('"tagName":"hr"')
  })

  it('passes only the default types in handlers', () => {
    expect(Object.keys(hastOptions(handlers).handlers ?? {})).toEqual(['heading'])
  })
})
