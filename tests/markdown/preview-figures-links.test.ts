/**
 * The preview shows what the export does: an image alone in its paragraph is a centred figure,
 * and a link with nothing to see shows its URL.
 */
import type { Element } from 'hast'
import { toText } from 'hast-util-to-text'
import { describe, expect, it } from 'vitest'
import { parseMarkdown } from '../../src/markdown/parse.js'
import { toPreviewHast } from '../../src/markdown/preview-hast.js'

const paragraphs = (text: string) =>
  toPreviewHast(parseMarkdown(text).tree, text).children.filter((node): node is Element => node.type === 'element' && node.tagName === 'p')

describe('preview: figures and links with nothing to see', () => {
  it('marks a paragraph that is only an image as a figure, and no other', () => {
    const [figure, inline] = paragraphs('![a](x.png "Title")\n\nText ![b](y.png) beside.\n')
    expect(figure!.properties.className).toEqual(['figure'])
    expect(inline!.properties.className).toBeUndefined()
  })

  it('shows the URL of [ ](url) and [](url), and the text of other links', () => {
    const [first] = paragraphs('[ ](https://a.example) [](https://b.example) [c](https://c.example)\n')
    expect(toText(first!)).toBe('https://a.example https://b.example c')
  })
})

describe('preview: right-to-left paragraphs', () => {
  it('sets dir="auto" (the first strong character decides, as in Word) only where there are RTL letters', () => {
    const [arabic, latin, mixed] = paragraphs('مرحبا بالعالم\n\nPlain English.\n\nUrdu - اردو\n')
    expect(arabic!.properties.dir).toBe('auto')
    expect(latin!.properties.dir).toBeUndefined()
    expect(mixed!.properties.dir).toBe('auto')
  })
})
