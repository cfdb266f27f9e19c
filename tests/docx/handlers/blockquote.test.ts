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
