import { u } from 'unist-builder'
import type { Root } from 'mdast'
import { describe, expect, it } from 'vitest'
import { at, checkProducedWithOracle, fromTree, textOf } from '../../support/docx.js'
import { elements } from '../../support/xml.js'

checkProducedWithOracle('html handler')

describe('html handler', () => {
  it('never prints raw tags and never silently drops the text: the text stays, with a message at the node', async () => {
    // <div>, <p> and <b> are converted (bold text); <blink> has no Word equivalent: text kept, message.
    const tree = u('root', [u('html', { ...at(1, 1) }, '<div class="note">\n<p>Some <b>bold</b> text &amp; more <blink>!</blink></p>\n</div>')]) as Root
    const { document, messages } = await fromTree(tree)
    const text = textOf(document)
    expect(text).toContain('Some')
    expect(text).toContain('bold')
    expect(text).toContain('text & more')
    expect(text).not.toMatch(/<\/?(div|p|b|blink)\b/)
    expect(messages).toHaveLength(1)
    expect(messages[0]).toMatchObject({ line: 1, column: 1, ruleId: 'html-not-converted' })
  })

  it('keeps inline HTML’s text in its line', async () => {
    const tree = u('root', [u('paragraph', [u('text', 'Press '), u('html', '<kbd>'), u('text', 'Ctrl'), u('html', '</kbd>'), u('text', ' now')])]) as Root
    const { blocks } = await fromTree(tree)
    expect(blocks).toHaveLength(1)
    expect(textOf(blocks[0]!)).toBe('Press Ctrl now')
  })

  it('turns an inline <br> into a line break', async () => {
    const tree = u('root', [u('paragraph', [u('text', 'a'), u('html', '<br>'), u('text', 'b')])]) as Root
    const { blocks } = await fromTree(tree)
    expect(elements(blocks[0]!, 'w:br')).toHaveLength(1)
  })

  it('drops comments quietly', async () => {
    const tree = u('root', [u('html', '<!-- hidden -->'), u('paragraph', [u('text', 'shown')])]) as Root
    const { document, messages } = await fromTree(tree)
    expect(textOf(document)).toBe('shown')
    expect(messages).toEqual([])
  })
})
