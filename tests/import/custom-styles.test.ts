/**
 * An author's own styles (`w:customStyle`) come back as pandoc's custom styles:
 * `::: {custom-style="Name"}` around a run of paragraphs, `[text]{custom-style="Name"}` for
 * a character style (custom-styles.ts); styles with a meaning, Word's own and the writers' own
 * do not. markdocx's export marks its custom styles so, and they come back.
 */
import { strFromU8, unzipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { markdownToDocx } from '../../src/convert.js'
import { docxToMarkdown } from '../../src/import/docx-to-markdown.js'
import { makeDocx, run } from './make-docx.js'

const style = (type: string, id: string, name: string, extra = '', custom = true) => `<w:style w:type="${type}" w:styleId="${id}"${custom ? ' w:customStyle="1"' : ''}><w:name w:val="${name}"/>${extra}</w:style>`
const para = (styleId: string, content: string) => `<w:p><w:pPr><w:pStyle w:val="${styleId}"/></w:pPr>${content}</w:p>`

const STYLES = [
  style('paragraph', 'Quote', 'Quote', '', false),
  style('paragraph', 'BlockNote', 'Block Note'),
  style('paragraph', 'Aside', 'Aside'),
  style('paragraph', 'MyQuote', 'My Quote', '<w:basedOn w:val="Quote"/>'),
  style('paragraph', 'ListParagraph', 'List Paragraph', '', false),
  style('paragraph', 'Compact', 'Compact'),
  style('character', 'KeyTerm', 'Key Term'),
].join('')

async function imported(body: string): Promise<string> {
  const result = await docxToMarkdown(makeDocx({ body, styles: STYLES }))
  expect(result.messages.filter((message) => message.severity === 'error')).toEqual([])
  return result.markdown
}

describe('import: custom styles', () => {
  it('puts a run of paragraphs in an author\'s style in one custom-style div, and the next style in its own', async () => {
    const body = para('BlockNote', run('One.')) + para('BlockNote', run('Two.')) + para('Aside', run('Three.')) + `<w:p>${run('Plain.')}</w:p>`
    expect(await imported(body)).toBe('::: {custom-style="Block Note"}\nOne.\n\nTwo.\n:::\n\n::: {custom-style=Aside}\nThree.\n:::\n\nPlain.\n')
  })

  it('reads an author\'s character style as a custom-style span', async () => {
    const body = `<w:p>${run('A ')}<w:r><w:rPr><w:rStyle w:val="KeyTerm"/></w:rPr><w:t>term</w:t></w:r>${run(' here.')}</w:p>`
    expect(await imported(body)).toBe('A [term]{custom-style="Key Term"} here.\n')
  })

  it('leaves Word\'s own styles, the writers\' own and styles based on a known one alone', async () => {
    const body = para('ListParagraph', run('Word.')) + para('Compact', run('pandoc.')) + para('MyQuote', run('Quoted.'))
    expect(await imported(body)).toBe('Word.\n\npandoc.\n\n> Quoted.\n')
  })

  it('gets back the custom styles markdocx exports, which it marks as the author\'s', async () => {
    const markdown = '::: {custom-style="Block Note"}\nBoxed *text*.\n:::\n\nA [word]{custom-style="Key Term"}.\n'
    const { data } = await markdownToDocx(markdown, { path: 'in.md' })
    expect(strFromU8(unzipSync(data)['word/styles.xml']!)).toMatch(/<w:style w:type="paragraph" w:styleId="BlockNote" w:customStyle="1">/)
    expect((await docxToMarkdown(data)).markdown).toBe(markdown)
  })
})

describe('import: callout types', () => {
  it('gets back a callout type drawn as the nearest kind, and keeps two callouts of one kind apart', async () => {
    const markdown = '> [!faq] Why?\n> Because.\n\n> [!question] Asked\n> Yes.\n\n> [!IMPORTANT]\n> Plain kind.\n'
    const { data } = await markdownToDocx(markdown, { path: 'in.md' })
    const styles = strFromU8(unzipSync(data)['word/styles.xml']!)
    // Named for the type, based on the kind's title style, changing nothing.
    expect(styles).toMatch(/<w:style w:type="paragraph" w:styleId="CalloutfaqTitle"><w:name w:val="Callout faq Title"\/><w:basedOn w:val="CalloutImportantTitle"\/><w:uiPriority w:val="30"\/><\/w:style>/)
    expect(strFromU8(unzipSync(data)['word/document.xml']!)).not.toMatch(/<w:pStyle w:val="CalloutfaqTitle"\/><w:(ind|pBdr|shd)/)
    expect((await docxToMarkdown(data)).markdown).toBe(markdown)
  })
})
