/**
 * Definition list nodes are given their HTML tag names (dl/dt/dd) wherever they stand: at the
 * top, in quotes and inside other definitions (the transform walks only containers of flow
 * content).
 */
import type { Nodes } from 'mdast'
import { describe, expect, it } from 'vitest'
import { parseMarkdown } from '../../src/markdown/parse.js'

const TAGS: Readonly<Record<string, string>> = { defList: 'dl', defListTerm: 'dt', defListDescription: 'dd' }

function definitionNodes(node: Nodes, out: Nodes[] = []): Nodes[] {
  if (node.type in TAGS) out.push(node)
  if ('children' in node) for (const child of node.children) definitionNodes(child as Nodes, out)
  return out
}

describe('definition lists', () => {
  it('carry dl/dt/dd at every depth', () => {
    const text = 'Term\n:   First para\n\n    Inner\n    : nested in a description\n\n> Term\n> : quoted\n\n> > Deep\n> > : deeper\n'
    const nodes = definitionNodes(parseMarkdown(text).tree)
    expect(nodes.filter((node) => node.type === 'defList').length).toBe(4)
    for (const node of nodes) expect((node.data as { hName?: string } | undefined)?.hName, `${node.type} at line ${node.position?.start.line}`).toBe(TAGS[node.type])
  })
})
