/**
 * Setup file of the `unit` project: every .docx a test packs — through any entry point that
 * reaches `packDocx` — is put through the project's structural checks and, where the shared
 * oracle is installed, its check-docx, once per test file, and must have 0 errors. So "every
 * .docx the suite produces passes check-docx" holds for tests written later too.
 *
 * One exemption: the opt-in `svg: 'vector'` output embeds an SVG part, which check-docx
 * reports as `mce-unknown-namespace` because it applies Office markup-compatibility rules to
 * the image's own XML (Word itself writes SVG parts the same way). Only that error, on `.svg`
 * parts, is set aside.
 */
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, vi } from 'vitest'
import { checkDocx, describeProblem, findOracle } from './oracle.js'
import { checkStructure } from './structure.js'

const packed = vi.hoisted(() => new Map<string, Uint8Array>())

vi.mock('../../src/docx/ooxml/pack.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/docx/ooxml/pack.js')>()
  return {
    ...actual,
    packDocx: async (...args: Parameters<typeof actual.packDocx>) => {
      const bytes = await actual.packDocx(...args)
      packed.set(createHash('sha1').update(bytes).digest('hex'), bytes.slice())
      return bytes
    },
  }
})

afterAll(async () => {
  if (packed.size === 0) return
  if (process.env.MARKDOCX_DEBUG_PACKED) process.stderr.write(`[every-package] checking ${packed.size} packages\n`)
  const structural = [...packed.values()].flatMap((bytes, index) => checkStructure(bytes).map((problem) => `package ${index}: ${problem}`))
  expect(structural, 'structural problems in packages this file packed').toEqual([])
  const oracle = findOracle()
  if (!oracle) return
  const dir = mkdtempSync(join(tmpdir(), 'markdocx-packed-'))
  try {
    const files = [...packed.values()].map((bytes, index) => {
      const path = join(dir, `${String(index).padStart(4, '0')}.docx`)
      writeFileSync(path, bytes)
      return path
    })
    const results = await checkDocx(oracle, files)
    const failures = results.flatMap((result) =>
      result.errors.filter((error) => !(error.rule === 'mce-unknown-namespace' && /\.svg$/i.test(error.part))).map((error) => `${result.file}: ${describeProblem(error)}`),
    )
    expect(failures, `check-docx errors in the ${files.length} packages this file packed`).toEqual([])
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}, 600_000)
