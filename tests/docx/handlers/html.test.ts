import { u } from 'unist-builder'
import type { Root } from 'mdast'
import { describe, expect, it } from 'vitest'
import { at, checkProducedWithOracle, fromTree, textOf } from '../../support/docx.js'
import { elements } from '../../support/xml.js'
import { checkImage } from '../../../src/docx/media/images.js'
import { png } from '../../support/images.js'

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

describe('html handler: anchors, figures and aligned images', () => {
  it('makes bookmarks of ids and <a name>, so #links reach them — inline, among blocks, in cells; an anchor-only line adds no paragraph', async () => {
    const { fromMarkdown } = await import('../../support/docx.js')
    const markdown = [
      '[a](#legacy) [b](#inline) [c](#box) [d](#cell)',
      '',
      '<a name="legacy"></a>',
      '## Heading',
      '',
      'Some <span id="inline">text</span>.',
      '',
      '<div id="box">',
      '',
      'Inside.',
      '',
      '</div>',
      '',
      '<table><tr><td id="cell">x</td></tr></table>',
    ].join('\n')
    const { document, messages } = await fromMarkdown(markdown)
    expect(messages.filter((m) => m.ruleId === 'link-anchor-missing')).toEqual([])
    const anchors = elements(document, 'w:hyperlink').map((link) => link.getAttribute('w:anchor'))
    expect(anchors).toEqual(['legacy', 'inline', 'box', 'cell'])
    const bookmarks = elements(document, 'w:bookmarkStart').map((mark) => mark.getAttribute('w:name'))
    for (const name of anchors) expect(bookmarks).toContain(name)
    // The `<a name>` line is no paragraph of its own: its bookmark starts the heading's paragraph.
    const heading = elements(document, 'w:p').find((p) => textOf(p) === 'Heading')!
    expect(elements(heading, 'w:bookmarkStart').map((mark) => mark.getAttribute('w:name'))).toContain('legacy')
  })

  it('reads <figure> with one image and a figcaption as a captioned figure, and <img align> as the figure’s alignment', async () => {
    const tree = u('root', [
      u('html', '<figure>\n<img src="x.png" alt="X">\n<figcaption>Sales by quarter</figcaption>\n</figure>'),
      u('html', '<img src="y.png" align="right">'),
    ]) as Root
    const picture = await checkImage(png(40, 30))
    const { blocks } = await fromTree(tree, { images: { 'x.png': picture, 'y.png': picture } })
    const styles = blocks.map((block) => elements(block, 'w:pStyle')[0]?.getAttribute('w:val'))
    expect(styles).toEqual(['CaptionedFigure', 'ImageCaption', 'Figure'])
    expect(textOf(blocks[1]!)).toBe('Figure 1: Sales by quarter')
    expect(elements(blocks[2]!, 'w:jc')[0]?.getAttribute('w:val')).toBe('right')
  })
})
