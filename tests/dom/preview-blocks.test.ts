/**
 * The block-incremental preview: content keys change exactly when a block's rendering would,
 * lines are relative inside blocks, and the whole is the same as rendering in one go.
 */
import type { Element, Root as HastRoot, RootContent } from 'hast'
import { describe, expect, it } from 'vitest'
import { parseMarkdown } from '../../src/markdown/parse.js'
import { layoutPreview, PreviewCache, toPreviewHast } from '../../src/markdown/preview-hast.js'
import { MAX_OUTLINE_TEXT, outlineText } from '../../src/markdown/preview/layout.js'

function layout(text: string, cache = new PreviewCache()) {
  const { tree } = parseMarkdown(text)
  return { ...layoutPreview(tree, text, cache), cache }
}

function find(node: HastRoot | RootContent, test: (element: Element) => boolean): Element[] {
  const found: Element[] = []
  const visit = (current: HastRoot | RootContent) => {
    if (current.type === 'element' && test(current)) found.push(current)
    if ('children' in current) for (const child of current.children) visit(child)
  }
  visit(node)
  return found
}

describe('layoutPreview', () => {
  it('gives one block per top-level node, with its lines', () => {
    const { blocks } = layout('# A\n\npara\n\n- x\n- y\n')
    expect(blocks.map((block) => [block.line, block.endLine, block.kind])).toEqual([
      [1, 1, 'block'],
      [3, 3, 'block'],
      [5, 6, 'block'],
    ])
  })

  it('re-keys only the edited block', () => {
    const before = layout('# A\n\none\n\ntwo\n\nthree\n')
    const after = layout('# A\n\none\n\ntwo!\n\nthree\n')
    const changed = after.blocks.filter((block, i) => block.key !== before.blocks[i]!.key)
    expect(changed.map((block) => block.line)).toEqual([5])
  })

  it('keeps keys when blocks only move, and stores their inner lines relative to them', () => {
    const before = layout('- a\n- b\n')
    const after = layout('new\n\n- a\n- b\n')
    expect(after.blocks[1]!.key).toBe(before.blocks[0]!.key)
    expect(after.blocks[1]!.line).toBe(3)
    const items = find(after.cache.get(after.blocks[1]!.key)!.hast, (element) => element.tagName === 'li')
    expect(items.map((item) => item.properties.dataRel)).toEqual([0, 1])
  })

  it('re-keys a heading whose slug changes because of another heading', () => {
    const before = layout('# Intro\n\n# Intro\n')
    const after = layout('# Start\n\n# Intro\n')
    expect(after.blocks[1]!.key).not.toBe(before.blocks[1]!.key)
    const [first, second] = [after, before].map(({ blocks, cache }) => find(cache.get(blocks[1]!.key)!.hast, (e) => e.tagName === 'h1')[0]!.properties.id)
    expect(first).toBe('user-content-intro')
    expect(second).toBe('user-content-intro-1')
  })

  it('numbers footnotes across blocks the way the whole document does', () => {
    const text = 'One[^b].\n\nTwo[^a] and[^b].\n\n[^a]: A\n[^b]: B\n'
    const { tree } = parseMarkdown(text)
    const whole = toPreviewHast(tree, text)
    const refs = find(whole, (e) => e.properties.dataFootnoteRef !== undefined)
    expect(refs.map((ref) => [ref.properties.id, (ref.children[0] as { value: string }).value])).toEqual([
      ['user-content-fnref-b', '1'],
      ['user-content-fnref-a', '2'],
      ['user-content-fnref-b-2', '1'],
    ])
    const notes = find(whole, (e) => e.tagName === 'li' && String(e.properties.id).includes('fn-'))
    expect(notes.map((note) => [note.properties.id, note.properties.dataLine])).toEqual([
      ['user-content-fn-b', 6],
      ['user-content-fn-a', 5],
    ])
  })

  it('resolves reference links against definitions elsewhere, and re-keys when a definition changes', () => {
    const before = layout('See [docs].\n\n[docs]: https://a.example\n')
    const after = layout('See [docs].\n\n[docs]: https://b.example\n')
    expect(after.blocks[0]!.key).not.toBe(before.blocks[0]!.key)
    const link = find(after.cache.get(after.blocks[0]!.key)!.hast, (e) => e.tagName === 'a')[0]!
    expect(link.properties.href).toBe('https://b.example')
  })

  it('sanitises: no script, no event handlers, no javascript: URLs, prefixed ids', () => {
    const text = '<script>alert(1)</script>\n\n<img src=x onerror=alert(1) id=cookie> [x](javascript:alert(1)) ![i](data:text/html,hi)\n\n<a name="top" href="vbscript:x">v</a>\n'
    const { tree } = parseMarkdown(text)
    const whole = toPreviewHast(tree, text)
    expect(find(whole, (e) => e.tagName === 'script')).toEqual([])
    const images = find(whole, (e) => e.tagName === 'img')
    expect(images[0]!.properties.onError).toBeUndefined()
    expect(images[0]!.properties.id).toBe('user-content-cookie')
    expect(images[1]!.properties.src).toBeUndefined()
    for (const link of find(whole, (e) => e.tagName === 'a')) expect(link.properties.href).toBeUndefined()
    expect(find(whole, (e) => e.tagName === 'a')[1]!.properties.name).toBe('user-content-top')
  })

  it('counts words and characters of the rendered text', () => {
    const { words, characters } = layout('# Two words\n\nThree *more* words, 12.5 and don’t.\n')
    expect(words).toBe(2 + 6)
    expect(characters).toBe('Two words'.length + 'Three more words, 12.5 and don’t.'.length)
  })

  it('shows characters Word cannot store (lone surrogates, C0 controls) as U+FFFD, as the export writes them', () => {
    const { blocks, cache } = layout('a\u0001b\ud800c\udc00d \u000b😀\te\n\n```\nx\u000cy\n```\n')
    const texts: string[] = []
    const visit = (node: HastRoot | RootContent) => {
      if (node.type === 'text') texts.push(node.value)
      if ('children' in node) for (const child of node.children) visit(child)
    }
    for (const block of blocks) visit(cache.get(block.key)!.hast)
    const text = texts.join('')
    expect(text).toContain('a\ufffdb\ufffdc\ufffdd \ufffd😀\te')
    expect(text).toContain('x\ufffdy')
    expect(text).not.toMatch(/[\u0001\u000b\u000c\ud800\udc00]/)
  })

  it('lists headings for the outline', () => {
    expect(layout('# A\n\n## B *c*\n\n> ### Quoted\n').outline).toEqual([
      { depth: 1, text: 'A', slug: 'a', line: 1 },
      { depth: 2, text: 'B c', slug: 'b-c', line: 3 },
      { depth: 3, text: 'Quoted', slug: 'quoted', line: 5 },
    ])
  })

  it('cuts a heading of a pasted megabyte to its first MAX_OUTLINE_TEXT characters in the outline', () => {
    const lines = Array.from({ length: 20_000 }, (_, i) => `key${i}: value`).join('\n')
    const [entry] = layout(`${lines}\n---\n`).outline
    expect(entry!.text).toHaveLength(MAX_OUTLINE_TEXT + 1)
    expect(entry!.text.startsWith('key0: value\nkey1: value')).toBe(true)
    expect(entry!.text.endsWith('…')).toBe(true)
    // Never between the halves of a surrogate pair.
    expect(outlineText(`${'x'.repeat(MAX_OUTLINE_TEXT - 1)}😀😀`)).toBe(`${'x'.repeat(MAX_OUTLINE_TEXT - 1)}…`)
    expect(outlineText('short')).toBe('short')
  })

  it('is the same whole as parts: toPreviewHast puts absolute lines on every block element', () => {
    const text = '---\ntitle: T\n---\n\n# H\n\n| a |\n|---|\n| 1 |\n\n```js\nx\n```\n'
    const { tree } = parseMarkdown(text)
    const whole = toPreviewHast(tree, text)
    const lines = find(whole, (e) => e.properties.dataLine !== undefined).map((e) => [e.tagName, e.properties.dataLine])
    expect(lines).toEqual([
      ['header', 1],
      ['h1', 5],
      ['table', 7],
      ['tr', 7],
      ['tr', 9],
      ['pre', 11],
    ])
    expect(find(whole, (e) => e.properties.dataRel !== undefined)).toEqual([])
  })

  it('shows the source of a block it cannot render instead of failing the whole preview', () => {
    const hostile = `${'<div>'.repeat(5000)}x${'</div>'.repeat(5000)}`
    const { blocks, cache } = layout(`# Fine\n\n${hostile}\n\nAfter.\n`)
    expect(blocks).toHaveLength(3)
    const fallback = cache.get(blocks[1]!.key)!.hast
    const pre = find(fallback, (e) => e.tagName === 'pre')[0]!
    expect(String(pre.properties.title)).toContain('cannot be previewed')
    expect(find(cache.get(blocks[2]!.key)!.hast, (e) => e.tagName === 'p')).toHaveLength(1)
  })
})
