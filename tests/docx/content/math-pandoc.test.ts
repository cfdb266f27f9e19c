/**
 * The math fixture read back by pandoc (an independent OMML reader) gives the same LaTeX as
 * pandoc's own docx of the same Markdown would: fixtures/math/pandoc.md is that read-back.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { markdownToDocx } from '../../../src/convert.js'

const FIXTURE = join(import.meta.dirname, '..', '..', '..', 'fixtures', 'math')

describe('math read back by pandoc', () => {
  it('reads every equation of the math fixture back as its LaTeX', async () => {
    const markdown = readFileSync(join(FIXTURE, 'input.md'), 'utf8')
    const { data } = await markdownToDocx(markdown)
    const dir = mkdtempSync(join(tmpdir(), 'markdocx-math-'))
    try {
      const path = join(dir, 'math.docx')
      writeFileSync(path, data)
      const readBack = execFileSync('pandoc', [path, '-f', 'docx', '-t', 'markdown', '--wrap=none'], { encoding: 'utf8' })
      expect(readBack).toBe(readFileSync(join(FIXTURE, 'pandoc.md'), 'utf8'))
      expect(readBack).toContain('$$\\sum_{i = 1}^{n}i^{2} + 1$$')
      expect(readBack).toContain('$$\\int_{0}^{1}x^{2}\\, dx$$')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
