/**
 * A reviewer's work comes back as CriticMarkup: tracked insertions `{++…++}`, deletions
 * `{--…--}`, a deletion then an insertion `{~~old~>new~~}`, comments `{==range==}{>>text<<}`.
 * Inputs are written with the docx library (its InsertedTextRun, DeletedTextRun and comments)
 * and by hand (moves, nesting, ranges across paragraphs) — not with markdocx's own export.
 */
import { CommentRangeEnd, CommentRangeStart, CommentReference, DeletedTextRun, Document, InsertedTextRun, Packer, Paragraph, TextRun } from 'docx'
import { describe, expect, it } from 'vitest'
import { docxToMarkdown } from '../../src/import/docx-to-markdown.js'
import { parseMarkdown } from '../../src/markdown/parse.js'
import { comment, commented, del, ins, makeDocx, p, run } from './make-docx.js'

const change = { author: 'Reviewer', date: '2024-01-01T00:00:00Z' }

async function markdownOf(bytes: Uint8Array): Promise<string> {
  const result = await docxToMarkdown(bytes)
  expect(result.messages.filter((message) => message.severity === 'error')).toEqual([])
  return result.markdown
}

async function fromDocx(children: Paragraph[], comments?: Array<{ id: number; text: string }>): Promise<string> {
  const document = new Document({
    ...(comments ? { comments: { children: comments.map((entry) => ({ id: entry.id, author: 'Reviewer', initials: 'R', date: new Date(0), children: [new Paragraph({ children: [new TextRun(entry.text)] })] })) } } : {}),
    sections: [{ children }],
  })
  return markdownOf(new Uint8Array(await Packer.toBuffer(document)))
}

describe('import: tracked changes', () => {
  it('reads insertions and deletions written by the docx library', async () => {
    const markdown = await fromDocx([
      new Paragraph({ children: [new TextRun('The '), new InsertedTextRun({ text: 'quick ', id: 1, ...change }), new TextRun('fox '), new DeletedTextRun({ text: 'slowly ', id: 2, ...change }), new TextRun('jumps.')] }),
    ])
    expect(markdown).toBe('The {++quick ++}fox {--slowly --}jumps.\n')
  })

  it('makes a deletion followed by an insertion a substitution', async () => {
    const markdown = await fromDocx([new Paragraph({ children: [new TextRun('It is '), new DeletedTextRun({ text: 'red', id: 1, ...change }), new InsertedTextRun({ text: 'blue', id: 2, ...change }), new TextRun('.')] })])
    expect(markdown).toBe('It is {~~red~>blue~~}.\n')
  })

  it('keeps formatting inside a change, and a change inside formatting', async () => {
    const markdown = await markdownOf(makeDocx({ body: p('A ', ins(run('bold', '<w:b/>')), ' word; ', { xml: run('all bold ', '<w:b/>') }, ins(run('and new', '<w:b/>')), { xml: run(' still bold', '<w:b/>') }) }))
    expect(markdown).toBe('A {++**bold**++} word; **all bold {++and new++} still bold**\n')
  })

  it('reads changes in headings and table cells', async () => {
    const body = [
      `<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr>${run('Title ')}${ins(run('added')).xml}</w:p>`,
      `<w:tbl><w:tr><w:trPr><w:tblHeader/></w:trPr><w:tc>${p('Head')}</w:tc></w:tr><w:tr><w:tc>${p('cell ', del('gone'))}</w:tc></w:tr></w:tbl>`,
    ].join('')
    const styles = '<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/></w:style>'
    expect(await markdownOf(makeDocx({ body, styles }))).toBe('# Title {++added++}\n\n| Head            |\n| --------------- |\n| cell {--gone--} |\n')
  })

  it('flattens nested changes: a deletion inside an insertion is a deletion', async () => {
    const nested = { xml: `<w:ins w:id="1" w:author="A" w:date="2024-01-01T00:00:00Z">${run('new ')}<w:del w:id="2" w:author="B" w:date="2024-01-02T00:00:00Z"><w:r><w:delText>then gone</w:delText></w:r></w:del></w:ins>` }
    expect(await markdownOf(makeDocx({ body: p('Text ', nested, '.') }))).toBe('Text {++new ++}{--then gone--}.\n')
  })

  it('reads moves as a deletion where the text was and an insertion where it went', async () => {
    const from = { xml: `<w:moveFrom w:id="1" w:author="A" w:date="2024-01-01T00:00:00Z"><w:r><w:delText>moved</w:delText></w:r></w:moveFrom>` }
    const to = { xml: `<w:moveTo w:id="2" w:author="A" w:date="2024-01-01T00:00:00Z">${run('moved')}</w:moveTo>` }
    expect(await markdownOf(makeDocx({ body: p('One ', from, ' two.') + p('Three ', to, '.') }))).toBe('One {--moved--} two.\n\nThree {++moved++}.\n')
  })

  it('writes a paragraph whose mark was deleted as a deletion over the blank line after it', async () => {
    const first = `<w:p><w:pPr><w:rPr><w:del w:id="3" w:author="A" w:date="2024-01-01T00:00:00Z"/></w:rPr></w:pPr>${run('First ')}${del('cut', 4).xml}</w:p>`
    expect(await markdownOf(makeDocx({ body: first + p('second.') }))).toBe('First {--cut\n\n--}second.\n')
  })

  it('keeps a deleted row of a table that stays, its text marked deleted, and says so', async () => {
    const body = `<w:tbl><w:tr><w:tc>${p('Head')}</w:tc></w:tr><w:tr><w:trPr><w:del w:id="1" w:author="A" w:date="2024-01-01T00:00:00Z"/></w:trPr><w:tc>${p(del('row'))}</w:tc></w:tr><w:tr><w:tc>${p('kept')}</w:tc></w:tr></w:tbl>`
    const result = await docxToMarkdown(makeDocx({ body }))
    expect(result.markdown).toBe('| Head      |\n| --------- |\n| {--row--} |\n| kept      |\n')
    expect(result.messages.map((message) => message.ruleId)).toContain('import-row-tracked')
  })

  it('reads back as CriticMarkup the parser understands', async () => {
    const markdown = await markdownOf(makeDocx({ body: p('Keep ', ins(run('this')), ' and ', del('that'), '.') }))
    const { tree } = parseMarkdown(markdown)
    expect(tree.children).toHaveLength(1)
    expect(markdown).toBe('Keep {++this++} and {--that--}.\n')
  })
})

describe('import: comments', () => {
  it('anchors a comment to its range (docx library)', async () => {
    const markdown = await fromDocx(
      [new Paragraph({ children: [new TextRun('The results '), new CommentRangeStart(0), new TextRun('exceed every forecast'), new CommentRangeEnd(0), new TextRun({ children: [new CommentReference(0)] }), new TextRun(' by far.')] })],
      [{ id: 0, text: 'Which forecast?' }],
    )
    expect(markdown).toBe('The results {==exceed every forecast==}{>>Which forecast?<<} by far.\n')
    const { tree } = parseMarkdown(markdown)
    const paragraph = tree.children[0]
    expect(paragraph?.type === 'paragraph' && paragraph.children.map((child) => child.type)).toEqual(['text', 'criticHighlight', 'criticComment', 'text'])
  })

  it('writes a comment with no range as a lone comment', async () => {
    const markdown = await markdownOf(makeDocx({ body: p('Here', { xml: '<w:r><w:commentReference w:id="5"/></w:r>' }, ' it is.'), comments: comment(5, 'A note.') }))
    expect(markdown).toBe('Here{>>A note.<<} it is.\n')
  })

  it('keeps a comment on a range that crosses formatting and a link', async () => {
    const body = p('Plain ', commented(1, `${run('bold', '<w:b/>')}${run(' and plain')}`), ' after.')
    expect(await markdownOf(makeDocx({ body, comments: comment(1, 'Why?') }))).toBe('Plain {==**bold** and plain==}{>>Why?<<} after.\n')
  })

  it('highlights the first paragraph of a range that spans paragraphs, and puts the comment there', async () => {
    const body = `<w:p>${run('Start ')}<w:commentRangeStart w:id="1"/>${run('first part')}</w:p><w:p>${run('second part')}<w:commentRangeEnd w:id="1"/><w:r><w:commentReference w:id="1"/></w:r>${run(' end.')}</w:p>`
    expect(await markdownOf(makeDocx({ body, comments: comment(1, 'Long range') }))).toBe('Start {==first part==}{>>Long range<<}\n\nsecond part end.\n')
  })

  it('writes overlapping comments without nesting highlights', async () => {
    const body = `<w:p><w:commentRangeStart w:id="1"/>${run('one ')}<w:commentRangeStart w:id="2"/>${run('two')}<w:commentRangeEnd w:id="1"/><w:r><w:commentReference w:id="1"/></w:r>${run(' three')}<w:commentRangeEnd w:id="2"/><w:r><w:commentReference w:id="2"/></w:r></w:p>`
    const markdown = await markdownOf(makeDocx({ body, comments: comment(1, 'A') + comment(2, 'B') }))
    // Every comment is there once, and the parser reads every highlight and comment.
    expect(markdown.match(/\{>>A<<\}/g)).toHaveLength(1)
    expect(markdown.match(/\{>>B<<\}/g)).toHaveLength(1)
    const { tree } = parseMarkdown(markdown)
    expect(JSON.stringify(tree)).not.toContain('{==')
  })

  it('keeps a tracked change inside a commented range', async () => {
    const body = p(commented(1, `${run('see ')}${ins(run('this')).xml}`))
    expect(await markdownOf(makeDocx({ body, comments: comment(1, 'ok') }))).toBe('{==see {++this++}==}{>>ok<<}\n')
  })

  it('keeps a comment\'s formatting and joins its paragraphs', async () => {
    const text = `<w:comment w:id="1" w:author="R"><w:p>${run('First ')}${run('bold', '<w:b/>')}</w:p><w:p>${run('second.')}</w:p></w:comment>`
    expect(await markdownOf(makeDocx({ body: p(commented(1, run('x'))), comments: text }))).toBe('{==x==}{>>First **bold** second.<<}\n')
  })
})
