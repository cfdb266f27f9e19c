import { describe, expect, it } from 'vitest'
import { isMarkdownName, markdownExtension, MARKDOWN_ACCEPT, withoutMarkdownExtension } from '../../src/model/markdown-files.js'

describe('Markdown file names: one list', () => {
  it('knows every extension, in any case, and keeps the name as written', () => {
    expect(['a.md', 'b.MARKDOWN', 'c.mdown', 'd.mkd', 'e.txt'].map(isMarkdownName)).toEqual([true, true, true, true, true])
    expect(isMarkdownName('report.docx')).toBe(false)
    expect(isMarkdownName('md')).toBe(false)
    expect(markdownExtension('Notes.MD')).toBe('.MD')
    expect(withoutMarkdownExtension('Notes.final.md')).toBe('Notes.final')
    expect(withoutMarkdownExtension('Minutes')).toBe('Minutes')
    expect(MARKDOWN_ACCEPT.split(',')).toContain('.mkd')
  })
})
