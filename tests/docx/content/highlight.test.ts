import { describe, expect, it } from 'vitest'
import { markdownToDocx } from '../../../src/convert.js'
import { readPart } from '../../../src/docx/ooxml/pack.js'
import { highlightCss, highlightHast, highlightLanguage, highlightTokens, TOKEN_STYLES } from '../../../src/mdast/highlight.js'

const typed = (code: string, lang: string) => highlightTokens(code, lang).map((token) => (token.type ? `${token.type}:${token.text}` : token.text))

describe('highlightTokens', () => {
  it('names tokens with pandoc token types and keeps every character', () => {
    const code = 'def f(x):\n    return x + 1  # one\n'
    expect(typed(code, 'python')).toEqual(['KeywordTok:def', ' ', 'FunctionTok:f', '(x):\n    ', 'KeywordTok:return', ' x + ', 'DecValTok:1', '  ', 'CommentTok:# one', '\n'])
    expect(highlightTokens(code, 'python').map((t) => t.text).join('')).toBe(code)
  })

  it('knows common languages under the names people write', () => {
    for (const lang of ['js', 'ts', 'tsx', 'python', 'py', 'json', 'bash', 'sh', 'shell', 'html', 'xml', 'css', 'java', 'c', 'cpp', 'c++', 'c#', 'cs', 'go', 'golang', 'rust', 'ruby', 'php', 'sql', 'yaml', 'yml', 'diff', 'markdown', 'dockerfile', 'powershell', 'latex', 'kotlin', 'swift']) {
      expect(highlightLanguage(lang), lang).toBeDefined()
    }
    expect(highlightLanguage('{.python}')).toBe('python')
    expect(highlightLanguage('nonsense-lang')).toBeUndefined()
    expect(highlightLanguage('text')).toBeUndefined()
  })

  it('leaves unknown languages, no language and huge blocks plain', () => {
    expect(highlightTokens('if x', 'nonsense')).toEqual([{ text: 'if x' }])
    expect(highlightTokens('if x', undefined)).toEqual([{ text: 'if x' }])
    expect(highlightTokens('x'.repeat(200_000), 'js')).toHaveLength(1)
    expect(highlightTokens('', 'js')).toEqual([])
  })

  it('keeps a C preprocessor line one token type', () => {
    expect(typed('#include <stdio.h>', 'c')).toEqual(['PreprocessorTok:#include ', 'StringTok:<stdio.h>'])
  })

  it('marks diff additions and deletions', () => {
    expect(typed('+new\n-old', 'diff')).toEqual(['InformationTok:+new', '\n', 'AlertTok:-old'])
  })

  it('gives the preview pandoc class names and the colours Word uses', () => {
    expect(highlightHast('let x', 'js')).toEqual([{ type: 'element', tagName: 'span', properties: { className: ['kw'] }, children: [{ type: 'text', value: 'let' }] }, { type: 'text', value: ' x' }])
    const css = highlightCss('.preview pre')
    expect(css).toContain(`.preview pre span.kw{color:#${TOKEN_STYLES.KeywordTok.color}}`)
    expect(css).toContain('.preview pre span.co{color:#57606A;font-style:italic}')
  })
})

describe('highlighted code in Word', () => {
  it('styles each token with its character style, keeping breaks and tabs', async () => {
    const { data } = await markdownToDocx('```js\nconst a = 1\n\treturn "s"\n```\n')
    const xml = readPart(data, 'word/document.xml')!
    expect(xml).toContain('<w:pStyle w:val="SourceCode"/>')
    expect(xml).toContain('<w:r><w:rPr><w:rStyle w:val="KeywordTok"/></w:rPr><w:t xml:space="preserve">const</w:t></w:r><w:r><w:t xml:space="preserve"> a = </w:t></w:r><w:r><w:rPr><w:rStyle w:val="DecValTok"/></w:rPr><w:t xml:space="preserve">1</w:t></w:r><w:r><w:br/></w:r><w:r><w:tab/></w:r>')
    expect(xml).toContain('<w:rStyle w:val="StringTok"/></w:rPr><w:t xml:space="preserve">&quot;s&quot;</w:t>')
  })

  it('defines every token style on Verbatim Char, with its colour and no inline-code shading', async () => {
    const { data } = await markdownToDocx('x')
    const styles = readPart(data, 'word/styles.xml')!
    for (const [id, style] of Object.entries(TOKEN_STYLES)) {
      const match = new RegExp(`<w:style w:type="character" w:styleId="${id}"><w:name w:val="${id}"/><w:basedOn w:val="VerbatimChar"/>.*?</w:style>`).exec(styles)
      expect(match, id).not.toBeNull()
      expect(match![0]).toContain(`<w:color w:val="${style.color}"/>`)
      expect(match![0]).toContain(`w:fill="${style.background ?? 'auto'}"`)
    }
  })

  it('leaves code without a known language as plain runs', async () => {
    const { data } = await markdownToDocx('```\nif (x) {}\n```\n')
    expect(readPart(data, 'word/document.xml')).not.toContain('Tok"/>')
  })
})
