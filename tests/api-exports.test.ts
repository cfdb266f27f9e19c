import { describe, expect, it } from 'vitest'
import * as api from '../src/index.js'

describe('public API', () => {
  it('exports exactly the documented names', () => {
    expect(Object.keys(api).sort()).toEqual(
      [
        'DOCX_MIME',
        'PAGE_SIZES',
        'checkImage',
        'compile',
        'convertOutput',
        'createMarkdownProcessor',
        'createState',
        'decodeDataUrl',
        'default',
        'defaultHandlers',
        'diagramBlocks',
        'diagramKey',
        'diagramKind',
        'docxToMarkdown',
        'formatMessage',
        'headingSlugs',
        'highlightCss',
        'highlightTokens',
        'imageUrls',
        'latexToMathml',
        'markdownToDocx',
        'messagesOf',
        'packDocx',
        'parseLength',
        'parseMarkdown',
        'readFrontMatter',
        'readImageInfo',
        'readPart',
        'remarkDocx',
        'resolveDiagrams',
        'resolveImages',
        'safeUrl',
        'toDocx',
        'treeToDocx',
        'UnreachableHostError',
      ].sort(),
    )
  })

  it('has the unified plugin as its default export', () => {
    expect(api.default).toBe(api.remarkDocx)
  })
})
