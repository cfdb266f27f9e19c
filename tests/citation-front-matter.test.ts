/**
 * The front matter's citation keys as the Bibliography dialog reads and writes them: only the
 * key's own lines change, a document without front matter gets one, lists and CRLF kept.
 */
import { describe, expect, it } from 'vitest'
import { citationKeys, setFrontMatterKey, type TextChange } from '../src/app/citation-front-matter.js'

function applied(text: string, change: TextChange | undefined): string {
  return change ? text.slice(0, change.from) + change.insert + text.slice(change.to) : text
}

describe('citation front matter', () => {
  it('reads a bibliography (one or a list) and a style', () => {
    expect(citationKeys('---\nbibliography: refs.bib\ncsl: ieee\n---\n')).toEqual({ bibliography: ['refs.bib'], csl: 'ieee' })
    expect(citationKeys('---\nbibliography:\n  - a.bib\n  - b.json\ncitation-style: apa\n---\n')).toEqual({ bibliography: ['a.bib', 'b.json'], csl: 'apa' })
    expect(citationKeys('# No front matter\n')).toEqual({ bibliography: [], csl: undefined })
    expect(citationKeys('---\nbibliography: [unclosed\n---\n')).toEqual({ bibliography: [], csl: undefined })
  })

  it('adds front matter to a document without it', () => {
    const text = '# Title\n\nText [@key].\n'
    expect(applied(text, setFrontMatterKey(text, ['bibliography'], ['refs.bib']))).toBe('---\nbibliography: refs.bib\n---\n\n# Title\n\nText [@key].\n')
    expect(applied('', setFrontMatterKey('', ['csl'], 'apa'))).toBe('---\ncsl: apa\n---\n')
    expect(setFrontMatterKey(text, ['csl'], undefined)).toBeUndefined()
  })

  it('changes only the key’s own lines, keeping comments and the rest', () => {
    const text = '---\ntitle: Paper # the title\nbibliography:\n  - a.bib\ncsl: apa\nlang: en\n---\nBody\n'
    const listed = applied(text, setFrontMatterKey(text, ['bibliography'], ['a.bib', 'b.json']))
    expect(listed).toBe('---\ntitle: Paper # the title\nbibliography:\n  - a.bib\n  - b.json\ncsl: apa\nlang: en\n---\nBody\n')
    expect(applied(listed, setFrontMatterKey(listed, ['csl', 'citation-style'], 'ieee'))).toBe('---\ntitle: Paper # the title\nbibliography:\n  - a.bib\n  - b.json\ncsl: ieee\nlang: en\n---\nBody\n')
    expect(applied(listed, setFrontMatterKey(listed, ['bibliography'], []))).toBe('---\ntitle: Paper # the title\ncsl: apa\nlang: en\n---\nBody\n')
    expect(setFrontMatterKey(listed, ['csl'], 'apa')).toBeUndefined()
  })

  it('adds a key missing from the front matter before its closing line, and keeps CRLF', () => {
    const text = '---\r\ntitle: T\r\n---\r\nBody\r\n'
    expect(applied(text, setFrontMatterKey(text, ['csl', 'citation-style'], 'vancouver'))).toBe('---\r\ntitle: T\r\ncsl: vancouver\r\n---\r\nBody\r\n')
    const styled = '---\ncitation-style: apa\n---\n'
    expect(applied(styled, setFrontMatterKey(styled, ['csl', 'citation-style'], 'ieee'))).toBe('---\ncitation-style: ieee\n---\n')
  })

  it('quotes a name that YAML would read otherwise', () => {
    const text = '---\n---\n'
    expect(applied(text, setFrontMatterKey(text, ['bibliography'], ['my refs: 2024.bib']))).toBe('---\nbibliography: "my refs: 2024.bib"\n---\n')
    expect(citationKeys(applied(text, setFrontMatterKey(text, ['bibliography'], ['#odd.bib'])))).toEqual({ bibliography: ['#odd.bib'], csl: undefined })
  })
})
