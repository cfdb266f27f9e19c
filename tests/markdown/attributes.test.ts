import { describe, expect, it } from 'vitest'
import { attributeValue, hasClass, parseAttributes } from '../../src/mdast/attributes.js'

describe('parseAttributes (pandoc attribute blocks)', () => {
  it('reads ids, classes and pairs, in order, and says how long the block is', () => {
    const block = parseAttributes('{#fig:sales .wide .center width=50% title="Q3 sales"} rest')
    expect(block).toEqual({
      length: '{#fig:sales .wide .center width=50% title="Q3 sales"}'.length,
      attributes: { id: 'fig:sales', classes: ['wide', 'center'], pairs: [['width', '50%'], ['title', 'Q3 sales']] },
    })
  })

  it('takes the last id, single quotes, escaped quotes and a } inside quotes', () => {
    expect(parseAttributes(`{#a #b k='x y' q="say \\"}\\""}`)?.attributes).toEqual({ id: 'b', classes: [], pairs: [['k', 'x y'], ['q', 'say "}"']] })
  })

  it('reads unicode ids and `-` as unnumbered', () => {
    expect(parseAttributes('{#überblick -}')?.attributes).toEqual({ id: 'überblick', classes: ['unnumbered'], pairs: [] })
  })

  it('reads bare words as classes only when asked (fenced divs)', () => {
    expect(parseAttributes('{warning}')).toBeUndefined()
    expect(parseAttributes('{warning .big}', { bareWords: true })?.attributes.classes).toEqual(['warning', 'big'])
  })

  it('reads a raw attribute', () => {
    expect(parseAttributes('{=openxml}')).toMatchObject({ length: 10, rawFormat: 'openxml' })
  })

  it('refuses what is not a block: no brace, empty, unclosed, a line break, stray characters', () => {
    for (const text of ['#id', '{}', '{ }', '{#id', '{#id\n}', '{k="a\nb"}', '{#}', '{.}', '{a b}', '{k=}', '{@x}', '{k="open}']) {
      expect(parseAttributes(text), text).toBeUndefined()
    }
  })

  it('answers questions about attributes', () => {
    const attributes = parseAttributes('{.Landscape custom-style="Quote Red"}')!.attributes
    expect(attributeValue(attributes, 'CUSTOM-STYLE')).toBe('Quote Red')
    expect(attributeValue(attributes, 'width')).toBeUndefined()
    expect(hasClass(attributes, 'Landscape')).toBe(true)
    expect(hasClass(undefined, 'x')).toBe(false)
  })
})
