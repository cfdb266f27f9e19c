import { u } from 'unist-builder'
import { describe, expect, it } from 'vitest'
import { at, checkProducedWithOracle, fromTree, textOf } from '../../support/docx.js'
import { attr, elements } from '../../support/xml.js'

checkProducedWithOracle('text handler')

describe('text handler', () => {
  it('turns soft line breaks (and the spaces around them) into one space', async () => {
    const { blocks } = await fromTree(u('root', [u('paragraph', [u('text', 'one  \n   two\r\nthree')])]))
    expect(textOf(blocks[0]!)).toBe('one two three')
  })

  it('keeps leading and trailing spaces (xml:space="preserve")', async () => {
    const { blocks } = await fromTree(u('root', [u('paragraph', [u('text', 'a '), u('strong', [u('text', 'b')]), u('text', ' c')])]))
    const texts = elements(blocks[0]!, 'w:t')
    expect(texts.map((t) => t.textContent)).toEqual(['a ', 'b', ' c'])
    for (const t of texts) expect(attr(t, 'xml:space')).toBe('preserve')
  })

  it('replaces characters XML cannot hold with U+FFFD and says so, with the position', async () => {
    const { blocks, messages } = await fromTree(u('root', [u('paragraph', [u('text', { ...at(3, 5) }, 'bell\u0007 nul\u0000 lone\uD800 ok')])]))
    expect(textOf(blocks[0]!)).toBe('bell\uFFFD nul\uFFFD lone\uFFFD ok')
    expect(messages).toHaveLength(1)
    expect(messages[0]).toMatchObject({ ruleId: 'invalid-character', line: 3, column: 5, severity: 'warning' })
    expect(messages[0]!.reason).toMatch(/3 characters/)
  })

  it('keeps every script and astral character as it is', async () => {
    const value = 'naïve 東京 Привет 🎉 𝔸'
    const { blocks } = await fromTree(u('root', [u('paragraph', [u('text', value)])]))
    expect(textOf(blocks[0]!)).toBe(value)
  })
})

describe('text handler: implicit heading references', () => {
  it('links [Heading text] to the heading’s bookmark; unknown labels stay text', async () => {
    const { fromMarkdown } = await import('../../support/docx.js')
    const { document } = await fromMarkdown('# Getting Started\n\nSee [getting started] and [Getting Started][] but not [elsewhere].\n')
    const links = elements(document, 'w:hyperlink')
    expect(links.map((link) => [link.getAttribute('w:anchor'), textOf(link)])).toEqual([
      ['getting-started', 'getting started'],
      ['getting-started', 'Getting Started'],
    ])
    expect(textOf(document)).toContain('but not [elsewhere].')
  })
})
