/**
 * Tracked paragraph marks and table rows come back as the CriticMarkup markdocx's parser
 * reads into the same tracked changes (tracked-blocks.ts, print-marks.ts): a paragraph a
 * reviewer split or joined, a paragraph inserted or deleted whole (as Word itself writes them),
 * a list and a table inserted or deleted whole, a comment made inside an insertion. Each is
 * exported again and must give the same tracked changes, and the same Markdown once more.
 */
import { strFromU8, unzipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { markdownToDocx } from '../../src/convert.js'
import { docxToMarkdown } from '../../src/import/docx-to-markdown.js'
import { comment, makeDocx, p, run } from './make-docx.js'

const STAMP = 'w:author="R" w:date="2024-01-01T00:00:00Z"'
const markIns = (id: number) => `<w:pPr><w:rPr><w:ins w:id="${id}" ${STAMP}/></w:rPr></w:pPr>`
const markDel = (id: number) => `<w:pPr><w:rPr><w:del w:id="${id}" ${STAMP}/></w:rPr></w:pPr>`
const insRun = (id: number, text: string) => `<w:ins w:id="${id}" ${STAMP}>${run(text)}</w:ins>`
const delRun = (id: number, text: string) => `<w:del w:id="${id}" ${STAMP}><w:r><w:delText xml:space="preserve">${text}</w:delText></w:r></w:del>`

async function imported(body: string, comments?: string): Promise<{ markdown: string; ruleIds: string[] }> {
  const result = await docxToMarkdown(makeDocx({ body, ...(comments ? { comments } : {}) }))
  expect(result.messages.filter((message) => message.severity === 'error')).toEqual([])
  return { markdown: result.markdown, ruleIds: result.messages.map((message) => message.ruleId) }
}

/** The Markdown exported and read back: the same Markdown, and the export's document.xml. */
async function again(markdown: string): Promise<string> {
  const { data } = await markdownToDocx(markdown, { path: 'in.md' })
  const back = await docxToMarkdown(data)
  expect(back.markdown).toBe(markdown)
  return strFromU8(unzipSync(data)['word/document.xml']!)
}

/** The paragraphs of a document.xml, each as its tracked facts: mark change and the changes in its runs. */
function tracked(xml: string): string[] {
  return [...xml.matchAll(/<w:p>([\s\S]*?)<\/w:p>/g)].map(([, inner]) => {
    const mark = /<w:pPr>[\s\S]*?<w:rPr>[\s\S]*?<w:(ins|del) /.exec(inner!)?.[1] ?? '-'
    const runs = [...inner!.replace(/<w:pPr>[\s\S]*?<\/w:pPr>/, '').matchAll(/<w:(ins|del) [^>]*>[\s\S]*?<w:(?:t|delText)[^>]*>([^<]*)</g)].map(([, kind, text]) => `${kind}:${text}`)
    const text = [...inner!.matchAll(/<w:(?:t|delText)[^>]*>([^<]*)</g)].map(([, value]) => value).join('')
    return `${mark} ${text} [${runs.join(',')}]`
  })
}

describe('import: tracked paragraph marks', () => {
  it('reads a paragraph Word writes when a reviewer inserts one between two', async () => {
    const body = p('Before.') + `<w:p>${markIns(1)}${insRun(2, 'New')}</w:p>` + p('After.')
    const { markdown } = await imported(body)
    expect(markdown).toBe('Before.\n\n{++New++}\n\nAfter.\n')
    expect(tracked(await again(markdown))).toEqual(['- Before. []', 'ins New [ins:New]', '- After. []'])
  })

  it('reads a paragraph a reviewer deleted whole', async () => {
    const body = p('Before.') + `<w:p>${markDel(1)}${delRun(2, 'Gone.')}</w:p>` + p('After.')
    const { markdown } = await imported(body)
    expect(markdown).toBe('Before.\n\n{--Gone.--}\n\nAfter.\n')
    expect(tracked(await again(markdown))).toEqual(['- Before. []', 'del Gone. [del:Gone.]', '- After. []'])
  })

  it('reads a paragraph a reviewer split (Enter) as an insertion over the blank line', async () => {
    const body = `<w:p>${markIns(1)}${run('One sentence.')}</w:p>` + p('Another.')
    const { markdown } = await imported(body)
    expect(markdown).toBe('One sentence.{++\n\n++}Another.\n')
    expect(tracked(await again(markdown))).toEqual(['ins One sentence. []', '- Another. []'])
  })

  it('reads two paragraphs a reviewer joined, with the space between them', async () => {
    const body = `<w:p>${markDel(1)}${run('Two paragraphs')}</w:p>` + `<w:p>${insRun(2, ' ')}${run('become one.')}</w:p>`
    const { markdown } = await imported(body)
    expect(markdown).toBe('Two paragraphs{--\n\n--} become one.\n')
    expect(tracked(await again(markdown))).toEqual(['del Two paragraphs []', '-  become one. [ins: ]'])
  })

  it('keeps a comment made inside an insertion in it', async () => {
    const body = `<w:p>${run('Text ')}<w:ins w:id="3" ${STAMP}>${run('added')}<w:commentRangeStart w:id="1"/><w:commentRangeEnd w:id="1"/><w:r><w:commentReference w:id="1"/></w:r></w:ins>${run('.')}</w:p>`
    const { markdown } = await imported(body, comment(1, 'Why?'))
    expect(markdown).toBe('Text {++added{>>Why?<<}++}.\n')
    await again(markdown)
  })
})

describe('import: blocks inserted or deleted whole', () => {
  it('reads a list whose every paragraph, text and mark, is inserted as a change around the list', async () => {
    const numbering = '<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:numFmt w:val="bullet"/><w:lvlText w:val="•"/></w:lvl></w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>'
    const item = (id: number, text: string) => `<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr><w:rPr><w:ins w:id="${id}" ${STAMP}/></w:rPr></w:pPr>${insRun(id + 100, text)}</w:p>`
    const result = await docxToMarkdown(makeDocx({ body: p('Before.') + item(1, 'one') + item(2, 'two') + p('After.'), numbering }))
    expect(result.markdown).toBe('Before.\n\n{++\n\n- one\n- two\n\n++}\n\nAfter.\n')
    await again(result.markdown)
  })

  it('reads a table whose every row is deleted as a deletion around the table (not an empty table)', async () => {
    const row = (id: number, a: string, b: string) => `<w:tr><w:trPr><w:del w:id="${id}" ${STAMP}/></w:trPr><w:tc><w:p>${markDel(id + 10)}${delRun(id + 20, a)}</w:p></w:tc><w:tc><w:p>${delRun(id + 30, b)}</w:p></w:tc></w:tr>`
    const { markdown, ruleIds } = await imported(p('Before.') + `<w:tbl>${row(1, 'Name', 'Value')}${row(2, 'x', '')}</w:tbl>` + p('After.'))
    expect(markdown).toBe('Before.\n\n{--\n\n| Name | Value |\n| ---- | ----- |\n| x    |       |\n\n--}\n\nAfter.\n')
    expect(ruleIds).not.toContain('import-row-tracked')
    const xml = await again(markdown)
    expect(xml.match(/<w:trPr>[\s\S]*?<w:del /g)).toHaveLength(2)
  })

  it('reads a table Word deleted (rows tracked, cell marks not), an empty first cell included', async () => {
    const row = (id: number, a: string, b: string) => `<w:tr><w:trPr><w:del w:id="${id}" ${STAMP}></w:del></w:trPr><w:tc><w:p>${a === '' ? '' : delRun(id + 20, a)}</w:p></w:tc><w:tc><w:p>${delRun(id + 30, b)}</w:p></w:tc></w:tr>`
    const { markdown } = await imported(`<w:tbl>${row(1, 'Name', 'Value')}${row(2, '', 'y')}</w:tbl>` + p('After.'))
    expect(markdown).toBe('{--\n\n| Name | Value |\n| ---- | ----- |\n|      | y     |\n\n--}\n\nAfter.\n')
  })

  it('reads a table whose rows are all inserted as an insertion around it', async () => {
    const row = (id: number, a: string) => `<w:tr><w:trPr><w:ins w:id="${id}" ${STAMP}/></w:trPr><w:tc><w:p>${insRun(id + 20, a)}</w:p></w:tc></w:tr>`
    const { markdown } = await imported(`<w:tbl>${row(1, 'Head')}${row(2, 'cell')}</w:tbl>`)
    expect(markdown).toBe('{++\n\n| Head |\n| ---- |\n| cell |\n\n++}\n')
  })
})
