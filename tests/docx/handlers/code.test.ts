import { u } from 'unist-builder'
import { describe, expect, it } from 'vitest'
import { at, checkProducedWithOracle, fromTree, styleOf, textOf } from '../../support/docx.js'
import { attr, childElements, elements, val } from '../../support/xml.js'

checkProducedWithOracle('code handler')

/** The run contents of a paragraph as tokens: text (adjacent runs joined: highlighting splits them), ⏎ for w:br, ⇥ for w:tab. */
function tokens(p: import('@xmldom/xmldom').Element): string[] {
  const out: string[] = []
  for (const run of elements(p, 'w:r')) {
    for (const e of childElements(run)) {
      if (e.nodeName === 'w:t') {
        const last = out.length - 1
        if (last >= 0 && out[last] !== '⏎' && out[last] !== '⇥') out[last] += e.textContent ?? ''
        else out.push(e.textContent ?? '')
      }
      if (e.nodeName === 'w:br') out.push('⏎')
      if (e.nodeName === 'w:tab') out.push('⇥')
    }
  }
  return out
}

describe('code handler', () => {
  it('writes one Source Code paragraph keeping every line, blank line, space and tab', async () => {
    const { blocks } = await fromTree(u('root', [u('code', { lang: 'js' }, 'if (a) {\n\treturn  b  \n\n}')]))
    expect(blocks).toHaveLength(1)
    expect(styleOf(blocks[0]!)).toBe('SourceCode')
    expect(tokens(blocks[0]!)).toEqual(['if (a) {', '⏎', '⇥', 'return  b  ', '⏎', '⏎', '}'])
  })

  it('writes a block of more than 2 000 lines as touching paragraphs of 2 000 lines, every line kept', async () => {
    const lines = Array.from({ length: 4500 }, (_, i) => `\tline ${i}`)
    const { blocks } = await fromTree(u('root', [u('code', lines.join('\n'))]))
    expect(blocks.map(styleOf)).toEqual(['SourceCode', 'SourceCode', 'SourceCode'])
    const all = blocks.flatMap((block, index) => [...(index > 0 ? ['⏎'] : []), ...tokens(block)])
    expect(all.join('')).toBe(lines.join('\n').replaceAll('\t', '⇥').replaceAll('\n', '⏎'))
    expect(blocks.map((block) => tokens(block).filter((token) => token === '⏎').length)).toEqual([1999, 1999, 499])
    // No spacing between the parts, so Word draws one box: after 0 but on the last, before 0 but on the first.
    const spacing = blocks.map((block) => elements(block, 'w:spacing')[0])
    expect(spacing.map((s) => (s ? [attr(s, 'w:before') ?? null, attr(s, 'w:after') ?? null] : null))).toEqual([[null, '0'], ['0', '0'], ['0', null]])
  })

  it('normalises CRLF and CR line ends', async () => {
    const { blocks } = await fromTree(u('root', [u('code', 'a\r\nb\rc')]))
    expect(tokens(blocks[0]!)).toEqual(['a', '⏎', 'b', '⏎', 'c'])
  })

  it('writes an empty code block as an empty Source Code paragraph', async () => {
    const { blocks } = await fromTree(u('root', [u('code', '')]))
    expect(blocks.map(styleOf)).toEqual(['SourceCode'])
  })

  it('defines Source Code as monospace, shaded, with tab stops', async () => {
    const { styles } = await fromTree(u('root', [u('code', 'x')]), { codeFont: 'Fira Mono' })
    const style = elements(styles, 'w:style').find((s) => attr(s, 'w:styleId') === 'SourceCode')!
    expect(attr(elements(style, 'w:rFonts')[0], 'w:ascii')).toBe('Fira Mono')
    expect(elements(style, 'w:shd').length).toBe(1)
    expect(elements(style, 'w:tab').length).toBeGreaterThan(4)
    expect(val(style, 'w:name')).toBe('Source Code')
  })

  it('replaces control characters with a message at the block', async () => {
    const { messages } = await fromTree(u('root', [u('code', { ...at(7, 1) }, 'esc \u001b[0m')]))
    expect(messages.map((m) => [m.ruleId, m.line])).toEqual([['invalid-character', 7]])
  })
})

describe('code blocks across pages', () => {
  it('keeps a short block on one page, lets a long one break (kept whole it would leave a page empty before it)', async () => {
    const long = Array.from({ length: 120 }, (_, i) => `line ${i}`).join('\n')
    const { blocks, styles } = await fromTree(u('root', [u('code', 'short\nblock'), u('paragraph', [u('text', 'between')]), u('code', long)]))
    expect(blocks.map((b) => elements(b, 'w:keepLines').length)).toEqual([1, 0, 0])
    const style = elements(styles, 'w:style').find((s) => attr(s, 'w:styleId') === 'SourceCode')!
    expect(elements(style, 'w:keepLines')).toHaveLength(0)
  })

  it('keeps two code blocks in a row apart, so they are not drawn as one box', async () => {
    const { blocks } = await fromTree(u('root', [u('code', 'one'), u('code', 'two')]))
    expect(blocks.map((b) => styleOf(b))).toEqual(['SourceCode', 'BodyText', 'SourceCode'])
    expect(textOf(blocks[1]!)).toBe('')
  })
})
