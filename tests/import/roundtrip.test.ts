/**
 * Export → import gives the same Markdown, for every fixture: its input.md converted as the
 * fixture test converts it (images from its folder, sharp converting what Word cannot show;
 * diagrams not drawn, so ```mermaid stays code), then read back with docxToMarkdown, both sides
 * normalised as normalise.ts says (parsed by markdocx's parser, printed by the importer's
 * printer) and compared line by line.
 *
 * Where a fixture cannot come back as written, tests/import/roundtrip-known.json records the
 * exact line diff and why each part of it differs; the test fails when the diff changes either
 * way (a regression, or an improvement to record). `UPDATE_ROUNDTRIP=1` rewrites the diffs
 * (keeping the reasons, which must then be checked by hand).
 *
 * Also, for every fixture: a second round trip (the imported Markdown exported and imported
 * again, its pictures from the first import) gives the same Markdown — the import is a fixed
 * point — and every picture the Markdown links is among the images returned. The .docx of
 * that second export passes the structural checks and the oracle.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createNodeImageLoader } from '../../src/cli/node-image-loader.js'
import { createSharpImageConverter } from '../../src/cli/sharp-image-converter.js'
import { markdownToDocx, type ConvertOptions } from '../../src/convert.js'
import type { ImageLoader } from '../../src/docx/media/images.js'
import { docxToMarkdown } from '../../src/import/docx-to-markdown.js'
import { checkProducedWithOracle, inspect } from '../support/docx.js'
import { lineDiff } from './line-diff.js'
import { normalise } from './normalise.js'

// The .docx made from imported Markdown is new input to the compiler: checked like any other.
checkProducedWithOracle('import-roundtrip')

const FIXTURES = resolve(import.meta.dirname, '..', '..', 'fixtures')
const KNOWN_PATH = join(import.meta.dirname, 'roundtrip-known.json')
const UPDATE = process.env.UPDATE_ROUNDTRIP === '1'

interface Known {
  /** Why the fixture does not come back as written, one reason per kind of difference. */
  why: string[]
  /** The line diff between the normalised original and the normalised import, line by line. */
  diff: string[]
}

const known = JSON.parse(readFileSync(KNOWN_PATH, 'utf8')) as Record<string, Known>
const cases = readdirSync(FIXTURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(FIXTURES, entry.name, 'input.md')))
  .map((entry) => entry.name)
  .sort()
const recorded: Record<string, Known> = {}

async function exportFixture(name: string, markdown: string, loadImage: ImageLoader): Promise<Uint8Array> {
  const configPath = join(FIXTURES, name, 'fixture.json')
  const config = existsSync(configPath) ? (JSON.parse(readFileSync(configPath, 'utf8')) as { options?: ConvertOptions }) : {}
  const { data } = await markdownToDocx(markdown, { ...config.options, path: 'input.md', loadImage, convertImage: createSharpImageConverter() })
  return data
}

describe('import: export → import round trip', () => {
  for (const name of cases) {
    it(name, async () => {
      const dir = join(FIXTURES, name)
      const input = readFileSync(join(dir, 'input.md'), 'utf8')
      const docx = await exportFixture(name, input, createNodeImageLoader({ baseDir: dir, remote: false }))
      const imported = await docxToMarkdown(docx)
      expect(imported.messages.filter((message) => message.severity === 'error')).toEqual([])
      // No marker of the pre-pass is left in the Markdown.
      expect(imported.markdown).not.toMatch(/[\uFDD0\uFDD1]/)

      const diff = lineDiff(normalise(input), normalise(imported.markdown))
      if (diff === '') expect(known[name], `${name} now round-trips: remove it from roundtrip-known.json`).toBeUndefined()
      else {
        recorded[name] = { why: known[name]?.why ?? ['(to explain)'], diff: diff.split('\n') }
        if (!UPDATE) {
          expect(known[name], `${name} does not round-trip:\n${diff}`).toBeDefined()
          expect(diff.split('\n')).toEqual(known[name]!.diff)
        }
      }

      // Every picture the Markdown links came with the result.
      const paths = new Set(imported.images.map((image) => image.path))
      for (const match of imported.markdown.matchAll(/\]\((images\/image\d+\.\w+)/g)) expect(paths.has(match[1]!), match[1]).toBe(true)

      // A second round trip changes nothing.
      const files = new Map(imported.images.map((image) => [image.path, image]))
      const fromImport: ImageLoader = async (url) => files.get(url)?.bytes
      const second = await exportFixture(name, imported.markdown, fromImport)
      inspect(second, [], `${name} again`)
      const again = await docxToMarkdown(second)
      expect(again.markdown).toBe(imported.markdown)
    }, 60_000)
  }

  it.runIf(UPDATE)('records the diffs', () => {
    writeFileSync(KNOWN_PATH, `${JSON.stringify(recorded, null, 2)}\n`)
  })
})
