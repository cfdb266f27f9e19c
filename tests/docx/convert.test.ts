import { describe, expect, it } from 'vitest'
import { markdownToDocx } from '../../src/convert.js'
import { checkProducedWithOracle, fromMarkdown, textOf } from '../support/docx.js'

checkProducedWithOracle('markdownToDocx')

describe('markdownToDocx', () => {
  it('returns the bytes, the messages with positions, and the metadata', async () => {
    const result = await markdownToDocx('---\ntitle: T\nauthor: [A, B]\n---\n\nSee [x](#nowhere).\n')
    expect(result.data).toBeInstanceOf(Uint8Array)
    expect(result.messages).toEqual([expect.objectContaining({ ruleId: 'link-anchor-missing', line: 6, column: 5, severity: 'warning' })])
    expect(result.metadata).toMatchObject({ title: 'T', authors: ['A', 'B'] })
  })

  it('uses the caller’s image loader for paths and gets data: URLs itself', async () => {
    const seen: string[] = []
    const { messages } = await fromMarkdown('![a](a.png) ![b](data:image/gif;base64,R0lGODlhAQABAAAAACw=)', {
      loadImage: async (url) => {
        seen.push(url)
        return undefined
      },
    })
    expect(seen).toEqual(['a.png'])
    // The data: URL is a truncated GIF (header only), so it is refused rather than embedded.
    expect(messages.map((m) => m.ruleId)).toEqual(['image-missing', 'image-missing'])
  })

  it('never throws on hostile input: deep nesting, huge tables, control characters, broken syntax', async () => {
    const inputs = [
      '>'.repeat(2000) + ' deep',
      '- '.repeat(500) + 'deep list',
      '*'.repeat(5000),
      '[](' + '('.repeat(1000),
      '| a |\n|---|\n' + '| x |\n'.repeat(2000),
      '\u0000\u0001\u0002 text \uFFFF \uD800',
      '[^a]: [^a]\n\n[^a]',
      '<div>'.repeat(500),
      '```\n' + 'x\t'.repeat(1000),
      '# '.repeat(100) + 'heading',
    ]
    for (const input of inputs) {
      const produced = await fromMarkdown(input, {}, `hostile ${input.slice(0, 12)}`)
      expect(produced.blocks.length).toBeGreaterThan(0)
    }
  })

  it('keeps the text of every paragraph', async () => {
    const { document } = await fromMarkdown('alpha *beta* **gamma** `delta` ~~epsilon~~ [zeta](https://z.example)')
    expect(textOf(document)).toBe('alpha beta gamma delta epsilon zeta')
  })
})
