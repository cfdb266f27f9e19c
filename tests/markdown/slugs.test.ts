import { describe, expect, it } from 'vitest'
import { parseMarkdown } from '../../src/markdown/parse.js'
import { headingSlugs } from '../../src/mdast/slugs.js'

const slugs = (markdown: string) => [...headingSlugs(parseMarkdown(markdown).tree).values()]

describe('heading slugs (GitHub’s)', () => {
  it('lower-cases, drops punctuation, turns spaces into hyphens', () => {
    expect(slugs('# Hello, World!\n## What’s new in v2.0?\n### `code` and *emphasis*')).toEqual(['hello-world', 'whats-new-in-v20', 'code-and-emphasis'])
  })

  it('numbers repeated headings -1, -2 in document order', () => {
    expect(slugs('# A\n## A\n### A\n# a')).toEqual(['a', 'a-1', 'a-2', 'a-3'])
  })

  it('keeps letters of every script and emoji-free text', () => {
    expect(slugs('# Café crème\n# Привет мир\n# 東京 🎉')).toEqual(['café-crème', 'привет-мир', '東京-'])
  })

  it('gives an empty heading an empty slug (then -1…)', () => {
    expect(slugs('#\n#')).toEqual(['', '-1'])
  })
})
