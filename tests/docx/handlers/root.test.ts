import { Paragraph, TextRun } from 'docx'
import { u } from 'unist-builder'
import type { Root } from 'mdast'
import { describe, expect, it } from 'vitest'
import type { Handler } from '../../../src/docx/handlers/types.js'
import { at, checkProducedWithOracle, fromTree, styleOf, textOf } from '../../support/docx.js'
import { elements } from '../../support/xml.js'

checkProducedWithOracle('root handler')

describe('root handler', () => {
  it('compiles the children as blocks in order', async () => {
    const tree = u('root', [u('heading', { depth: 1 }, [u('text', 'T')]), u('paragraph', [u('text', 'p')])]) as Root
    const { blocks } = await fromTree(tree)
    expect(blocks.map(textOf)).toEqual(['T', 'p'])
  })

  it('writes one empty paragraph for an empty document (Word needs one)', async () => {
    const { blocks } = await fromTree(u('root', []) as Root)
    expect(blocks).toHaveLength(1)
    expect(blocks[0]!.nodeName).toBe('w:p')
  })

  it('wraps stray inline content at the top level in a paragraph', async () => {
    const tree = { type: 'root', children: [{ type: 'text', value: 'loose text' }] } as unknown as Root
    const { blocks } = await fromTree(tree)
    expect(blocks.map(textOf)).toEqual(['loose text'])
  })

  it('keeps the content of an unknown node type, with a message', async () => {
    const tree = { type: 'root', children: [{ type: 'customBlock', ...at(4, 1), children: [{ type: 'paragraph', children: [{ type: 'text', value: 'inside' }] }] }] } as unknown as Root
    const { blocks, messages } = await fromTree(tree)
    expect(blocks.map(textOf)).toEqual(['inside'])
    expect(messages.map((m) => [m.ruleId, m.line])).toEqual([['unknown-node', 4]])
  })

  it('lets a handler given in the options take over a node type everywhere (also inside links and cells)', async () => {
    const shout: Handler = (state, node, context) => state.text(String((node as unknown as { value: string }).value).toUpperCase(), context)
    const tree = u('root', [
      u('paragraph', [u('text', 'plain '), u('link', { url: 'https://example.com' }, [u('text', 'link')])]),
      u('table', { align: [null] }, [u('tableRow', [u('tableCell', [u('text', 'cell')])])]),
    ]) as Root
    const { document } = await fromTree(tree, { handlers: { text: shout } })
    expect(textOf(document)).toBe('PLAIN LINKCELL')
  })

  it('accepts handlers for new node types that return docx objects', async () => {
    const banner: Handler = () => [new Paragraph({ style: 'BodyText', children: [new TextRun('banner')] })]
    const tree = { type: 'root', children: [{ type: 'banner' }] } as unknown as Root
    const { blocks, messages } = await fromTree(tree, { handlers: { banner } })
    expect(blocks.map(styleOf)).toEqual(['BodyText'])
    expect(elements(blocks[0]!, 'w:t')[0]!.textContent).toBe('banner')
    expect(messages).toEqual([])
  })
})
