import { u } from 'unist-builder'
import type { Root } from 'mdast'
import { describe, expect, it } from 'vitest'
import { checkProducedWithOracle, fromTree, styleOf, textOf } from '../../support/docx.js'
import { attr, elements, val } from '../../support/xml.js'

checkProducedWithOracle('blockquote handler')

const p = (text: string) => u('paragraph', [u('text', text)])
const leftIndent = (p: import('@xmldom/xmldom').Element) => attr(elements(p, 'w:ind')[0], 'w:left')

describe('blockquote handler', () => {
  it('writes Block Text paragraphs, indented one step per level of nesting', async () => {
    const tree: Root = u('root', [u('blockquote', [p('outer'), u('blockquote', [p('inner'), u('blockquote', [p('deepest')])]), p('outer again')])])
    const { blocks, styles } = await fromTree(tree)
    expect(blocks.map(styleOf)).toEqual(['BlockText', 'BlockText', 'BlockText', 'BlockText'])
    // The style itself indents the first level; deeper levels add 720 twips each.
    expect(blocks.map(leftIndent)).toEqual([undefined, '1440', '2160', undefined])
    const style = elements(styles, 'w:style').find((s) => attr(s, 'w:styleId') === 'BlockText')!
    expect(val(style, 'w:name')).toBe('Block Text')
    expect(attr(elements(style, 'w:ind')[0], 'w:left')).toBe('720')
  })

  it('keeps lists and code inside at the quote’s indent, in their own styles', async () => {
    const list = u('list', { ordered: true, start: 1, spread: false }, [u('listItem', { spread: false }, [p('item')])])
    const tree: Root = u('root', [u('blockquote', [p('intro'), list, u('code', 'x = 1')])])
    const { blocks } = await fromTree(tree)
    expect(blocks.map(styleOf)).toEqual(['BlockText', 'Compact', 'SourceCode'])
    expect(elements(blocks[1]!, 'w:numId')).toHaveLength(1)
    // The list's number hangs from the quote's indent: text at 720 (quote) + 720 (level 0).
    expect(leftIndent(blocks[1]!)).toBe('1440')
    expect(leftIndent(blocks[2]!)).toBe('720')
    expect(textOf(blocks[2]!)).toBe('x = 1')
  })
})

describe('blockquote handler: callouts', () => {
  const callout = (kind: 'note' | 'warning', title: string, ...children: import('mdast').BlockContent[]) =>
    u('blockquote', { data: { callout: { kind, title, type: kind } } }, children)

  it('writes a title and the content in the kind’s Callout styles, which draw a bordered, filled box', async () => {
    const tree: Root = u('root', [callout('warning', 'Warning', p('Mind the gap.'), p('Twice.'))])
    const { blocks, styles } = await fromTree(tree)
    expect(blocks.map(styleOf)).toEqual(['CalloutWarningTitle', 'CalloutWarning', 'CalloutWarning'])
    expect(blocks.map(textOf)).toEqual(['Warning', 'Mind the gap.', 'Twice.'])
    // No direct formatting: the styles carry the box, so Word's style pane restyles every callout.
    expect(blocks.flatMap((block) => elements(block, 'w:pBdr'))).toHaveLength(0)
    expect(blocks.flatMap((block) => elements(block, 'w:ind'))).toHaveLength(0)
    const box = elements(styles, 'w:style').find((s) => attr(s, 'w:styleId') === 'CalloutWarning')!
    expect(val(box, 'w:name')).toBe('Callout Warning')
    expect(attr(elements(box, 'w:left')[0], 'w:color')).toBe('9A6700')
    expect(attr(elements(box, 'w:shd')[0], 'w:fill')).toBe('FFF8E1')
    const title = elements(styles, 'w:style').find((s) => attr(s, 'w:styleId') === 'CalloutWarningTitle')!
    expect(val(title, 'w:basedOn')).toBe('CalloutWarning')
    expect(elements(title, 'w:keepNext')).toHaveLength(1)
    expect(elements(title, 'w:b')).toHaveLength(1)
  })

  it('gives lists and code inside the box’s rule (and lists its fill), keeping their own styles', async () => {
    const list = u('list', { ordered: false, spread: false }, [u('listItem', { spread: false }, [p('item')])])
    const tree: Root = u('root', [callout('note', 'Note', list, u('code', 'x = 1'))])
    const { blocks } = await fromTree(tree)
    expect(blocks.map(styleOf)).toEqual(['CalloutNoteTitle', 'Compact', 'SourceCode'])
    expect(attr(elements(blocks[1]!, 'w:left')[0], 'w:color')).toBe('0969DA')
    expect(elements(blocks[1]!, 'w:shd')).toHaveLength(1)
    expect(attr(elements(elements(blocks[2]!, 'w:pBdr')[0]!, 'w:left')[0], 'w:color')).toBe('0969DA')
    // Code keeps its own shading (its style's), only the rule is the callout's.
    expect(elements(blocks[2]!, 'w:shd')).toHaveLength(0)
  })

  it('in a footnote stays a quote, with its title in bold (a box does not fit there)', async () => {
    const tree: Root = u('root', [
      u('paragraph', [u('text', 'a'), u('footnoteReference', { identifier: 'n' })]),
      u('footnoteDefinition', { identifier: 'n' }, [callout('note', 'Heads up', p('inside a note'))]),
    ])
    const { footnotes } = await fromTree(tree)
    const paragraphs = elements(footnotes, 'w:p').filter((paragraph) => /Heads up|inside a note/.test(textOf(paragraph)))
    expect(paragraphs.map(textOf)).toEqual([expect.stringContaining('Heads up'), 'inside a note'])
    expect(textOf(paragraphs[0]!).trim()).toBe('Heads up')
    expect(elements(paragraphs[0]!, 'w:b').length).toBeGreaterThan(0)
    expect(paragraphs.map(styleOf)).not.toContain('CalloutNote')
  })
})
