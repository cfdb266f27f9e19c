/**
 * compile in steps (the export worker pauses between them while the user types): the same
 * document as compile(), a step per top-level block; and treeToDocx's `pause` hook, which is
 * called between those steps and before packing, can hold the conversion and can stop it.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Root } from 'mdast'
import { VFile } from 'vfile'
import { describe, expect, it } from 'vitest'
import { treeToDocx } from '../../src/convert.js'
import { paragraph as paragraphHandler } from '../../src/docx/handlers/paragraph.js'
import { packDocx } from '../../src/docx/ooxml/pack.js'
import { compile, compileSteps } from '../../src/docx/to-docx.js'
import { parseMarkdown } from '../../src/markdown/parse.js'

const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures')

/** Runs the steps, counting them. */
function drive<T>(steps: Generator<void, T, undefined>): { value: T; pauses: number } {
  let pauses = 0
  for (;;) {
    const step = steps.next()
    if (step.done) return { value: step.value, pauses }
    pauses++
  }
}

describe('compileSteps', () => {
  it('gives every fixture the document compile() gives, byte for byte, pausing once per top-level block', async () => {
    const names = readdirSync(FIXTURES).filter((name) => !name.startsWith('.'))
    expect(names.length).toBeGreaterThan(10)
    for (const name of names) {
      const text = readFileSync(join(FIXTURES, name, 'input.md'), 'utf8')
      const whole = await packDocx(compile(parseMarkdown(text).tree, { file: new VFile({ value: text }) }).document)
      const { tree } = parseMarkdown(text)
      const { value, pauses } = drive(compileSteps(tree, { file: new VFile({ value: text }) }))
      // After the whole-tree passes (two), and after each of the root's children (raw HTML split
      // over several nodes counts once, joined first).
      expect(pauses, name).toBeGreaterThan(2)
      expect(pauses, name).toBeLessThanOrEqual(2 + tree.children.length)
      expect(await packDocx(value.document), name).toEqual(whole)
    }
  })

  it('compiles the body in one step under a custom root handler', () => {
    const tree: Root = { type: 'root', children: [{ type: 'paragraph', children: [{ type: 'text', value: 'a' }] }, { type: 'paragraph', children: [{ type: 'text', value: 'b' }] }] }
    const seen: string[] = []
    const { pauses } = drive(
      compileSteps(tree, {
        handlers: {
          root: (state, node, context) => {
            seen.push('root')
            return state.blocks(node, context)
          },
          paragraph: (state, node, context, parent) => {
            seen.push('paragraph')
            return paragraphHandler(state, node, context, parent)
          },
        },
      }),
    )
    expect(seen).toEqual(['root', 'paragraph', 'paragraph'])
    expect(pauses).toBe(2)
  })
})

describe('treeToDocx with a pause hook', () => {
  const text = Array.from({ length: 40 }, (_, i) => `Paragraph ${i} with *some* text.`).join('\n\n')

  it('is asked between blocks and before packing, may hold the work, and changes nothing in the output', async () => {
    const asked: string[] = []
    const plain = await treeToDocx(parseMarkdown(text).tree, new VFile({ value: text }))
    const paused = await treeToDocx(parseMarkdown(text).tree, new VFile({ value: text }), {
      pause: (next) => {
        asked.push(next)
        // Every other time, really wait (a turn of the event loop).
        return asked.length % 2 === 0 ? new Promise((resolve) => setTimeout(resolve, 1)) : undefined
      },
    })
    expect(asked.filter((next) => next === 'compile')).toHaveLength(2 + 40)
    expect(asked.at(-1)).toBe('pack')
    expect(asked.filter((next) => next === 'pack')).toHaveLength(1)
    expect(paused.data).toEqual(plain.data)
  })

  it('stops with the reason of a pause that fails', async () => {
    let calls = 0
    const stopped = treeToDocx(parseMarkdown(text).tree, new VFile({ value: text }), {
      pause: () => (++calls === 5 ? Promise.reject(new Error('superseded')) : undefined),
    })
    await expect(stopped).rejects.toThrow('superseded')
    expect(calls).toBe(5)
  })
})
