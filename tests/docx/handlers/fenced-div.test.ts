import { describe, expect, it } from 'vitest'
import { checkProducedWithOracle, fromMarkdown, styleOf, textOf } from '../../support/docx.js'
import { attr, elements, val } from '../../support/xml.js'

checkProducedWithOracle('fenced div and bracketed span handlers')

describe('fenced div handler', () => {
  it('gives the paragraphs inside a custom style, defined in styles.xml under its name (or ours, where the name is ours)', async () => {
    const { blocks, styles } = await fromMarkdown('::: {custom-style="Block Note"}\nOne.\n\nTwo.\n:::\n\n::: {custom-style="Block Text"}\nQuoted look.\n:::\n')
    expect(blocks.map(styleOf)).toEqual(['BlockNote', 'BlockNote', 'BlockText'])
    const style = elements(styles, 'w:style').find((s) => attr(s, 'w:styleId') === 'BlockNote')!
    expect(val(style, 'w:name')).toBe('Block Note')
    expect(val(style, 'w:basedOn')).toBe('BodyText')
    expect(attr(style, 'w:type')).toBe('paragraph')
  })

  it('puts a landscape div on landscape pages of its own, the pages after it upright', async () => {
    const { document } = await fromMarkdown('Before.\n\n::: landscape\nTurned.\n:::\n\nAfter.\n')
    const sections = elements(document, 'w:sectPr')
    expect(sections.map((section) => attr(elements(section, 'w:pgSz')[0], 'w:orient') ?? 'portrait')).toEqual(['portrait', 'landscape', 'portrait'])
  })

  it('makes a callout box of a callout class, and a bookmark of its id', async () => {
    const { blocks, document } = await fromMarkdown('See [it](#tip1).\n\n::: {#tip1 .callout-tip title="Try this"}\nInside.\n:::\n')
    expect(blocks.slice(1).map(styleOf)).toEqual(['CalloutTipTitle', 'CalloutTip'])
    expect(textOf(blocks[1]!)).toBe('Try this')
    expect(elements(document, 'w:hyperlink').map((link) => attr(link, 'w:anchor'))).toEqual(['tip1'])
    expect(elements(blocks[1]!, 'w:bookmarkStart').map((mark) => attr(mark, 'w:name'))).toEqual(['tip1'])
  })
})

describe('bracketed span handler', () => {
  it('underlines, sets small caps, highlights and applies a character style', async () => {
    const { blocks, styles } = await fromMarkdown('[u]{.underline} [s]{.smallcaps} [m]{.mark} [k]{custom-style="Key Term"} [plain]{.other}\n')
    const runs = elements(blocks[0]!, 'w:r')
    const runOf = (text: string) => runs.find((run) => textOf(run) === text)!
    expect(elements(runOf('u'), 'w:u')).toHaveLength(1)
    expect(elements(runOf('s'), 'w:smallCaps')).toHaveLength(1)
    expect(elements(runOf('m'), 'w:highlight')).toHaveLength(1)
    expect(val(runOf('k'), 'w:rPr/w:rStyle')).toBe('KeyTerm')
    expect(elements(runOf('plain'), 'w:rPr')).toHaveLength(0)
    const style = elements(styles, 'w:style').find((s) => attr(s, 'w:styleId') === 'KeyTerm')!
    expect(attr(style, 'w:type')).toBe('character')
  })
})
