/**
 * The oracle integration itself: it is found where CI puts it, a missing oracle fails when
 * it is required, and check-docx / roundtrip results are read correctly — a broken package
 * must come back with errors, or every "0 errors" elsewhere would prove nothing.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { markdownToDocx } from '../src/convert.js'
import { editDocx } from './support/docx-package.js'
import { checkDocx, findOracle, roundtrip } from './support/oracle.js'

const saved = { ...process.env }
afterEach(() => {
  for (const key of ['MARKDOCX_ORACLE', 'MARKDOCX_REQUIRE_ORACLE']) {
    if (saved[key] === undefined) delete process.env[key]
    else process.env[key] = saved[key]
  }
})

const oracle = findOracle()

describe('oracle location', () => {
  it('fails with a clear message when the oracle is required but not there', () => {
    process.env.MARKDOCX_ORACLE = '/nonexistent/oracle'
    process.env.MARKDOCX_REQUIRE_ORACLE = '1'
    // ../shared/oracle may exist without node_modules; only a usable copy counts.
    const found = (() => {
      try {
        return findOracle()
      } catch (error) {
        return error as Error
      }
    })()
    if (found instanceof Error) expect(found.message).toMatch(/MARKDOCX_REQUIRE_ORACLE=1 but no docx oracle found .*MARKDOCX_ORACLE/)
    else expect(found?.dir).not.toBe('/nonexistent/oracle')
  })

  it.skipIf(!oracle)('honours MARKDOCX_ORACLE', () => {
    process.env.MARKDOCX_ORACLE = oracle!.dir
    expect(findOracle()?.dir).toBe(oracle!.dir)
  })
})

describe.skipIf(!oracle)('oracle results', () => {
  it('reads 0 errors for a sound package and the named errors for a broken one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'markdocx-oracle-'))
    const good = (await markdownToDocx('| a | b |\n|---|---|\n| 1 | 2 |\n')).data
    const broken = editDocx(good, { 'word/document.xml': (xml) => xml.replace(/(<w:tc>(?:(?!<\/w:tc>).)*?<\/w:tcPr>)(?:(?!<\/w:tc>).)*?<\/w:tc>/s, '$1</w:tc>') })
    writeFileSync(join(dir, 'good.docx'), good)
    writeFileSync(join(dir, 'broken.docx'), broken)
    const [goodResult, brokenResult] = await checkDocx(oracle!, [join(dir, 'good.docx'), join(dir, 'broken.docx')])
    expect(goodResult!.errors).toEqual([])
    expect(brokenResult!.errors.map((e) => e.rule)).toContain('tc-empty')
  })

  it('reads the roundtrip table (pandoc, mammoth and baseline columns)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'markdocx-oracle-'))
    const markdown = '# One\n\n- a\n- b\n\n[link](https://example.com)\n'
    writeFileSync(join(dir, 'in.md'), markdown)
    writeFileSync(join(dir, 'out.docx'), (await markdownToDocx(markdown)).data)
    const report = await roundtrip(oracle!, join(dir, 'in.md'), join(dir, 'out.docx'), { baseline: true })
    const row = (key: string) => report.rows.find((r) => r.key === key)!
    expect([row('h1').md, row('h1').pandoc, row('h1').baseline]).toEqual([1, 1, 1])
    expect(row('ulItems').pandoc).toBe(2)
    expect(row('links').pandoc).toBe(1)
    expect(report.score.pandoc.score).toBeGreaterThanOrEqual(95)
  })
})
