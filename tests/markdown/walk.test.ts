import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Node } from 'unist'
import { visit } from 'unist-util-visit'
import { describe, expect, it } from 'vitest'
import { parseMarkdown } from '../../src/markdown/parse.js'
import { walk } from '../../src/mdast/walk.js'

const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures')

describe('walk', () => {
  it('meets every node in the order unist-util-visit does, on every fixture', () => {
    for (const name of readdirSync(FIXTURES)) {
      const { tree } = parseMarkdown(readFileSync(join(FIXTURES, name, 'input.md'), 'utf8'))
      const visited: Node[] = []
      visit(tree, (node) => {
        visited.push(node)
      })
      const walked: Node[] = []
      walk(tree, (node) => {
        walked.push(node)
      })
      expect(walked.length, name).toBe(visited.length)
      expect(walked.every((node, index) => node === visited[index]), name).toBe(true)
    }
  })

  it('goes 100 000 levels deep without overflowing the stack', () => {
    let deepest: Node = { type: 'text' }
    for (let depth = 0; depth < 100_000; depth++) deepest = { type: 'emphasis', children: [deepest] } as Node
    let count = 0
    walk(deepest, () => {
      count++
    })
    expect(count).toBe(100_001)
  })

  it('leaves out the children of a node its visitor answers false for', () => {
    const { tree } = parseMarkdown('Text[^a] and *more*.\n\n[^a]: A *note*.\n')
    const types: string[] = []
    walk(tree, (node) => {
      types.push(node.type)
      return node.type !== 'footnoteDefinition'
    })
    expect(types).toContain('footnoteDefinition')
    expect(types.filter((type) => type === 'emphasis')).toHaveLength(1)
    expect(types.filter((type) => type === 'text')).toHaveLength(4)
  })
})
