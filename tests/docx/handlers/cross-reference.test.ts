/**
 * Cross-references in Word (docx/cross-references.ts and the handlers that write targets):
 * SEQ numbers in hidden bookmarks, REF fields with their numbers cached, numbered equations at
 * the right margin, listings' captions, `??` and the messages for labels that name nothing or twice.
 */
import type { Element } from '@xmldom/xmldom'
import { describe, expect, it } from 'vitest'
import { checkProducedWithOracle, fromMarkdown, styleOf } from '../../support/docx.js'
import { attr, elements } from '../../support/xml.js'

checkProducedWithOracle('crossReference handler')

/**
 * A paragraph as a line: `[name` / `]` for bookmarks, `{instruction|result}` for fields, text,
 * `→` for tabs, `<math>` for an equation, `**…**` for bold text. The ADDIN field keeping each
 * reference's Markdown (source-fields.ts) is left out (`fieldLine` keeps it).
 */
function line(paragraph: Element): string {
  return withoutSourceFields(fieldLine(paragraph))
}

/** `{ADDIN MARKDOCX_… source|result}` → `result` (nested fields in it kept). */
function withoutSourceFields(text: string): string {
  let out = text
  for (let at = out.indexOf('{ADDIN MARKDOCX_'); at !== -1; at = out.indexOf('{ADDIN MARKDOCX_')) {
    const bar = out.indexOf('|', at)
    let depth = 0
    let end = bar + 1
    for (; end < out.length; end++) {
      if (out[end] === '{') depth++
      else if (out[end] === '}' && depth-- === 0) break
    }
    out = out.slice(0, at) + out.slice(bar + 1, end) + out.slice(end + 1)
  }
  return out
}

function fieldLine(paragraph: Element): string {
  let out = ''
  const names = new Map<string, string>()
  const visit = (node: Element) => {
    switch (node.nodeName) {
      case 'w:bookmarkStart':
        names.set(attr(node, 'w:id') ?? '', attr(node, 'w:name') ?? '')
        out += `[${attr(node, 'w:name')}`
        return
      case 'w:bookmarkEnd':
        out += ']'
        return
      case 'w:fldChar': {
        const type = attr(node, 'w:fldCharType')
        out += type === 'begin' ? '{' : type === 'separate' ? '|' : '}'
        return
      }
      case 'w:instrText':
        out += (node.textContent ?? '').trim()
        return
      case 'w:t': {
        const bold = elements(node.parentNode as Element, 'w:b').length > 0
        out += bold ? `**${node.textContent}**` : (node.textContent ?? '')
        return
      }
      case 'w:tab':
        if ((node.parentNode as Element).nodeName === 'w:r') out += '→'
        return
      case 'm:oMath':
        out += '<math>'
        return
      case 'w:pPr':
        return
    }
    for (let child = node.firstChild; child; child = child.nextSibling) if (child.nodeType === 1) visit(child as Element)
  }
  visit(paragraph)
  return out
}

const FIGURE = '![Sales](chart.png){#fig:sales}'

describe('cross-references in Word', () => {
  it('puts a referenced caption number in a hidden bookmark and refers to it with a REF field holding the number', async () => {
    const { blocks } = await fromMarkdown(`See @fig:sales.\n\n${FIGURE}\n`)
    expect(line(blocks[0]!)).toBe('See fig.\u00a0{REF _Ref_fig_sales \\h|1}.')
    // Around it, the reference as written, for an import (an ADDIN field: Word shows its result).
    expect(fieldLine(blocks[0]!)).toBe('See {ADDIN MARKDOCX_CROSSREF @fig:sales|fig.\u00a0{REF _Ref_fig_sales \\h|1}}.')
    const caption = blocks.find((block) => styleOf(block) === 'ImageCaption')!
    expect(line(caption)).toBe('Figure [_Ref_fig_sales{SEQ Figure \\* ARABIC|1}]: Sales')
    // The figure's own {#fig:sales} is a bookmark around the picture, for `#fig:sales` links.
    expect(line(blocks.find((block) => styleOf(block) === 'CaptionedFigure')!)).toMatch(/^\[fig_sales/)
  })

  it('writes no hidden bookmark for a label nothing refers to', async () => {
    const { blocks } = await fromMarkdown(`${FIGURE}\n`)
    expect(line(blocks.find((block) => styleOf(block) === 'ImageCaption')!)).toBe('Figure {SEQ Figure \\* ARABIC|1}: Sales')
  })

  it('caches forward references’ numbers, counting unlabelled captions too', async () => {
    const markdown = 'Compare [@fig:b; @fig:a] and @tbl:t.\n\n![t](x.png "Untitled no more")\n\n![A](a.png){#fig:a}\n\n![B](b.png){#fig:b}\n\n| a |\n|---|\n| 1 |\n\nTable: Table 7: Data {#tbl:t}\n'
    const { blocks } = await fromMarkdown(markdown)
    expect(line(blocks[0]!)).toBe('Compare figs.\u00a0{REF _Ref_fig_a \\h|2}, {REF _Ref_fig_b \\h|3} and tbl.\u00a0{REF _Ref_tbl_t \\h|1}.')
    const captions = blocks.filter((block) => styleOf(block) === 'ImageCaption').map(line)
    expect(captions).toEqual(['Figure {SEQ Figure \\* ARABIC|1}: Untitled no more', 'Figure [_Ref_fig_a{SEQ Figure \\* ARABIC|2}]: A', 'Figure [_Ref_fig_b{SEQ Figure \\* ARABIC|3}]: B'])
    // The typed "Table 7:" gives way to the field: no "Table 1: Table 7: Data".
    expect(line(blocks.find((block) => styleOf(block) === 'TableCaption')!)).toBe('[tbl_t]Table [_Ref_tbl_t{SEQ Table \\* ARABIC|1}]: Data')
  })

  it('refers to a numbered heading by its number (REF \\n), to an unnumbered one by its text', async () => {
    const markdown = '# Intro {#sec:intro}\n\n## Methods {#sec:methods}\n\nSee @sec:methods.\n'
    const numbered = await fromMarkdown(`---\nnumber-sections: true\n---\n\n${markdown}`)
    expect(line(numbered.blocks.find((block) => styleOf(block) === 'Heading2')!)).toBe('[sec_methods[_Ref_sec_methodsMethods]]')
    expect(line(numbered.blocks.at(-1)!)).toBe('See sec.\u00a0{REF _Ref_sec_methods \\n \\h|1.1}.')
    const plain = await fromMarkdown(markdown)
    expect(line(plain.blocks.at(-1)!)).toBe('See {REF _Ref_sec_methods \\h|Methods}.')
  })

  it('numbers a labelled display equation at the right margin, and only a labelled one', async () => {
    const { blocks } = await fromMarkdown('$$ E = mc^2 $$ {#eq:energy}\n\n$$\na^2 + b^2 = c^2\n$$\n\nBy @eq:energy.\n')
    const [numbered, plain, text] = blocks
    expect(line(numbered!)).toBe('[eq_energy]→<math>→([_Ref_eq_energy{SEQ Equation \\* ARABIC|1}])')
    const tabs = elements(numbered!, 'w:tab').filter((tab) => (tab.parentNode as Element).nodeName === 'w:tabs')
    expect(tabs.map((tab) => [attr(tab, 'w:val'), attr(tab, 'w:pos')])).toEqual([
      ['center', '4513'],
      ['right', '9026'],
    ])
    expect(elements(numbered!, 'm:oMathPara')).toHaveLength(0)
    expect(elements(plain!, 'm:oMathPara')).toHaveLength(1)
    expect(line(plain!)).not.toContain('SEQ')
    expect(line(text!)).toBe('By eq.\u00a0{REF _Ref_eq_energy \\h|1}.')
  })

  it('keeps a labelled equation that cannot be converted as its LaTeX, still numbered', async () => {
    const { blocks, messages } = await fromMarkdown('$$ \\frac{a $$ {#eq:bad}\n\nSee @eq:bad.\n')
    expect(line(blocks[0]!)).toBe('[eq_bad]→\\frac{a→([_Ref_eq_bad{SEQ Equation \\* ARABIC|1}])')
    expect(messages.map((message) => message.ruleId)).toContain('math-not-converted')
  })

  it('captions a listing above its code', async () => {
    const { blocks } = await fromMarkdown('```{#lst:main .python caption="Main loop"}\nwhile True:\n    pass\n```\n\nIn @lst:main.\n')
    expect(styleOf(blocks[0]!)).toBe('Caption')
    expect(line(blocks[0]!)).toBe('[lst_main]Listing [_Ref_lst_main{SEQ Listing \\* ARABIC|1}]: Main loop')
    expect(elements(blocks[0]!, 'w:keepNext')).toHaveLength(1)
    expect(styleOf(blocks[1]!)).toBe('SourceCode')
    // Highlighted as Python: the language is the block's first class.
    expect(elements(blocks[1]!, 'w:rStyle').map((style) => attr(style, 'w:val'))).toContain('KeywordTok')
    expect(line(blocks[2]!)).toBe('In lst.\u00a0{REF _Ref_lst_main \\h|1}.')
  })

  it('shows ?? in bold for a label that names nothing, with its position', async () => {
    const { blocks, messages } = await fromMarkdown('Text\nand @fig:none.\n')
    expect(line(blocks[0]!)).toBe('Text and fig.\u00a0**??**.')
    expect(messages).toMatchObject([{ ruleId: 'crossref-unknown', line: 2, column: 5 }])
    // A label on an image inside a line: it is there, but no figure; the message says so.
    const inline = await fromMarkdown('See ![x](x.png){#fig:inline} and @fig:inline.\n')
    expect(inline.messages.find((message) => message.ruleId === 'crossref-unknown')?.reason).toContain('is not on a numbered figure')
  })

  it('warns about a label given twice; references go to the first', async () => {
    const { blocks, messages } = await fromMarkdown(`@fig:sales\n\n${FIGURE}\n\n![Again](chart.png){#fig:sales}\n`)
    expect(line(blocks[0]!)).toBe('fig.\u00a0{REF _Ref_fig_sales \\h|1}')
    const captions = blocks.filter((block) => styleOf(block) === 'ImageCaption').map(line)
    expect(captions).toEqual(['Figure [_Ref_fig_sales{SEQ Figure \\* ARABIC|1}]: Sales', 'Figure {SEQ Figure \\* ARABIC|2}: Again'])
    expect(messages.filter((message) => message.ruleId === 'crossref-duplicate')).toMatchObject([{ line: 5, column: 1 }])
  })

  it('numbers a labelled figure in a footnote where the note is, and keeps a list item’s number off a counted figure', async () => {
    const markdown = 'Text[^n] and @fig:in.\n\n![After](b.png){#fig:after}\n\n[^n]: Note.\n\n    ![In note](a.png){#fig:in}\n\n- | a |\n  |---|\n  | 1 |\n\n  ![Listed](c.png "Listed")\n\nAfter @fig:after.\n'
    const { blocks, footnotes } = await fromMarkdown(markdown)
    expect(line(blocks[0]!)).toContain('{REF _Ref_fig_in \\h|1}')
    expect(elements(footnotes, 'w:p').map(line).join(' ')).toContain('Figure [_Ref_fig_in{SEQ Figure \\* ARABIC|1}]: In note')
    const captions = blocks.filter((block) => styleOf(block) === 'ImageCaption').map(line)
    expect(captions).toEqual(['Figure [_Ref_fig_after{SEQ Figure \\* ARABIC|2}]: After', 'Figure {SEQ Figure \\* ARABIC|3}: Listed'])
    expect(line(blocks.at(-1)!)).toBe('After fig.\u00a0{REF _Ref_fig_after \\h|2}.')
  })
})
