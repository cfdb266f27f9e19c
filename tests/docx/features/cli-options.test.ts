/**
 * The CLI flags of issue 4's document features, driven in-process: --reference-doc, --toc,
 * --toc-depth, --page-numbers[=page-of-pages], --title-page, --wide-tables, --lang.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { parseArgs, UsageError } from '../../../src/cli/args.js'
import { run } from '../../../src/cli/main.js'
import { checkProducedWithOracle, inspect, styleOf } from '../../support/docx.js'
import { elements } from '../../support/xml.js'

checkProducedWithOracle('cli options')

async function cli(argv: string[], cwd: string): Promise<{ status: number; stderr: string }> {
  let stderr = ''
  const status = await run(argv, {
    stdin: (async function* () {})(),
    stdout: { write: () => true },
    stderr: { write: (chunk: string) => (stderr += chunk) },
    cwd,
  })
  return { status, stderr }
}

describe('CLI options for document features', () => {
  it('parses them', () => {
    expect(parseArgs(['a.md', '--toc-depth', '2', '--page-numbers=page-of-pages', '--title-page', '--wide-tables', 'landscape', '--lang', 'he', '--reference-doc', 'ref.docx', '--no-header-title', '--no-title-block'])).toMatchObject({
      toc: { depth: 2 },
      pageNumbers: 'page-of-pages',
      titlePage: true,
      wideTables: 'landscape',
      lang: 'he',
      referenceDoc: 'ref.docx',
      headerTitle: false,
      titleBlock: false,
    })
    expect(parseArgs(['a.md', '--toc', '--page-numbers'])).toMatchObject({ toc: true, pageNumbers: true })
    for (const bad of [['--toc-depth', '0'], ['--toc-depth', 'x'], ['--wide-tables', 'tiny'], ['--lang', 'not a tag'], ['--page-numbers=roman']]) {
      expect(() => parseArgs(['a.md', ...bad]), bad.join(' ')).toThrow(UsageError)
    }
  })

  it('converts with a pandoc reference document, a TOC and page numbers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'markdocx-cli-features-'))
    writeFileSync(join(dir, 'ref.docx'), execFileSync('pandoc', ['--print-default-data-file', 'reference.docx']))
    writeFileSync(join(dir, 'in.md'), '---\ntitle: Report\nauthor: Ann\n---\n\n# One\n\n## Two\n\nText.\n')
    const { status, stderr } = await cli(['in.md', '-o', 'out.docx', '--reference-doc', 'ref.docx', '--toc-depth', '1', '--page-numbers=page-of-pages', '--title-page'], dir)
    expect(stderr).toBe('')
    expect(status).toBe(0)
    const out = inspect(new Uint8Array(readFileSync(join(dir, 'out.docx'))), [], 'cli')
    expect(elements(out.body, 'w:sdt')).toHaveLength(1)
    expect(elements(elements(out.body, 'w:sdt')[0]!, 'w:p').map(styleOf)).toEqual(['TOCHeading', 'TOC1'])
    expect(elements(out.body, 'w:sectPr')).toHaveLength(2)
    expect(out.pkg.paths.some((path) => /^word\/footer\d*\.xml$/.test(path))).toBe(true)
  })

  it('stops with status 2 when the reference document cannot be read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'markdocx-cli-features-'))
    writeFileSync(join(dir, 'in.md'), 'Text\n')
    const { status, stderr } = await cli(['in.md', '--reference-doc', 'missing.docx'], dir)
    expect(status).toBe(2)
    expect(stderr).toContain('cannot read the reference document missing.docx')
  })
})
