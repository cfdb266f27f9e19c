import type { Document } from 'docx'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import { describe, expect, it } from 'vitest'
import { packDocx } from '../../src/docx/ooxml/pack.js'
import remarkDocx from '../../src/docx/plugin.js'
import { createMarkdownProcessor } from '../../src/markdown/processor.js'
import { inspect, textOf } from '../support/docx.js'
import { dataUrl, png } from '../support/images.js'
import { elements } from '../support/xml.js'

describe('unified plugin', () => {
  it('compiles a remark tree into a docx Document (file.result), images loaded first', async () => {
    const processor = unified().use(remarkParse).use(remarkGfm).use(remarkDocx, { pageSize: 'Letter' })
    const file = await processor.process(`# Plugin\n\n![img](${dataUrl(png(10, 10), 'image/png')})\n\n| a |\n|---|\n| 1 |\n`)
    const document = file.result as Document
    const produced = inspect(await packDocx(document), [], 'plugin')
    expect(textOf(produced.document)).toContain('Plugin')
    expect(elements(produced.document, 'w:drawing')).toHaveLength(1)
    expect(elements(produced.document, 'w:tbl')).toHaveLength(1)
  })

  it('records messages on the vfile, with positions', async () => {
    const processor = createMarkdownProcessor().use(remarkDocx, { loadImage: async () => undefined })
    const file = await processor.process('text\n\n![gone](gone.png)\n')
    expect(file.messages.map((m) => [m.ruleId, m.line])).toEqual([['image-missing', 3]])
  })
})
