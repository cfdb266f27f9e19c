import { u } from 'unist-builder'
import type { PhrasingContent, Root } from 'mdast'
import { describe, expect, it } from 'vitest'
import { at, checkProducedWithOracle, fromTree, runFormat, textOf, textRuns } from '../../support/docx.js'
import { attr, elements } from '../../support/xml.js'

checkProducedWithOracle('link handler')

const para = (...children: PhrasingContent[]): Root => u('root', [u('paragraph', children)]) as Root
const link = (url: string, text: string, extra = {}) => u('link', { url, ...extra }, [u('text', text)]) as PhrasingContent

describe('link handler', () => {
  it('writes an external w:hyperlink in the Hyperlink style, its relationship External', async () => {
    const { blocks, rels } = await fromTree(para(link('https://example.com/a?b=1&c=2', 'example')))
    const hyperlink = elements(blocks[0]!, 'w:hyperlink')[0]!
    const rel = rels.get(attr(hyperlink, 'r:id')!)
    expect(rel).toEqual({ target: 'https://example.com/a?b=1&c=2', type: 'hyperlink', external: true })
    expect(textRuns(hyperlink).map(runFormat)).toEqual([['w:rStyle=Hyperlink']])
  })

  it('shares one relationship between links to the same URL, with ids from a per-document counter', async () => {
    const { blocks } = await fromTree(para(link('https://a.example', 'one'), link('https://b.example', 'two'), link('https://a.example', 'three')))
    const ids = elements(blocks[0]!, 'w:hyperlink').map((h) => attr(h, 'r:id'))
    expect(ids).toEqual(['rIdLink1', 'rIdLink2', 'rIdLink1'])
  })

  it('percent-encodes what a relationship target cannot hold (spaces, quotes, braces)', async () => {
    const { rels } = await fromTree(para(link('https://example.com/a b"c{d}', 'x')))
    expect([...rels.values()].find((r) => r.type === 'hyperlink')?.target).toBe('https://example.com/a%20b%22c%7Bd%7D')
  })

  it('makes every target a valid URI: stray %, brackets outside an IPv6 host, a second # are escaped', async () => {
    const urls = ['https://example.com/a%zz', 'https://example.com/x[1]', 'http://[::1]:8080/p', 'https://example.com/a#b#c', 'https://example.com/x](', 'rel/\uFFFF\uD800']
    const { rels } = await fromTree(para(...urls.map((url, i) => link(url, `l${i}`))))
    expect([...rels.values()].filter((r) => r.type === 'hyperlink').map((r) => r.target)).toEqual([
      'https://example.com/a%25zz',
      'https://example.com/x%5B1%5D',
      'http://[::1]:8080/p',
      'https://example.com/a#b%23c',
      'https://example.com/x%5D(',
      'rel/%EF%BF%BF%EF%BF%BD',
    ])
  })

  it('links mailto: and relative URLs too', async () => {
    const { rels } = await fromTree(para(link('mailto:someone@example.com', 'mail'), link('docs/guide.md', 'guide')))
    expect([...rels.values()].filter((r) => r.type === 'hyperlink').map((r) => r.target)).toEqual(['mailto:someone@example.com', 'docs/guide.md'])
  })

  it('points #slug links at the heading’s bookmark (an internal link, no relationship)', async () => {
    const tree = u('root', [u('heading', { depth: 2 }, [u('text', 'Second Part')]), u('paragraph', [link('#second-part', 'see')])]) as Root
    const { blocks, rels } = await fromTree(tree)
    expect(attr(elements(blocks[1]!, 'w:hyperlink')[0], 'w:anchor')).toBe('second-part')
    expect([...rels.values()].filter((r) => r.type === 'hyperlink')).toHaveLength(0)
  })

  it('keeps the text of a link to a missing heading, without a dead link, and says so', async () => {
    const { blocks, messages } = await fromTree(para(link('#nowhere', 'lost', at(4, 2))))
    expect(elements(blocks[0]!, 'w:hyperlink')).toHaveLength(0)
    expect(textOf(blocks[0]!)).toBe('lost')
    expect(messages.map((m) => [m.ruleId, m.line, m.column])).toEqual([['link-anchor-missing', 4, 2]])
  })

  it('refuses unsafe protocols (javascript:, data:, vbscript:, file:) whatever their spelling, keeping the text', async () => {
    const urls = ['javascript:alert(1)', ' JaVa\tScRiPt:alert(1)', 'data:text/html,<b>x</b>', 'vbscript:msgbox', 'file:///etc/passwd']
    const { blocks, messages, rels } = await fromTree(para(...urls.map((url, i) => link(url, `t${i}`, at(1, i + 1)))))
    expect(elements(blocks[0]!, 'w:hyperlink')).toHaveLength(0)
    expect(textOf(blocks[0]!)).toBe('t0t1t2t3t4')
    expect(messages.map((m) => m.ruleId)).toEqual(Array(5).fill('link-unsafe'))
    expect([...rels.values()].filter((r) => r.type === 'hyperlink')).toHaveLength(0)
  })

  it('keeps the text of a link too long for Word to follow, with a message', async () => {
    const { blocks, messages } = await fromTree(para(link(`https://example.com/${'x'.repeat(3000)}`, 'long')))
    expect(elements(blocks[0]!, 'w:hyperlink')).toHaveLength(0)
    expect(messages.map((m) => m.ruleId)).toEqual(['link-too-long'])
  })

  it('puts a link inside a footnote in the footnotes part’s own relationships', async () => {
    const tree = u('root', [
      u('paragraph', [u('text', 'x'), u('footnoteReference', { identifier: 'n', label: 'n' })]),
      u('footnoteDefinition', { identifier: 'n', label: 'n' }, [u('paragraph', [link('https://note.example', 'in note')])]),
    ]) as Root
    const { footnotes, footnoteRels, rels } = await fromTree(tree)
    const id = attr(elements(footnotes, 'w:hyperlink')[0], 'r:id')!
    expect(footnoteRels.get(id)).toMatchObject({ target: 'https://note.example', external: true })
    expect([...rels.values()].some((r) => r.target === 'https://note.example')).toBe(false)
  })

  it('writes an empty URL as plain text', async () => {
    const { blocks } = await fromTree(para(link('', 'nothing')))
    expect(elements(blocks[0]!, 'w:hyperlink')).toHaveLength(0)
    expect(textOf(blocks[0]!)).toBe('nothing')
  })
})

describe('a link without text', () => {
  it('shows its URL, so it can be seen and clicked', async () => {
    const { blocks } = await fromTree(para(u('link', { url: 'https://empty.example' }, []) as PhrasingContent))
    const hyperlink = elements(blocks[0]!, 'w:hyperlink')[0]!
    expect(textOf(hyperlink)).toBe('https://empty.example')
    expect(textRuns(hyperlink).map(runFormat)).toEqual([['w:rStyle=Hyperlink']])
  })
})

describe('link titles', () => {
  it('become the hyperlink’s ScreenTip (w:tooltip), external or internal', async () => {
    const tree = u('root', [
      u('heading', { depth: 2 }, [u('text', 'Target')]),
      u('paragraph', [link('https://example.com', 'ext', { title: 'Goes "out" & <away>' }), link('#target', 'int', { title: 'Jumps' }), link('https://example.com/plain', 'plain')]),
    ]) as Root
    const { blocks } = await fromTree(tree)
    const links = elements(blocks[1]!, 'w:hyperlink')
    expect(links.map((h) => attr(h, 'w:tooltip'))).toEqual(['Goes "out" & <away>', 'Jumps', undefined])
    expect(attr(links[1], 'w:anchor')).toBe('target')
  })

  it('come from the definition for reference links, capped at Word’s 255 characters', async () => {
    const tree = u('root', [
      u('paragraph', [u('linkReference', { identifier: 'r', label: 'r', referenceType: 'shortcut' }, [u('text', 'r')])]),
      u('definition', { identifier: 'r', label: 'r', url: 'https://example.com', title: 'x'.repeat(400) }),
    ]) as Root
    const { blocks } = await fromTree(tree)
    expect(attr(elements(blocks[0]!, 'w:hyperlink')[0], 'w:tooltip')).toHaveLength(255)
  })
})

describe('links to headings that are not written', () => {
  it('do not point at a bookmark that is not there (a heading inside an unused footnote)', async () => {
    const tree = u('root', [
      u('paragraph', [link('#hidden', 'to nowhere')]),
      u('footnoteDefinition', { identifier: 'unused', label: 'unused' }, [u('heading', { depth: 2 }, [u('text', 'Hidden')])]),
    ]) as Root
    const { blocks, messages } = await fromTree(tree)
    expect(elements(blocks[0]!, 'w:hyperlink')).toHaveLength(0)
    expect(messages.map((m) => m.ruleId)).toEqual(['link-anchor-missing', 'footnote-unused'])
  })
})

describe('link handler: links with nothing to see', () => {
  it('shows the URL for [](url), [ ](url) and a link of only line breaks; keeps an image or code as its text', async () => {
    const tree = u('root', [
      u('paragraph', [u('link', { url: 'https://a.example' }, [u('text', ' ')])]),
      u('paragraph', [u('link', { url: 'https://b.example' }, [u('emphasis', [u('text', '  ')]), u('break')])]),
      u('paragraph', [u('link', { url: 'https://c.example' }, [u('inlineCode', 'x')])]),
    ]) as Root
    const { blocks } = await fromTree(tree)
    expect(blocks.map(textOf)).toEqual(['https://a.example', 'https://b.example', 'x'])
  })
})
